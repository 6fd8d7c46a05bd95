/** Small test inputs with features the corpus lacks: the engine tests' own (test/engine/tools/inputs.ts). */
export { type BuiltPage, buildPdf } from "../../engine/tools/inputs";
