import { Zlib } from "fflate";
import { describe, expect, it } from "vitest";
import { concat } from "../../../worker/engine/core/bytes";
import { form, post } from "../convert/support";
import { corpusFile } from "../helpers";

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

/** zlib data that inflates to `mb` megabytes of spaces (valid, empty page content). */
function spaceBomb(mb: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const z = new Zlib({ level: 9 }, (c) => chunks.push(c));
  const block = new Uint8Array(1 << 20).fill(0x20);
  for (let i = 0; i < mb; i++) z.push(block, i === mb - 1);
  return concat(chunks);
}

const onePage = (contents: string, stream: [string, Uint8Array]) =>
  rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${contents} >>`,
    stream,
  ]);

/**
 * Decompression bombs over HTTP: refused with a 413 and the engine's words, not left to run into
 * the job's budget; the worker keeps serving. The engine's other refusals of pathological PDFs:
 * test/engine/pdf/robustness.test.ts.
 */
describe("pathological PDFs over HTTP", () => {
  // A bomb must be refused, not left to run into the job budget: the test's own timeout catches a hang.
  it("refuses a page whose content unpacks into a decompression bomb", { timeout: 20_000 }, async () => {
    const bomb = spaceBomb(80);
    expect(bomb.length).toBeLessThan(200_000);
    const pdf = onePage("4 0 R", ["<< /Length LENGTH /Filter /FlateDecode >>", bomb]);
    const res = await post(
      "/api/convert/watermark-pdf",
      form([{ name: "bomb.pdf", bytes: pdf }], { watermarkText: "CONFIDENTIAL" }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: "job_too_large",
      error: "bomb.pdf has a page (page 1) whose content unpacks to more than 32 MB. It may be a decompression bomb.",
    });
  });

  it("refuses an object stream that unpacks into a bomb while the file is parsed", { timeout: 20_000 }, async () => {
    const bomb = spaceBomb(100);
    const pdf = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
      ["<< /Type /ObjStm /N 1 /First 4 /Length LENGTH /Filter /FlateDecode >>", bomb],
    ]);
    const res = await post("/api/convert/rotate-pdf", form([{ name: "objstm.pdf", bytes: pdf }]));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: "job_too_large",
      error: "objstm.pdf's internal object lists unpack to more than 20 MB. It may be a decompression bomb.",
    });
  });

  it("still serves requests after them", async () => {
    const res = await post(
      "/api/analyze-pdf",
      form([{ name: "ok.pdf", bytes: await corpusFile("pdf/valid/pysample__minimal-document.pdf") }]),
    );
    expect(await res.json()).toEqual({ pageCount: 1 });
  });
});
