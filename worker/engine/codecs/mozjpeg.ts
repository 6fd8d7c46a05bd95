import factory from "@jsquash/jpeg/codec/enc/mozjpeg_enc.js";
import wasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import { emscripten } from "./instance";

/** mozjpeg's options as the squoosh binding takes them. */
const DEFAULTS = {
  quality: 75,
  baseline: true,
  arithmetic: false,
  progressive: false,
  optimize_coding: true,
  smoothing: 0,
  color_space: 3,
  quant_table: 3,
  trellis_multipass: false,
  trellis_opt_zero: false,
  trellis_opt_table: false,
  // 0 traps in this build; 1 is its default.
  trellis_loops: 1,
  auto_subsample: false,
  chroma_subsample: 2,
  separate_chroma_quality: false,
  chroma_quality: 75,
};

export const MOZJPEG_GRAY = 1;
export const MOZJPEG_YCBCR = 3;

export interface MozjpegBandOptions {
  quality: number;
  colorSpace: typeof MOZJPEG_GRAY | typeof MOZJPEG_YCBCR;
  /** 2 for 4:2:0 chroma, 1 for 4:4:4. */
  chromaSubsample: 1 | 2;
}

/**
 * A mozjpeg encoder for bands of an image: baseline, fixed Huffman tables (the caller refits
 * them over the whole image), trellis quantization on.
 */
export async function mozjpegEncoder() {
  const inst = await emscripten(
    factory as never as (o: Record<string, unknown>) => Promise<{
      encode(data: Uint8Array, w: number, h: number, o: typeof DEFAULTS): Uint8Array;
    }>,
    wasm,
  );
  return {
    memoryBytes: inst.memoryBytes,
    encode(rgba: Uint8Array, width: number, height: number, o: MozjpegBandOptions): Uint8Array {
      return inst.module.encode(rgba, width, height, {
        ...DEFAULTS,
        quality: o.quality,
        chroma_quality: o.quality,
        color_space: o.colorSpace,
        chroma_subsample: o.chromaSubsample,
      });
    },
  };
}
