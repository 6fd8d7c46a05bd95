import { PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { loadPdf, savePdf } from "../../../worker/engine/pdf/document";
import { flattenDocument } from "../../../worker/engine/pdf/flatten";
import { runOn } from "../support/oracles";

/** Flattening draws each appearance where a reader draws it (PDF 32000 12.5.5), judged by poppler's renderer. */

/** A page with one square annotation whose appearance has its own BBox and Matrix. */
async function annotated(opts: { bbox: number[]; matrix?: number[]; rect: number[]; flags?: number }) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const ap = doc.context.register(
    doc.context.stream(
      `0 g ${opts.bbox[0]} ${opts.bbox[1]} ${opts.bbox[2] - opts.bbox[0]} ${opts.bbox[3] - opts.bbox[1]} re f`,
      {
        Type: "XObject",
        Subtype: "Form",
        BBox: opts.bbox,
        ...(opts.matrix ? { Matrix: opts.matrix } : {}),
      },
    ),
  );
  const annot = doc.context.register(
    doc.context.obj({ Type: "Annot", Subtype: "Square", Rect: opts.rect, F: opts.flags ?? 4, AP: { N: ap } }),
  );
  page.node.addAnnot(annot);
  return doc.save();
}

/** Dark pixels of page 1 at 72 dpi, as "x,y" of 10 x 10 cells that are mostly dark. */
async function darkCells(bytes: Uint8Array): Promise<string[]> {
  const r = await runOn("sh", ["-c", "pdftoppm -r 72 -gray -singlefile {in} > {out}"], bytes);
  expect(r.code, r.stderr).toBe(0);
  const pgm = r.out as Uint8Array;
  const header = new TextDecoder().decode(pgm.subarray(0, 20)).split(/\s+/);
  const [w, h] = [Number(header[1]), Number(header[2])];
  const data = pgm.subarray(pgm.length - w * h);
  const cells: string[] = [];
  for (let cy = 0; cy < h / 10; cy++) {
    for (let cx = 0; cx < w / 10; cx++) {
      let dark = 0;
      for (let y = cy * 10; y < cy * 10 + 10; y++)
        for (let x = cx * 10; x < cx * 10 + 10; x++) if (data[y * w + x] < 128) dark++;
      if (dark > 80) cells.push(`${cx},${cy}`);
    }
  }
  return cells;
}

async function flattened(bytes: Uint8Array) {
  const doc = await loadPdf(bytes);
  const report = await flattenDocument(doc, { forms: true, annotations: true });
  const out = await savePdf(doc);
  const again = await PDFDocument.load(out);
  return { out, report, annots: again.getPage(0).node.lookup(PDFName.of("Annots")) };
}

describe("flatten", () => {
  it("draws an appearance exactly where poppler draws the annotation, scaled from its BBox to its Rect", async () => {
    const before = await annotated({ bbox: [0, 0, 10, 10], rect: [40, 100, 100, 160] });
    const { out, report, annots } = await flattened(before);
    expect(report).toEqual({ fields: 0, annotations: 1, left: 0 });
    expect(annots).toBeUndefined();
    expect(await darkCells(out)).toEqual(await darkCells(before));
    expect((await darkCells(out)).length).toBe(36);
  });

  it("maps an appearance with an offset BBox and a rotating Matrix as readers do", async () => {
    const before = await annotated({ bbox: [5, 5, 25, 15], matrix: [0, 1, -1, 0, 0, 0], rect: [20, 20, 60, 100] });
    const { out } = await flattened(before);
    const cells = await darkCells(out);
    expect(cells).toEqual(await darkCells(before));
    expect(cells.length).toBeGreaterThan(20);
  });

  it("removes hidden annotations without drawing them", async () => {
    const { out, report } = await flattened(
      await annotated({ bbox: [0, 0, 10, 10], rect: [40, 100, 100, 160], flags: 2 }),
    );
    expect(report.annotations).toBe(1);
    expect(await darkCells(out)).toEqual([]);
  });
});
