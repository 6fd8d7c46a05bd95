import { describe, expect, it } from "vitest";
import { mozjpegEncoder } from "../../../worker/engine/codecs/mozjpeg";
import {
  type LossyCodec,
  MIN_LONG_SIDE,
  scaleLadder,
  searchTarget,
  TileSample,
} from "../../../worker/engine/image/compress/target";
import { JpegReader } from "../../../worker/engine/image/jpeg/decode";
import { encodeJpeg } from "../../../worker/engine/image/jpeg/encode";
import { JpegPixels } from "../../../worker/engine/image/jpeg/pixels";
import { memorySource, type PixelSource, readAll } from "../../../worker/engine/image/pixels";
import { djpeg } from "../support/oracles";

/** The size search (image/compress/target.ts) on its own, with mozjpeg, judged by libjpeg. */

/** A photo-like picture: smooth light, edges, fine texture and sensor grain; deterministic. */
function photo(w: number, h: number): PixelSource {
  const data = new Uint8Array(w * h * 3);
  let seed = 99;
  const rand = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const light = 120 + 80 * Math.sin(x / 170) * Math.cos(y / 130);
      const edge = (x + 2 * y) % 400 < 200 ? 30 : -30;
      const texture = 25 * Math.sin(x / 3.1) * Math.sin(y / 2.7);
      const grain = (rand() - 0.5) * 12;
      const i = (y * w + x) * 3;
      data[i] = Math.max(0, Math.min(255, light + edge + texture + grain));
      data[i + 1] = Math.max(0, Math.min(255, light * 0.9 + texture + grain));
      data[i + 2] = Math.max(0, Math.min(255, light * 0.7 - edge + grain));
    }
  }
  return memorySource(data, w, h, "rgb");
}

async function jpegCodec(): Promise<LossyCodec & { encodes: number }> {
  const encoder = await mozjpegEncoder();
  const codec = {
    encodes: 0,
    range: { lo: 30, good: 55, hi: 92 },
    probe: (src: PixelSource, q: number) => encodeJpeg(src, { quality: q, encoder }),
    fixedBytes: () => 0,
    decode: (enc: Uint8Array) => {
      const px = new JpegPixels(new JpegReader(enc));
      return { data: readAll(px), layout: px.layout };
    },
    encode: (src: PixelSource, q: number) => {
      codec.encodes++;
      return encodeJpeg(src, { quality: q, encoder });
    },
  };
  return codec;
}

describe("the scale ladder", () => {
  it("steps down by 80% to a long side of 320 pixels, and not at all for small images", () => {
    const ladder = scaleLadder(4000, 3000);
    expect(ladder[0]).toBe(1);
    for (let i = 1; i < ladder.length - 1; i++) expect(ladder[i] / ladder[i - 1]).toBeCloseTo(0.8, 6);
    expect(ladder.at(-1)! * 4000).toBeCloseTo(MIN_LONG_SIDE, 6);
    expect(ladder.at(-2)! * 4000).toBeGreaterThan(MIN_LONG_SIDE);
    expect(scaleLadder(320, 200)).toEqual([1]);
  });
});

describe("searching for a size", () => {
  it("fits each target with the best quality, fewer pixels only when needed, in a few whole encodes", {
    timeout: 300_000,
  }, async () => {
    const src = photo(1600, 1200);
    const sample = new TileSample(src);
    const results = [];
    for (const target of [400_000, 150_000, 40_000, 12_000]) {
      const codec = await jpegCodec();
      const r = await searchTarget(src, sample, codec, target);
      expect(r.met, `${target}`).toBe(true);
      expect(r.bytes.length).toBeLessThanOrEqual(target);
      expect(codec.encodes).toBeLessThanOrEqual(4);
      const img = await djpeg(r.bytes);
      expect([img.width, img.height]).toEqual([r.width, r.height]);
      expect(r.ssim).toBeGreaterThan(0.85);
      results.push(r);
    }
    // A larger target never gets fewer pixels, or a lower quality at the same size.
    for (let i = 1; i < results.length; i++) {
      const [a, b] = [results[i - 1], results[i]];
      expect(b.scale).toBeLessThanOrEqual(a.scale);
      if (b.scale === a.scale) expect(b.q).toBeLessThanOrEqual(a.q);
    }
    // The most generous one keeps every pixel; the smallest ones do not.
    expect(results[0].scale).toBe(1);
    expect(results[3].scale).toBeLessThan(1);
  });

  it("returns the smallest acceptable result, flagged, when nothing fits", { timeout: 120_000 }, async () => {
    const src = photo(1600, 1200);
    const codec = await jpegCodec();
    const r = await searchTarget(src, new TileSample(src), codec, 1000);
    expect(r.met).toBe(false);
    expect(r.q).toBe(30);
    expect(Math.max(r.width, r.height)).toBe(MIN_LONG_SIDE);
    expect(r.bytes.length).toBeGreaterThan(1000);
    const img = await djpeg(r.bytes);
    expect([img.width, img.height]).toEqual([320, 240]);
  });

  it("estimates a whole encode from its tiles within a fifth", { timeout: 120_000 }, async () => {
    const src = photo(1600, 1200);
    const sample = new TileSample(src);
    const encoder = await mozjpegEncoder();
    for (const scale of [1, 0.5]) {
      const { strip, imagePixels } = sample.at(scale);
      const probe = encodeJpeg(memorySource(strip.data, strip.width, strip.height, strip.layout), {
        quality: 75,
        encoder,
      });
      const estimate = (probe.length * imagePixels) / (strip.width * strip.height);
      const real = encodeJpeg(sample.source(scale), { quality: 75, encoder }).length;
      expect(Math.abs(real / estimate - 1), `scale ${scale}`).toBeLessThan(0.2);
    }
  });
});
