import * as wasmModule from "@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm";
import { type BindgenExports, bindgenInstance } from "./instance";

// The package types this file as its exports; the bundler (wrangler, esbuild) hands over the compiled module.
const wasm = (wasmModule as unknown as { default: WebAssembly.Module }).default;

interface OxipngExports extends BindgenExports {
  optimise(retptr: number, ptr: number, len: number, level: number, interlace: number, alpha: number): void;
  optimise_raw(
    retptr: number,
    ptr: number,
    len: number,
    width: number,
    height: number,
    level: number,
    interlace: number,
    alpha: number,
  ): void;
}

/** Lossless PNG optimisation (oxipng, single-threaded build), on a fresh instance. */
export function oxipng() {
  const inst = bindgenInstance<OxipngExports>(wasm);
  return {
    memoryBytes: inst.memoryBytes,
    /** Re-compresses a PNG file; `level` 0-6 (oxipng presets). */
    optimise(png: Uint8Array, level: number): Uint8Array {
      const [ptr, len] = inst.pass(png);
      return inst.returningBytes((ret) => inst.exports.optimise(ret, ptr, len, level, 0, 1));
    },
    /** Encodes RGBA pixels as the smallest PNG oxipng finds (colour type and depth reduced). */
    optimiseRaw(rgba: Uint8Array, width: number, height: number, level: number): Uint8Array {
      const [ptr, len] = inst.pass(rgba);
      return inst.returningBytes((ret) => inst.exports.optimise_raw(ret, ptr, len, width, height, level, 0, 1));
    },
  };
}
