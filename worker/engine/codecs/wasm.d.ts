// wrangler (and the bench's esbuild step) turn each imported .wasm file into a compiled module.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
