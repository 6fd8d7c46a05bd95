import { describe, expect, it } from "vitest";
import { mozjpegEncoder } from "../../../worker/engine/codecs/mozjpeg";
import { JpegReader } from "../../../worker/engine/image/jpeg/decode";
import { encodeJpeg } from "../../../worker/engine/image/jpeg/encode";
import { rewriteJpeg } from "../../../worker/engine/image/jpeg/lossless";
import { JpegPixels } from "../../../worker/engine/image/jpeg/pixels";
import { CHANNELS, memorySource, readAll } from "../../../worker/engine/image/pixels";
import { corpus, djpeg, psnr, type Raster } from "../support/oracles";

/** The engine's own JPEG code, judged by libjpeg (djpeg). */
const FILES = [
  "img/jpeg/sharp__Landscape_1.jpg",
  "img/jpeg/sharp__concert.jpg",
  "img/jpeg/progressive_cat.jpg",
  "img/jpeg/progressive_3.jpg",
  "img/jpeg/pillow__hopper_16bit_qtables.jpg",
];

function ours(bytes: Uint8Array): Raster {
  const pixels = new JpegPixels(new JpegReader(bytes));
  return { width: pixels.width, height: pixels.height, channels: CHANNELS[pixels.layout], data: readAll(pixels) };
}

describe("JPEG decoding", () => {
  it.each(FILES)("%s decodes as libjpeg decodes it (baseline and progressive, 4:2:0 and 4:4:4)", async (path) => {
    const bytes = await corpus(path);
    const mine = ours(bytes);
    const theirs = await djpeg(bytes);
    // A float IDCT against libjpeg's integer one: a level or two apart here and there, never more.
    expect(psnr(mine, theirs)).toBeGreaterThan(40);
  });
});

describe("JPEG files the decoder refuses", () => {
  it("says plainly that a lossless JPEG is not supported", async () => {
    expect(() => ours(new Uint8Array(0))).toThrow();
    const lossless = await corpus("img/jpeg/sharp__testimgl.jpg");
    expect(() => ours(lossless)).toThrow("This JPEG uses lossless encoding, which is not supported.");
  });
});

describe("JPEG writing", () => {
  it("re-codes a file coefficient for coefficient: libjpeg decodes both to the same pixels", async () => {
    for (const path of ["img/jpeg/sharp__concert.jpg", "img/jpeg/progressive_cat.jpg"]) {
      const bytes = await corpus(path);
      const rewritten = rewriteJpeg(new JpegReader(bytes), { orientation: 1, segments: [] });
      expect(rewritten.length).toBeLessThan(bytes.length * 1.1);
      expect(psnr(await djpeg(rewritten), await djpeg(bytes)), path).toBe(Number.POSITIVE_INFINITY);
    }
  });

  it("encodes pixels in bands into one baseline JPEG that libjpeg reads back close to the source", async () => {
    const source = ours(await corpus("img/jpeg/sharp__Landscape_1.jpg"));
    const encoder = await mozjpegEncoder();
    const jpeg = encodeJpeg(memorySource(source.data, source.width, source.height, "rgb"), { quality: 90, encoder });
    const back = await djpeg(jpeg);
    expect([back.width, back.height, back.channels]).toEqual([source.width, source.height, 3]);
    expect(psnr(back, source)).toBeGreaterThan(32);
  });
});
