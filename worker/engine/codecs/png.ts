import * as wasmModule from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm";
import { type BindgenExports, bindgenInstance } from "./instance";

// The package types this file as its exports; the bundler (wrangler, esbuild) hands over the compiled module.
const wasm = (wasmModule as unknown as { default: WebAssembly.Module }).default;

interface PngExports extends BindgenExports {
  decode(ptr: number, len: number): number;
}

export interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

/** PNG to 8-bit RGBA (the squoosh `png` crate build), on a fresh instance. */
export function pngDecoder() {
  // wasm-bindgen hands JS objects to Rust as indices into this table.
  const heap: unknown[] = [];
  let inst: ReturnType<typeof bindgenInstance<PngExports>> | undefined;
  const keep = (o: unknown) => heap.push(o) - 1 + 1024;
  inst = bindgenInstance<PngExports>(wasm, {
    __wbindgen_memory: () => keep(inst!.exports.memory),
    __wbindgen_object_drop_ref: () => {},
    __wbg_buffer_a448f833075b71ba: (i: number) => keep((heap[i - 1024] as WebAssembly.Memory).buffer),
    __wbg_newwithbyteoffsetandlength_099217381c451830: (i: number, off: number, len: number) =>
      keep(new Uint16Array(heap[i - 1024] as ArrayBuffer, off >>> 0, len >>> 0)),
    __wbg_newwithownedu8clampedarrayandsh_91db5987993a08fb: (ptr: number, len: number, w: number, h: number) => {
      const e = inst!.exports;
      const data = new Uint8Array(e.memory.buffer, ptr >>> 0, len >>> 0).slice();
      e.__wbindgen_free(ptr, len, 1);
      return keep({ data, width: w >>> 0, height: h >>> 0 });
    },
  });
  const i = inst;
  return {
    memoryBytes: i.memoryBytes,
    decode(png: Uint8Array): Rgba {
      const [ptr, len] = i.pass(png);
      return heap[i.exports.decode(ptr, len) - 1024] as Rgba;
    },
  };
}
