import { describe, expect, it } from "vitest";
import { runWithBudget } from "../../../worker/engine/core/budget";
import { concat } from "../../../worker/engine/core/bytes";
import { checkPageContents } from "../../../worker/engine/pdf/content-check";
import { loadPdf } from "../../../worker/engine/pdf/document";

/** A PDF written by hand: objects numbered from 1, object 1 the catalog, with a correct xref. */
function rawPdf(objects: (string | [string, Uint8Array])[]): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [enc.encode("%PDF-1.7\n")];
  let size = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(size);
    const chunk =
      typeof o === "string"
        ? [enc.encode(`${i + 1} 0 obj\n${o}\nendobj\n`)]
        : [
            enc.encode(`${i + 1} 0 obj\n${o[0].replace("LENGTH", String(o[1].length))}\nstream\n`),
            o[1],
            enc.encode("\nendstream\nendobj\n"),
          ];
    for (const c of chunk) {
      parts.push(c);
      size += c.length;
    }
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets
    .map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)
    .join("")}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(enc.encode(xref));
  return concat(parts);
}

const onePage = (contents: string, stream: [string, Uint8Array]) =>
  rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${contents} >>`,
    stream,
  ]);

/**
 * Pathological PDFs the engine refuses by name, quickly (the refusals' HTTP answers, 413 with the
 * engine's words: test/worker/reliability/bombs.test.ts).
 */
describe("pathological PDFs", () => {
  it("refuses page content it cannot decode", async () => {
    const doc = await loadPdf(onePage("4 0 R", ["<< /Length LENGTH /Filter /DCTDecode >>", new Uint8Array(10)]));
    await expect(checkPageContents(doc, { name: "x.pdf" })).rejects.toMatchObject({
      code: "pdf_damaged",
      message: "x.pdf is damaged: the content of page 1 cannot be read.",
    });
    const corrupt = new Uint8Array([0x78, 0x9c, 0xff, 0xff, 0xff, 0x00, 0x01]);
    const doc2 = await loadPdf(onePage("4 0 R", ["<< /Length LENGTH /Filter /FlateDecode >>", corrupt]));
    await expect(checkPageContents(doc2)).rejects.toMatchObject({ code: "pdf_damaged" });
    const fine = await loadPdf(onePage("4 0 R", ["<< /Length LENGTH >>", new TextEncoder().encode("0 0 m 9 9 l S")]));
    await expect(checkPageContents(fine)).resolves.toBeUndefined();
  });

  it("refuses a page tree that fans out into billions of pages, without walking it", { timeout: 10_000 }, async () => {
    // Each level's node lists the next level twice: 2^40 pages from 42 objects.
    const levels = 40;
    const objects = ["<< /Type /Catalog /Pages 2 0 R >>"];
    for (let i = 0; i < levels; i++) {
      const kid = i + 3;
      objects.push(`<< /Type /Pages /Kids [${kid} 0 R ${kid} 0 R] /Count ${2 ** (levels - i)} >>`);
    }
    objects.push("<< /Type /Page /MediaBox [0 0 200 200] >>");
    await expect(loadPdf(rawPdf(objects), { name: "fan.pdf" })).rejects.toMatchObject({
      code: "pdf_damaged",
      message: "fan.pdf has a page list that loops back on itself.",
    });
  });

  it("refuses more than 20,000 pages", async () => {
    const kids = Array.from({ length: 20_001 }, () => "3 0 R").join(" ");
    const pdf = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      `<< /Type /Pages /Kids [${kids}] /Count 20001 >>`,
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    ]);
    await expect(loadPdf(pdf)).rejects.toMatchObject({
      code: "job_too_large",
      message: "This PDF has more than 20,000 pages.",
    });
  });

  it("stops a job that runs past its time budget", async () => {
    // 150,000 small objects: seconds of parsing, which yields so the budget's timer can fire.
    const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"];
    objects.push("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>");
    for (let i = 0; i < 150_000; i++) objects.push(`<< /N ${i} /Name (object ${i}) >>`);
    const pdf = rawPdf(objects);
    // job_timeout can only come from the 200 ms budget's timer: parsing all of it would succeed.
    await expect(runWithBudget(200, () => loadPdf(pdf))).rejects.toMatchObject({ code: "job_timeout" });
  });
});
