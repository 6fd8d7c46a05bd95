import { describe, expect, it } from "vitest";
import { compressImage } from "../../../worker/engine/image/compress/compress";
import { JpegReader } from "../../../worker/engine/image/jpeg/decode";
import { JpegPixels } from "../../../worker/engine/image/jpeg/pixels";
import { planRequant, requantizable } from "../../../worker/engine/image/jpeg/requant";
import { writeJpeg } from "../../../worker/engine/image/jpeg/write";
import { CHANNELS, readAll } from "../../../worker/engine/image/pixels";
import { corpus, djpeg, psnr, type Raster, runOn } from "../support/oracles";

/**
 * The DCT-domain paths (requantizing a JPEG, decoding it at a reduced scale), judged by libjpeg
 * (djpeg, djpeg -scale) and butteraugli.
 */

async function butteraugli(a: Uint8Array, b: Uint8Array): Promise<number> {
  // butteraugli reads two files; runOn gives it the first, the second goes beside it as {out}.
  const dir = await import("node:fs/promises").then((fs) => fs.mkdtemp("/tmp/requant-"));
  const { writeFile, rm } = await import("node:fs/promises");
  try {
    await writeFile(`${dir}/a.jpg`, a);
    await writeFile(`${dir}/b.jpg`, b);
    const r = await runOn("butteraugli", [`${dir}/a.jpg`, `${dir}/b.jpg`], new Uint8Array(0));
    expect(r.code, r.stderr).toBe(0);
    return Number(r.stdout.trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function ours(bytes: Uint8Array, scale: 1 | 2 | 4 | 8 = 1): Raster {
  const pixels = new JpegPixels(new JpegReader(bytes), undefined, scale);
  return { width: pixels.width, height: pixels.height, channels: CHANNELS[pixels.layout], data: readAll(pixels) };
}

describe("JPEG requantization (4:2:0 and grey photos)", () => {
  it("keeps libjpeg's decoding close at a quality near the original's, and smaller at a lower one", async () => {
    const input = await corpus("img/jpeg/sharp__gain-map.jpg");
    const reader = new JpegReader(input);
    expect(requantizable(reader)).toBe(true);
    const plan = planRequant(reader, { keepBytes: 64 << 20 });
    const write = (q: number) =>
      writeJpeg({ width: 3840, height: 2160, ...plan.encode(q), orientation: 1, segments: [] });
    const near = write(92);
    const low = write(70);
    expect(low.length).toBeLessThan(near.length);
    expect(near.length).toBeLessThan(input.length);
    const original = await djpeg(input);
    const [a, b] = [await djpeg(near), await djpeg(low)];
    expect([a.width, a.height, a.channels]).toEqual([3840, 2160, 3]);
    expect(psnr(original, a)).toBeGreaterThan(40);
    expect(psnr(original, b)).toBeGreaterThan(34);
    expect(psnr(original, a)).toBeGreaterThan(psnr(original, b));
    // The search's own measure rises with quality, as the search assumes.
    expect(plan.score(92)).toBeGreaterThan(plan.score(70));
  });

  it("estimates the lossless rewrite's size from the symbols it counted, within 1%", async () => {
    const input = await corpus("img/jpeg/sharp__gain-map.jpg");
    const reader = new JpegReader(input);
    const plan = planRequant(reader, { keepBytes: 64 << 20 });
    const f = reader.frame;
    const lossless = writeJpeg({
      width: f.width,
      height: f.height,
      components: f.components.map(({ id, h, v, tq }) => ({ id, h, v, tq })),
      quant: reader.quantTables.map((t) => t ?? new Uint16Array(64)),
      store: plan.original!,
      orientation: 1,
      segments: [],
    });
    // Coefficient for coefficient the original: libjpeg decodes both to the same pixels.
    expect(psnr(await djpeg(lossless), await djpeg(input))).toBe(Number.POSITIVE_INFINITY);
    expect(Math.abs(plan.losslessBytes - lossless.length) / lossless.length).toBeLessThan(0.01);
  });

  it("compresses a photo at the default quality with no visible loss, judged by butteraugli", {
    timeout: 120_000,
  }, async () => {
    const input = await corpus("img/jpeg/progressive_cat.jpg");
    expect(requantizable(new JpegReader(input))).toBe(true);
    const high = await compressImage(input, "cat.jpg", { quality: "high" });
    const small = await compressImage(input, "cat.jpg", { quality: "small" });
    expect(high.method).toMatch(/^quality \d+$/);
    expect(high.bytes.length).toBeLessThan(input.length);
    expect(small.bytes.length).toBeLessThan(high.bytes.length);
    // Below about 1.5 butteraugli sees no difference; "small" is allowed a visible one.
    const [dh, ds] = [await butteraugli(input, high.bytes), await butteraugli(input, small.bytes)];
    expect(dh).toBeLessThan(1.6);
    expect(ds).toBeGreaterThan(dh);
    expect(psnr(await djpeg(input), await djpeg(high.bytes))).toBeGreaterThan(38);
  });

  it("keeps a grey photo grey, and a progressive one decodes the same way", async () => {
    for (const path of ["img/jpeg/sharp__concert.jpg", "img/jpeg/progressive_cat.jpg"]) {
      const input = await corpus(path);
      const reader = new JpegReader(input);
      expect(requantizable(reader), path).toBe(true);
      const plan = planRequant(reader, { keepBytes: 64 << 20 });
      const out = writeJpeg({
        width: reader.frame.width,
        height: reader.frame.height,
        ...plan.encode(90),
        orientation: 1,
        segments: [],
      });
      const [a, b] = [await djpeg(input), await djpeg(out)];
      expect(b.channels, path).toBe(a.channels);
      expect(psnr(a, b), path).toBeGreaterThan(35);
    }
  });
});

describe("JPEG decoding at a reduced scale", () => {
  it.each([
    "img/jpeg/sharp__gain-map.jpg",
    "img/jpeg/sharp__Landscape_1.jpg",
    "img/jpeg/progressive_cat.jpg",
    "img/jpeg/sharp__concert.jpg",
  ])("%s at 1/2, 1/4 and 1/8 is what djpeg -scale gives", async (path) => {
    const input = await corpus(path);
    for (const s of [2, 4, 8] as const) {
      const mine = ours(input, s);
      const r = await runOn("djpeg", ["-scale", `1/${s}`, "-outfile", "{out}", "{in}"], input);
      const { parseNetpbm } = await import("../../support/netpbm");
      const theirs = parseNetpbm(r.out!);
      expect([mine.width, mine.height], `${path} 1/${s}`).toEqual([theirs.width, theirs.height]);
      expect(psnr(mine, theirs), `${path} 1/${s}`).toBeGreaterThan(50);
    }
  });
});
