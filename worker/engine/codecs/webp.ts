import decFactory from "@jsquash/webp/codec/dec/webp_dec.js";
import decWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import encFactory from "@jsquash/webp/codec/enc/webp_enc_simd.js";
import encWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm";
import { emscripten } from "./instance";

const ENCODE_DEFAULTS = {
  quality: 75,
  target_size: 0,
  target_PSNR: 0,
  method: 4,
  sns_strength: 50,
  filter_strength: 60,
  filter_sharpness: 0,
  filter_type: 1,
  partitions: 0,
  segments: 4,
  pass: 1,
  show_compressed: 0,
  preprocessing: 0,
  autofilter: 0,
  partition_limit: 0,
  alpha_compression: 1,
  alpha_filtering: 1,
  alpha_quality: 100,
  lossless: 0,
  exact: 0,
  image_hint: 0,
  emulate_jpeg_size: 0,
  thread_level: 0,
  low_memory: 1,
  near_lossless: 100,
  use_delta_palette: 0,
  use_sharp_yuv: 0,
};

export interface WebpOptions {
  quality: number;
  lossless?: boolean;
  /** 0 (fast) to 6 (smallest); 4 by default: 6 takes seconds on small images with alpha. */
  method?: number;
}

export interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

type EncodeModule = { encode(d: Uint8Array, w: number, h: number, o: typeof ENCODE_DEFAULTS): Uint8Array | null };
type DecodeModule = { decode(d: Uint8Array): { data: Uint8ClampedArray; width: number; height: number } | null };

/** libwebp encoder (SIMD build), fresh instance. */
export async function webpEncoder() {
  const inst = await emscripten(encFactory as never as (o: Record<string, unknown>) => Promise<EncodeModule>, encWasm);
  return {
    memoryBytes: inst.memoryBytes,
    encode(rgba: Uint8Array, width: number, height: number, o: WebpOptions): Uint8Array {
      const out = inst.module.encode(rgba, width, height, {
        ...ENCODE_DEFAULTS,
        quality: o.quality,
        lossless: o.lossless ? 1 : 0,
        method: o.method ?? 4,
        // Keep the colour of fully transparent pixels only when lossless output was asked for.
        exact: 0,
      });
      if (!out) throw new Error("WebP encoding failed");
      return out;
    },
  };
}

/** libwebp decoder (first frame of animations), fresh instance. */
export async function webpDecoder() {
  const inst = await emscripten(decFactory as never as (o: Record<string, unknown>) => Promise<DecodeModule>, decWasm);
  return {
    memoryBytes: inst.memoryBytes,
    decode(webp: Uint8Array): Rgba | null {
      const img = inst.module.decode(webp);
      if (!img) return null;
      return {
        data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength),
        width: img.width,
        height: img.height,
      };
    },
  };
}
