import { describe, expect, it } from "vitest";
import { probeImage } from "../../../worker/engine/image/probe";
import { stripWebpMetadata, webpMeta, withIcc } from "../../../worker/engine/image/webp/riff";
import { corpus, dwebp, psnr, runOn } from "../support/oracles";

/** The engine's own WebP container code, judged by libwebp (dwebp, webpmux). */
const STILL = [
  "img/webp/libwebp__lossless1.webp",
  "img/webp/libwebp__test.webp",
  "img/webp/libwebp__small_31x13.webp",
  "img/webp/pillow__hopper_orientation_6.webp",
  "img/webp/sharp__5_webp_a.webp",
];

describe("WebP containers", () => {
  it.each(STILL)("%s: the size the header gives is the size libwebp decodes", async (path) => {
    const bytes = await corpus(path);
    const info = probeImage(bytes);
    const decoded = await dwebp(bytes);
    expect([info.width, info.height]).toEqual([decoded.width, decoded.height]);
  });

  it("reads the EXIF orientation, and strips the metadata without touching a pixel", async () => {
    const bytes = await corpus("img/webp/pillow__hopper_orientation_6.webp");
    expect(webpMeta(bytes).orientation).toBe(6);
    const stripped = stripWebpMetadata(bytes);
    expect(webpMeta(stripped).orientation).toBe(1);
    expect(psnr(await dwebp(stripped), await dwebp(bytes))).toBe(Number.POSITIVE_INFINITY);
    const exif = await runOn("webpmux", ["-get", "exif", "{in}", "-o", "{out}"], stripped);
    expect(exif.code).not.toBe(0);
  });

  it("adds an ICC profile that webpmux finds, the image unchanged", async () => {
    const bytes = await corpus("img/webp/libwebp__lossless1.webp");
    const { width, height } = probeImage(bytes);
    const icc = Uint8Array.from({ length: 300 }, (_, i) => (i * 13) & 255);
    const tagged = withIcc(bytes, icc, width, height);
    const found = await runOn("webpmux", ["-get", "icc", "{in}", "-o", "{out}"], tagged);
    expect(found.code, found.stderr).toBe(0);
    expect(Buffer.compare(Buffer.from(found.out ?? []), Buffer.from(icc))).toBe(0);
    expect(psnr(await dwebp(tagged), await dwebp(bytes))).toBe(Number.POSITIVE_INFINITY);
  });
});
