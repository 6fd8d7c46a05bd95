import { PDFDocument, PDFName, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { Budget } from "../../../worker/engine/core/budget";
import { isEngineError } from "../../../worker/engine/core/errors";
import { loadPdf, savePdf } from "../../../worker/engine/pdf/document";
import { applyRedactions, findMatches } from "../../../worker/engine/pdf/redact";
import { pdftotext, qpdfCheck } from "./redact-support";

const text = (s: string) => new TextEncoder().encode(s);

/**
 * Forms nested `levels` deep, each drawing the next `fanOut` times (moved by `step` points each
 * time) and showing "deep"; the last draws itself, and so does a second form on the page.
 */
async function nestedForms(levels: number, fanOut: number, step: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const ctx = doc.context;
  const refs = Array.from({ length: levels }, () => ctx.nextRef());
  refs.forEach((ref, i) => {
    const next = refs[Math.min(i + 1, levels - 1)];
    let body = "BT /F1 10 Tf 0 0 Td (deep) Tj ET\n";
    for (let k = 0; k < fanOut; k++) body += `q 1 0 0 1 ${k * step} 0 cm /Next Do Q\n`;
    const form = ctx.flateStream(text(body), {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 1000, 1000],
      Resources: { Font: { F1: font.ref }, XObject: { Next: next } },
    });
    ctx.assign(ref, form);
  });
  const self = ctx.nextRef();
  ctx.assign(
    self,
    ctx.flateStream(text("/Me Do BT /F1 10 Tf 0 20 Td (loop) Tj ET"), {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 1000, 1000],
      Resources: { Font: { F1: font.ref }, XObject: { Me: self } },
    }),
  );
  const page = doc.addPage([400, 300]);
  const top = page.node.newXObject("Top", refs[0]).decodeText();
  const me = page.node.newXObject("Self", self).decodeText();
  page.node.set(
    PDFName.of("Contents"),
    ctx.register(ctx.flateStream(text(`q 1 0 0 1 50 100 cm /${top} Do Q q 1 0 0 1 50 200 cm /${me} Do Q`))),
  );
  return doc.save();
}

describe("redact hostile input", () => {
  it("follows forms to a bounded depth, and not into themselves", async () => {
    const pdf = await nestedForms(14, 2, 0);
    const doc = await loadPdf(pdf);
    const t0 = Date.now();
    const found = await findMatches(doc, { text: "loop" }, { budget: new Budget(10_000) });
    expect(found).toHaveLength(1);
    const deep = await findMatches(doc, { text: "deep" }, { budget: new Budget(10_000) });
    // Twelve levels of forms, each drawn twice as often as the one above.
    expect(deep.length).toBe(2 ** 12 - 1);
    const report = await applyRedactions(
      doc,
      [
        { page: 1, x: 40, y: 90, width: 60, height: 20 },
        { page: 1, ...found[0].rects[0] },
      ],
      { budget: new Budget(10_000) },
    );
    expect(report.glyphsRemoved).toBeGreaterThan(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    const out = await savePdf(doc);
    await qpdfCheck(out);
    const left = await pdftotext(out);
    expect(left).not.toContain("deep");
    expect(left).not.toContain("loop");
  });

  it("stops a page whose forms multiply without end", async () => {
    const pdf = await nestedForms(14, 8, 0.01);
    const doc = await loadPdf(pdf);
    const t0 = Date.now();
    const error = await findMatches(doc, { text: "deep" }, { budget: new Budget(3_000) }).catch((e) => e);
    expect(isEngineError(error) && ["job_too_large", "job_timeout"].includes(error.code)).toBe(true);
    // Redaction draws each form once per distinct placement: it finishes, or stops the same way.
    const result = await applyRedactions(doc, [{ page: 1, x: 0, y: 0, width: 400, height: 300 }], {
      budget: new Budget(3_000),
    }).catch((e) => e);
    if (isEngineError(result)) expect(["job_too_large", "job_timeout"]).toContain(result.code);
    // (poppler itself would take hours to read this file: it is not asked to.)
    else await qpdfCheck(await savePdf(doc));
    expect(Date.now() - t0).toBeLessThan(8_000);
  });

  it("refuses an image of 100000 x 100000 pixels under a box, before decoding it", async () => {
    const doc = await PDFDocument.create();
    const ctx = doc.context;
    const image = ctx.register(
      ctx.flateStream(new Uint8Array(1000), {
        Type: "XObject",
        Subtype: "Image",
        Width: 100_000,
        Height: 100_000,
        ColorSpace: "DeviceRGB",
        BitsPerComponent: 8,
      }),
    );
    const page = doc.addPage([400, 300]);
    const huge = page.node.newXObject("Huge", image).decodeText();
    page.node.set(PDFName.of("Contents"), ctx.register(ctx.flateStream(text(`q 300 0 0 200 50 50 cm /${huge} Do Q`))));
    const loaded = await loadPdf(await doc.save());
    const t0 = Date.now();
    const error = await applyRedactions(loaded, [{ page: 1, x: 60, y: 60, width: 10, height: 10 }], {
      budget: new Budget(10_000),
    }).catch((e) => e);
    expect(isEngineError(error) && error.code).toBe("job_too_large");
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it("refuses areas that are not on a page", async () => {
    const doc = await loadPdf(await nestedForms(2, 1, 0));
    for (const area of [
      { page: 2, x: 0, y: 0, width: 10, height: 10 },
      { page: 1, x: 0, y: 0, width: 0, height: 10 },
      { page: 1, x: Number.NaN, y: 0, width: 10, height: 10 },
    ]) {
      const error = await applyRedactions(doc, [area], {}).catch((e) => e);
      expect(isEngineError(error) && error.code).toBe("validation_failed");
    }
  });
});

describe("redact damaged content", () => {
  it("refuses content nesting arrays without end as damaged", async () => {
    const { rawContentPage } = await import("./redact-support");
    const pdf = await rawContentPage(`BT /F1 12 Tf 40 200 Td ${"[".repeat(100_000)} (x) Tj ET`);
    const doc = await loadPdf(pdf);
    const error = await findMatches(doc, { text: "x" }, {}).catch((e) => e);
    expect(isEngineError(error) && error.code).toBe("pdf_damaged");
    const error2 = await applyRedactions(doc, [{ page: 1, x: 0, y: 0, width: 400, height: 300 }], {}).catch((e) => e);
    expect(isEngineError(error2) && error2.code).toBe("pdf_damaged");
  });

  it("refuses one operation past 1 MB (a string, or numbers no operator takes) by its page, holding little", async () => {
    const { rawContentPage } = await import("./redact-support");
    for (const body of [`(${"Secret ".repeat(300_000)}) Tj`, "1 ".repeat(1_000_000)]) {
      const doc = await loadPdf(await rawContentPage(`BT /F1 12 Tf 40 200 Td ${body} ET`));
      const budget = new Budget(10_000);
      const error = await findMatches(doc, { text: "Secret" }, { budget }).catch((e) => e);
      expect(isEngineError(error) && error.code, String(error)).toBe("pdf_unsupported");
      expect(error.message).toMatch(/on page 1, one operation of its content is longer than 1 MB/);
      const area = [{ page: 1, x: 0, y: 0, width: 400, height: 300 }];
      const error2 = await applyRedactions(doc, area, { budget }).catch((e) => e);
      expect(isEngineError(error2) && error2.code, String(error2)).toBe("pdf_unsupported");
    }
  });

  it("reads an operation just under 1 MB, and an inline image of 2 MB whose data it skips", async () => {
    const { rawContentPage } = await import("./redact-support");
    const near = `${"0 ".repeat(480_000)}Tc (Secret) Tj`;
    const image = `BI /W 1024 /H 2048 /BPC 8 /CS /G ID ${"a".repeat(2 * 1024 * 1024)} EI`;
    for (const body of [near, image]) {
      const doc = await loadPdf(await rawContentPage(`BT /F1 12 Tf 40 200 Td ${body} ET`));
      const found = await findMatches(doc, { text: "Secret" }, { budget: new Budget(20_000) });
      expect(found).toHaveLength(body === near ? 1 : 0);
    }
  });
});
