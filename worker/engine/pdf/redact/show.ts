import { asStr, type Op, type Operand } from "./lexer";
import type { Glyph } from "./machine";
import { formatNumber, writeOperand } from "./writer";

/** The show operator as a TJ without the hit glyphs, each replaced by its advance. */
export function showWithout(op: Op, glyphs: Glyph[], hits: boolean[]): string {
  let prefix = "";
  if (op.op === "'") prefix = "T*\n";
  else if (op.op === '"') prefix = `${formatNumber(asNum(op.args[0]))} Tw ${formatNumber(asNum(op.args[1]))} Tc T*\n`;
  const parts: Operand[] =
    op.op === "TJ" ? (Array.isArray(op.args[0]) ? op.args[0] : []) : [op.args[op.args.length - 1]];
  const items: Operand[] = [];
  const pushKern = (k: number) => {
    const lastIndex = items.length - 1;
    if (typeof items[lastIndex] === "number") items[lastIndex] = (items[lastIndex] as number) + k;
    else items.push(k);
  };
  let g = 0;
  parts.forEach((part, index) => {
    if (typeof part === "number") {
      pushKern(part);
      return;
    }
    const str = asStr(part);
    if (!str) return;
    let kept: number[] = [];
    const flush = () => {
      if (kept.length) items.push({ kind: "str", bytes: Uint8Array.from(kept), hex: true });
      kept = [];
    };
    for (; g < glyphs.length && glyphs[g].part === index; g++) {
      const glyph = glyphs[g];
      if (hits[g]) {
        flush();
        pushKern(glyph.kern);
      } else for (let i = glyph.from; i < glyph.to; i++) kept.push(str.bytes[i]);
    }
    flush();
  });
  return `${prefix}${writeOperand(items)} TJ\n`;
}

function asNum(o: Operand | undefined): number {
  return typeof o === "number" ? o : 0;
}
