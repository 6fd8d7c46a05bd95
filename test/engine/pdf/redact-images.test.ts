import { describe, expect, it } from "vitest";
import { MOZJPEG_YCBCR, mozjpegEncoder } from "../../../worker/engine/codecs/mozjpeg";
import { loadPdf, savePdf } from "../../../worker/engine/pdf/document";
import { applyRedactions, findMatches, type RedactArea } from "../../../worker/engine/pdf/redact";
import { runOn } from "../support/oracles";
import { helveticaLine, imagePage, type Picture, pictureRgb, popplerImages, qpdfCheck, render } from "./redact-support";

/** The left half of the picture, as drawn at (100, 50) 200 pt square. */
const LEFT_HALF: RedactArea = { page: 1, x: 100, y: 50, width: 100, height: 200 };

async function redacted(pdf: Uint8Array, areas: RedactArea[]) {
  const doc = await loadPdf(pdf);
  const report = await applyRedactions(doc, areas, {});
  const out = await savePdf(doc);
  await qpdfCheck(out);
  return { out, report };
}

/** The first image's pixel at (x, y), as RGB. */
function at(p: Picture, x: number, y: number): number[] {
  const i = (y * p.width + x) * p.channels;
  return Array.from(p.data.subarray(i, i + p.channels));
}

function maxDiff(a: Picture, b: Picture, inside: (x: number, y: number) => boolean): number {
  let worst = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!inside(x, y)) continue;
      for (let c = 0; c < a.channels; c++) {
        const i = (y * a.width + x) * a.channels + c;
        worst = Math.max(worst, Math.abs(a.data[i] - b.data[i]));
      }
    }
  }
  return worst;
}

/** A run of 30 pixels of the red block, as stored. */
const RED_RUN = new Uint8Array(90).map((_, i) => [250, 20, 30][i % 3]);

function contains(hay: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(hay).indexOf(Buffer.from(needle)) >= 0;
}

async function uncompressed(pdf: Uint8Array): Promise<Uint8Array> {
  const r = await runOn("qpdf", ["--qdf", "--object-streams=disable", "{in}", "{out}"], pdf);
  expect(r.code, r.stderr).toBeLessThan(3);
  return r.out!;
}

describe("redact images", () => {
  it("paints the pixels under the box in the image data, and keeps the rest", async () => {
    const pdf = await imagePage();
    expect(contains(await uncompressed(pdf), RED_RUN)).toBe(true);
    const { out, report } = await redacted(pdf, [LEFT_HALF]);
    expect(report.imagesPainted).toBe(1);
    const [before] = await popplerImages(pdf);
    const images = await popplerImages(out);
    expect(images).toHaveLength(1);
    const after = images[0];
    expect([after.width, after.height]).toEqual([200, 200]);
    expect(maxDiff(before, after, (x) => x >= 100)).toBe(0);
    for (const [x, y] of [
      [0, 0],
      [50, 50],
      [99, 199],
      [99, 0],
    ]) {
      expect(at(after, x, y)).toEqual([0, 0, 0]);
    }
    expect(contains(await uncompressed(out), RED_RUN)).toBe(false);
    // The original stays exactly the picture we drew.
    expect(at(before, 10, 10)).toEqual(Array.from(pictureRgb().subarray(30 * 10 * 20 + 30, 30 * 10 * 20 + 33)));
  });

  it("paints a JPEG image and writes it back without the old pixels", async () => {
    const encoder = await mozjpegEncoder();
    const rgb = pictureRgb();
    const rgba = new Uint8Array(200 * 200 * 4);
    for (let i = 0; i < 200 * 200; i++) rgba.set([rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], 255], i * 4);
    const jpeg = encoder.encode(rgba, 200, 200, { quality: 95, colorSpace: MOZJPEG_YCBCR, chromaSubsample: 1 });
    const pdf = await imagePage(jpeg);
    const { out, report } = await redacted(pdf, [{ ...LEFT_HALF, width: 50 }]);
    expect(report.imagesPainted).toBe(1);
    const [before] = await popplerImages(pdf);
    const [after] = await popplerImages(out);
    // Our JPEG decoder against libjpeg's, on the half that was not painted.
    expect(maxDiff(before, after, (x) => x >= 52)).toBeLessThanOrEqual(3);
    expect(at(after, 10, 10)).toEqual([0, 0, 0]);
    expect(at(after, 49, 150)).toEqual([0, 0, 0]);
    expect(new TextDecoder("latin1").decode(await uncompressed(out))).not.toContain("/DCTDecode");
  });

  it("changes nothing outside the boxes in a render, and shows black inside", async () => {
    const pdf = await imagePage();
    const doc = await loadPdf(pdf);
    const matches = await findMatches(doc, { text: "under the" }, {});
    const areas: RedactArea[] = [
      ...matches.flatMap((m) => m.rects.map((r) => ({ ...r, page: m.page }))),
      { page: 1, x: 150, y: 120, width: 100, height: 60 },
    ];
    await applyRedactions(doc, areas, {});
    const out = await savePdf(doc);
    await qpdfCheck(out);
    const [a, b] = [await render(pdf), await render(out)];
    const scale = 50 / 72;
    const boxes = areas.map((r) => ({
      x0: r.x * scale,
      x1: (r.x + r.width) * scale,
      y0: a.height - (r.y + r.height) * scale,
      y1: a.height - r.y * scale,
    }));
    const near = (x: number, y: number, m: number) =>
      boxes.some((r) => x + 1 > r.x0 - m && x < r.x1 + m && y + 1 > r.y0 - m && y < r.y1 + m);
    expect(maxDiff(a, b, (x, y) => !near(x, y, 2))).toBeLessThanOrEqual(1);
    const inside = (x: number, y: number) =>
      boxes.some((r) => x >= r.x0 + 1 && x + 1 <= r.x1 - 1 && y >= r.y0 + 1 && y + 1 <= r.y1 - 1);
    let darkest = 0;
    for (let y = 0; y < b.height; y++)
      for (let x = 0; x < b.width; x++) if (inside(x, y)) darkest = Math.max(darkest, b.data[y * b.width + x]);
    expect(darkest).toBe(0);
  });

  it("removes an inline image under a box", async () => {
    const base = await loadPdf(await helveticaLine("inline image here"));
    const page = base.getPage(0);
    const ctx = base.context;
    const data = `BI /W 4 /H 4 /BPC 8 /CS /G ID\n${"\u00ff".repeat(16)}\nEI Q`;
    const bytes = Uint8Array.from(data, (c) => c.charCodeAt(0));
    const draw = ctx.register(
      ctx.flateStream(Uint8Array.from([...new TextEncoder().encode("q 40 0 0 40 300 50 cm "), ...bytes])),
    );
    page.node.addContentStream(draw);
    const pdf = await base.save();
    const { out, report } = await redacted(pdf, [{ page: 1, x: 310, y: 60, width: 5, height: 5 }]);
    expect(report.imagesPainted).toBe(1);
    expect(new TextDecoder("latin1").decode(await uncompressed(out))).not.toContain("BI");
  });
});
