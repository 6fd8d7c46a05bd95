import type { PDFDocument } from "@cantoo/pdf-lib";
import { PDFRawStream, PDFRef } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { Budget } from "../../../worker/engine/core/budget";
import { EngineError } from "../../../worker/engine/core/errors";
import { loadPdf } from "../../../worker/engine/pdf/document";
import { build, type Obj, stream } from "./stream-builder";
import {
  aesFile,
  EOL_DATA,
  eolFile,
  lengthInObjectStream,
  qdfFile,
  rc4File,
  rc4LengthInObjectStream,
} from "./stream-fixtures";
import { qpdfRawStreams } from "./stream-judge";

/**
 * A stream is exactly as long as its /Length says, indirect or not, whenever "endstream" follows
 * there; the scan for "endstream" decides only when the length is wrong, and never drops bytes
 * the length covers. Judged against qpdf's reading of the same file (and, for hand-made files,
 * the data they were made with).
 */
function streamsOf(doc: PDFDocument): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const [ref, o] of doc.context.enumerateIndirectObjects()) {
    if (o instanceof PDFRawStream) out.set(`${ref.objectNumber} ${ref.generationNumber}`, o.contents);
  }
  return out;
}

const contentsOf = (doc: PDFDocument, n: number) =>
  Buffer.from((doc.context.lookup(PDFRef.of(n)) as PDFRawStream).contents).toString("latin1");

/** Every stream of `bytes` as we parse it and as qpdf does (object streams and xref streams aside: pdf-lib unpacks those). */
async function expectQpdfBytes(bytes: Uint8Array, password?: string): Promise<number> {
  const ours = streamsOf(await loadPdf(bytes, { password }));
  const theirs = await qpdfRawStreams(bytes, password);
  let compared = 0;
  for (const [ref, data] of theirs) {
    const mine = ours.get(ref);
    if (!mine) continue;
    expect(Buffer.from(mine).toString("latin1"), `stream ${ref}`).toBe(data.toString("latin1"));
    compared++;
  }
  return compared;
}

/** A one-page file whose content stream 4 is `data` with dictionary `dict`, then `rest`. */
function onePage(dict: string, data: string, rest: Obj[] = [], eol = ""): Uint8Array {
  return build(
    [
      [1, "<< /Type /Catalog /Pages 2 0 R >>"],
      [2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
      [3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>"],
      [4, stream(dict, data, eol)],
      ...rest,
    ],
    "/Root 1 0 R",
  );
}

const DATA = "q 0 0 1 rg 10 10 50 50 re f Q\n";

describe("a stream's bytes are what its /Length says", () => {
  it("keeps the LF, CR or CRLF a stream's data ends in when its length comes after it", async () => {
    const doc = await loadPdf(eolFile());
    for (const [n, data] of Object.entries(EOL_DATA)) {
      expect(contentsOf(doc, Number(n)), `stream ${n}`).toBe(Buffer.from(data).toString("latin1"));
    }
    expect(await expectQpdfBytes(eolFile())).toBe(Object.keys(EOL_DATA).length);
  });

  it("reads a length given directly, before its stream, or through a short chain of references", async () => {
    const direct = await loadPdf(onePage(`<< /Length ${DATA.length} >>`, DATA));
    expect(contentsOf(direct, 4)).toBe(DATA);
    const before = build(
      [
        [1, "<< /Type /Catalog /Pages 2 0 R >>"],
        [2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
        [3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 5 0 R >>"],
        [4, String(DATA.length)],
        [5, stream("<< /Length 4 0 R >>", DATA)],
      ],
      "/Root 1 0 R",
    );
    expect(contentsOf(await loadPdf(before), 5)).toBe(DATA);
    const chain = onePage("<< /Length 5 0 R >>", DATA, [
      [5, "6 0 R"],
      [6, "7 0 R"],
      [7, String(DATA.length)],
    ]);
    expect(contentsOf(await loadPdf(chain), 4)).toBe(DATA);
  });

  it("leaves out the end of line a writer put before endstream, which the length does not count", async () => {
    for (const eol of ["\n", "\r\n", "\r", "\n% a comment\n"]) {
      const doc = await loadPdf(onePage("<< /Length 5 0 R >>", DATA, [[5, String(DATA.length)]], eol));
      expect(contentsOf(doc, 4)).toBe(DATA);
    }
  });

  it("settles a length kept in an object stream that comes after its stream", async () => {
    const doc = await loadPdf(lengthInObjectStream());
    expect(contentsOf(doc, 4)).toBe(DATA);
    expect(await expectQpdfBytes(lengthInObjectStream())).toBeGreaterThanOrEqual(1);
  });

  it("decrypts exactly the bytes the length gives: RC4 and AES-256 data ending in LF, CR, CRLF", async () => {
    expect(await expectQpdfBytes(await rc4File(), "")).toBeGreaterThanOrEqual(Object.keys(EOL_DATA).length);
    expect(await expectQpdfBytes(await aesFile(), "")).toBeGreaterThanOrEqual(Object.keys(EOL_DATA).length);
    // The length is known only after the parse: decryption waits for it.
    const late = await rc4LengthInObjectStream();
    expect(await expectQpdfBytes(late, "")).toBeGreaterThanOrEqual(1);
    expect(contentsOf(await loadPdf(late, { password: "" }), 4)).toMatch(/^q 0 0 1 rg 10 10 50 50 re f Q\n% .$/s);
  });

  it("reads a pdfTeX file through qpdf's QDF mode as qpdf does", async () => {
    const qdf = await qdfFile();
    expect(await expectQpdfBytes(qdf)).toBeGreaterThanOrEqual(6);
  });
});

describe("a wrong /Length falls back to the scan for endstream", () => {
  const scanned = async (length: string, rest: Obj[] = []) =>
    contentsOf(await loadPdf(onePage(`<< /Length ${length} >>`, DATA, rest)), 4);
  const TRIMMED = DATA.slice(0, -1);

  it("drops the end of line a too short or unusable length does not cover", async () => {
    for (const length of ["5", "-3", "12.5", "(30)", "99999999999999999999"]) {
      expect(await scanned(length), length).toBe(TRIMMED);
    }
    for (const [length, rest] of [
      ["9 0 R", []], // missing
      ["5 0 R", [[5, "-31"]]],
      ["5 0 R", [[5, "30.9"]]],
      ["5 0 R", [[5, "<< /N 31 >>"]]],
      ["5 0 R", [[5, stream("<< /Length 2 >>", "31")]]], // a stream
      ["4 0 R", []], // itself
      ["5 0 R", [[5, "5 0 R"]]], // a loop
    ] as [string, Obj[]][]) {
      expect(await scanned(length, rest), `${length} ${rest.map((o) => o[1]).join(" ")}`).toBe(TRIMMED);
    }
  });

  it("keeps the end of line a length reaching past endstream covers", async () => {
    expect(await scanned("40")).toBe(DATA);
    expect(await scanned("5 0 R", [[5, "9007199254740991"]])).toBe(DATA);
  });

  it("stops at no 'endstream' or 'stream' inside the data when the length is right", async () => {
    const text = "/Span << /ActualText (upstream endstream) >> BDC EMC\n";
    const doc = await loadPdf(onePage("<< /Length 5 0 R >>", text, [[5, String(text.length)]]));
    expect(contentsOf(doc, 4)).toBe(text);
  });

  it("takes linear time over thousands of streams with hostile lengths", async () => {
    const objects: Obj[] = [];
    const kinds = ["99999 0 R", "0 0 R", "-1", "1e9", "123456789012", "9 0 R"];
    for (let i = 0; i < 6000; i++) {
      objects.push([10 + i, stream(`<< /Length ${kinds[i % kinds.length]} >>`, `${" ".repeat(2000)}x\n`)]);
    }
    objects.push([9, "9 0 R"]);
    const bytes = onePage(`<< /Length ${DATA.length} >>`, DATA, objects);
    const started = performance.now();
    const doc = await loadPdf(bytes);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(contentsOf(doc, 10)).toBe(`${" ".repeat(2000)}x`);
  });

  it("charges the file's index of numbers to the job, as it charges parsed objects", async () => {
    const numbers: Obj[] = Array.from({ length: 100_000 }, (_, i) => [10 + i, String(i)]);
    const file = (length: string) => onePage(`<< /Length ${length} >>`, DATA, [[5, String(DATA.length)], ...numbers]);
    const held = async (length: string) => {
      const budget = new Budget(30_000, { memory: 1024 * 1024 * 1024 });
      await loadPdf(file(length), { budget });
      return budget.peakHeld;
    };
    // Held while measuring, so that neither parse pays for references new to the pools.
    const warm = await loadPdf(file("5 0 R"));
    // The index is built for a length that comes after its stream, not for a direct one.
    const growth = (await held("5 0 R")) - (await held(String(DATA.length)));
    expect(growth).toBeGreaterThan(100_000 * 64 * 0.95);
    expect(growth).toBeLessThan(100_000 * 64 * 1.05);
    expect(warm.getPageCount()).toBe(1);
    const small = new Budget(30_000, { memory: 8 * 1024 * 1024 });
    const err = await loadPdf(onePage("<< /Length 5 0 R >>", DATA, numbers), { budget: small }).catch((e) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe("job_too_large");
  });
});
