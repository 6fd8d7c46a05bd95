import { describe, expect, it } from "vitest";
import { corpusFile, oracle } from "../tools/readers";
import { type ConvertedFile, convertFails, convertOk, download, form } from "./answers";
import { djpeg, dwebp, psnr, readPng } from "./support";

/** Compress image to a size (`targetSize`), judged by libjpeg, libwebp and libpng. */

const PATH = "/api/convert/compress-image";

interface Targeted extends ConvertedFile {
  compressedSize: number;
  originalSize: number;
  targetSize: number;
  targetMet: boolean;
  quality?: number;
}

async function compress(name: string, bytes: Uint8Array, fields: Record<string, string>, type = "image/jpeg") {
  const body = await convertOk(PATH, form([{ name, bytes, type }], fields));
  const file = body.file as Targeted;
  const out = await download(file);
  expect(file.compressedSize).toBe(out.length);
  expect(file.targetSize).toBe(Number(fields.targetSize));
  // Never larger than what came in.
  expect(out.length).toBeLessThanOrEqual(bytes.length);
  return { file, out };
}

/** A JPEG of random noise, w x h, made by libjpeg at quality 95: nothing compresses it. */
async function noiseJpeg(w: number, h: number): Promise<Uint8Array> {
  const header = new TextEncoder().encode(`P6\n${w} ${h}\n255\n`);
  const ppm = new Uint8Array(header.length + w * h * 3);
  ppm.set(header);
  let seed = 12345;
  for (let i = header.length; i < ppm.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    ppm[i] = seed >>> 24;
  }
  const made = await oracle("cjpeg", ["-quality", "95", "-outfile", "{out}", "{in}"], ppm);
  return Uint8Array.from(atob(made.out!), (c) => c.charCodeAt(0));
}

describe("compress-image to a size", () => {
  it("lands just under the target at full size when a good quality fits", { timeout: 120_000 }, async () => {
    const input = await corpusFile("img/jpeg/sharp__gain-map.jpg");
    const { file, out } = await compress("photo.jpg", input, { targetSize: "400000" });
    expect(out.length).toBeLessThanOrEqual(400_000);
    // The best quality that fits, not the smallest file: close to the target.
    expect(out.length).toBeGreaterThan(400_000 * 0.75);
    expect(file.targetMet).toBe(true);
    expect(file.message).toMatch(/^Under 400 KB\. Saved \d+%: .* \(quality \d+\)$/);
    const [a, b] = [await djpeg(input), await djpeg(out)];
    expect([b.width, b.height]).toEqual([3840, 2160]);
    expect(psnr(a, b)).toBeGreaterThan(36);
    expect(file.quality).toBeGreaterThan(0.95);
    expect(file.quality).toBeLessThanOrEqual(1);
  });

  it("makes the photo smaller in pixels when even a low quality would not fit", { timeout: 120_000 }, async () => {
    const input = await corpusFile("img/jpeg/sharp__gain-map.jpg");
    const { file, out } = await compress("photo.jpg", input, { targetSize: "40000" });
    expect(out.length).toBeLessThanOrEqual(40_000);
    expect(file.targetMet).toBe(true);
    const img = await djpeg(out);
    expect(img.width).toBeLessThan(3840);
    expect(img.width).toBeGreaterThanOrEqual(320);
    // Same shape, to the pixel.
    expect(Math.abs(img.height - (img.width * 2160) / 3840)).toBeLessThanOrEqual(1);
    expect(file.message).toContain(`${img.width} x ${img.height} pixels`);
    expect(file.quality).toBeGreaterThan(0.9);
  });

  it("keeps every pixel when the file is already within the target", async () => {
    const input = await corpusFile("img/jpeg/sharp__Landscape_1.jpg");
    const { file, out } = await compress("small.jpg", input, { targetSize: "1000000" });
    expect(file.targetMet).toBe(true);
    expect(file.quality).toBeUndefined();
    expect(file.message).toMatch(/^(Already under 1 MB: returned unchanged|Under 1 MB\. Saved \d+%: .* \(lossless\))$/);
    expect(psnr(await djpeg(input), await djpeg(out))).toBe(Number.POSITIVE_INFINITY);
  });

  it("says how close it got when the target cannot be met", { timeout: 60_000 }, async () => {
    const input = await noiseJpeg(320, 240);
    const { file, out } = await compress("noise.jpg", input, { targetSize: "10000" });
    expect(file.targetMet).toBe(false);
    expect(out.length).toBeGreaterThan(10_000);
    expect(file.message).toMatch(
      /^Could not reach 10 KB: at 320 x 240 pixels \(the smallest size kept\) and quality 30 \(the lowest kept\), it is still [\d.]+ KB\. Saved \d+%: /,
    );
    const img = await djpeg(out);
    expect([img.width, img.height]).toEqual([320, 240]);
  });

  it("keeps a PNG a PNG, with a palette or fewer pixels", { timeout: 120_000 }, async () => {
    const input = await corpusFile("img/png/sharp__alpha-layer-1-fill.png");
    const { file, out } = await compress("layers.png", input, { targetSize: "60000" }, "image/png");
    expect(out.length).toBeLessThanOrEqual(60_000);
    expect(file.targetMet).toBe(true);
    expect(file.convertedName).toBe("layers-compressed.png");
    expect(Array.from(out.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    const img = await readPng(out);
    expect(Math.abs(img.height - (img.width * 1536) / 2048)).toBeLessThanOrEqual(1);
    expect(file.quality).toBeGreaterThan(0.9);
  });

  it("converts to WebP within the target", { timeout: 60_000 }, async () => {
    const input = await corpusFile("img/jpeg/progressive_3.jpg");
    const { file, out } = await compress("p.jpg", input, { targetSize: "20000", format: "webp" });
    expect(out.length).toBeLessThanOrEqual(20_000);
    expect(file.targetMet).toBe(true);
    expect(file.convertedName).toBe("p-compressed.webp");
    const [a, b] = [await djpeg(input), await dwebp(out)];
    expect(b.width / b.height).toBeCloseTo(a.width / a.height, 1);
  });

  it("refuses a target that is not a size in bytes", async () => {
    const input = await corpusFile("img/jpeg/progressive_3.jpg");
    const cases: [string, string][] = [
      ["1 MB", "Target size must be a whole number of bytes, such as 1000000 for 1 MB."],
      ["-5", "Target size must be a whole number of bytes, such as 1000000 for 1 MB."],
      ["1500.5", "Target size must be a whole number of bytes, such as 1000000 for 1 MB."],
      ["9999", "Target size must be at least 10 KB (10000 bytes)."],
      ["2000000001", "Target size can be at most 2 GB (2000000000 bytes)."],
    ];
    for (const [targetSize, error] of cases) {
      const r = await convertFails(
        PATH,
        form([{ name: "a.jpg", bytes: input, type: "image/jpeg" }], { targetSize }),
        400,
      );
      expect(r.error, targetSize).toBe(error);
    }
  });
});
