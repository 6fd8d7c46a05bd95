import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, corpusFile, json, oracle } from "../helpers";
import {
  convertFails,
  convertOk,
  download,
  expectValidPdf,
  form,
  type Outline,
  outlines,
  pageCount,
  pdfText,
  post,
} from "./support";

const EXTRACT = "/api/convert/extract-pages";
const SPLIT = "/api/convert/split-pages";
const SOURCE = "pdf/valid/qpdf__hybrid-xref.pdf"; // 30 pages with nested bookmarks

function crc32(bytes: Uint8Array): string {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ((~c >>> 0) >>> 0).toString(16).padStart(8, "0");
}

const flat = (l: Outline[]): Outline[] => l.flatMap((o) => [o, ...flat(o.kids)]);

describe("POST /api/convert/extract-pages", () => {
  it("puts the selected pages, in page order, into one PDF named after them", async () => {
    const src = await corpusFile(SOURCE);
    const body = await convertOk(EXTRACT, form([{ name: "report.pdf", bytes: src }], { selectedPages: "[9,2,3,3,4]" }));
    expect(body.message).toBe("Pages extracted successfully");
    expect(body.file).toMatchObject({ originalName: "report.pdf", convertedName: "report-pages-2-4_9.pdf" });
    const out = await download(body.file);
    await expectValidPdf(out);
    expect(await pageCount(out)).toBe(4);
    for (const [i, p] of [2, 3, 4, 9].entries()) {
      expect(await pdfText(out, ["-f", `${i + 1}`, "-l", `${i + 1}`])).toBe(
        await pdfText(src, ["-f", `${p}`, "-l", `${p}`]),
      );
    }
    // Bookmarks to kept pages survive, pointing at their new positions.
    const before = new Map(flat(await outlines(src)).map((o) => [o.title, o.page]));
    const after = flat(await outlines(out)).filter((o) => o.page !== null);
    expect(after.length).toBe([...before.values()].filter((p) => p !== null && [2, 3, 4, 9].includes(p)).length);
    for (const o of after) expect([2, 3, 4, 9][(o.page ?? 0) - 1]).toBe(before.get(o.title));
  });

  it("accepts ranges such as 1-3,7 and names a single page page-N", async () => {
    const src = await corpusFile(SOURCE);
    const ranged = await convertOk(EXTRACT, form([{ name: "r.pdf", bytes: src }], { selectedPages: "1-3,7" }));
    expect(ranged.file?.convertedName).toBe("r-pages-1-3_7.pdf");
    expect(await pageCount(await download(ranged.file))).toBe(4);
    const texts = await convertOk(EXTRACT, form([{ name: "r.pdf", bytes: src }], { selectedPages: '["5","6"]' }));
    expect(texts.file?.convertedName).toBe("r-pages-5-6.pdf");
    const one = await convertOk(EXTRACT, form([{ name: "r.pdf", bytes: src }], { selectedPages: "[30]" }));
    expect(one.file?.convertedName).toBe("r-page-30.pdf");
  });

  it("refuses a missing, empty or impossible page selection with a 400", async () => {
    const src = await corpusFile(SOURCE);
    const file = [{ name: "r.pdf", bytes: src }];
    const cases: [Record<string, string>, string][] = [
      [{}, "Please select at least one page to extract."],
      [{ selectedPages: "[]" }, "Please select at least one page to extract."],
      [{ selectedPages: "[31]" }, "Page 31 does not exist: this PDF has 30 pages."],
      [{ selectedPages: "[0]" }, "Page 0 does not exist: this PDF has 30 pages."],
      [{ selectedPages: "[1.5]" }, "Page numbers must be whole numbers"],
      [{ selectedPages: "pages please" }, "Pages must be a list of page numbers"],
      [{ selectedPages: '["one"]' }, "Page numbers must be whole numbers"],
    ];
    for (const [fields, error] of cases) {
      expect((await convertFails(EXTRACT, form(file, fields), 400)).error).toBe(error);
    }
    // Ranges that would expand into millions of numbers are refused as they are read, not after.
    for (const huge of ["1-10001,".repeat(10_000), "1-99999999", `[${"1,".repeat(150_000)}1]`]) {
      const refused = await convertFails(EXTRACT, form(file, { selectedPages: huge }), 400);
      expect(refused.error).toBe("Too many pages selected.");
    }
    // A problem with the list is reported under the field's own name.
    const named = (await convertFails(EXTRACT, form(file, { selectedPages: "pages please" }), 400)) as {
      fields?: Record<string, string>;
    };
    expect(named.fields).toEqual({ selectedPages: "Pages must be a list of page numbers" });
    expect((await convertFails(SPLIT, form(file), 400)).error).toBe("Please select at least one page to split.");
    const two = form([...file, ...file], { selectedPages: "[1]" });
    expect((await convertFails(EXTRACT, two, 400)).error).toBe("Please upload one file at a time.");
    const enc = await corpusFile("pdf/encrypted/qpdf__c-r3.pdf");
    const locked = await convertFails(EXTRACT, form([{ name: "s.pdf", bytes: enc }], { selectedPages: "[1]" }), 422);
    expect(locked.code).toBe("password_required");
  });
});

describe("POST /api/convert/split-pages", () => {
  it("gives each selected page as its own PDF plus one ZIP of them all, ZIP first", async () => {
    const src = await corpusFile(SOURCE);
    const body = await convertOk(SPLIT, form([{ name: "report.pdf", bytes: src }], { selectedPages: "[3,1]" }));
    expect(body.file?.convertedName).toBe("report-pages.zip");
    expect(body.files.map((f) => f.convertedName)).toEqual([
      "report-pages.zip",
      "report-page-1.pdf",
      "report-page-3.pdf",
    ]);
    const zip = await download(body.files[0]);
    const pages = [await download(body.files[1]), await download(body.files[2])];
    for (const [i, p] of [1, 3].entries()) {
      await expectValidPdf(pages[i]);
      expect(await pageCount(pages[i])).toBe(1);
      expect(await pdfText(pages[i])).toBe(await pdfText(src, ["-f", `${p}`, "-l", `${p}`]));
    }
    const tested = await oracle("unzip", ["-tq", "{in}"], zip);
    expect(tested.code, tested.stdout).toBe(0);
    const listing = await oracle("unzip", ["-v", "{in}"], zip);
    for (const [i, name] of ["report-page-1.pdf", "report-page-3.pdf"].entries()) {
      expect(listing.stdout).toMatch(new RegExp(`${pages[i].byteLength}\\s.*${crc32(pages[i])}\\s+${name}`));
    }
    const dl = await call(String(body.files[0].downloadUrl));
    expect(dl.headers.get("content-type")).toBe("application/zip");
  });

  it("gives more than 20 pages only as the ZIP: one stored file, not one per page", async () => {
    const src = await corpusFile(SOURCE);
    const body = await convertOk(SPLIT, form([{ name: "report.pdf", bytes: src }], { selectedPages: "1-30" }));
    expect(body.files.map((f) => f.convertedName)).toEqual(["report-pages.zip"]);
    expect(body.file?.pageCount).toBe(30);
    const zip = await download(body.files[0]);
    const tested = await oracle("unzip", ["-tq", "{in}"], zip);
    expect(tested.code, tested.stdout).toBe(0);
    const listing = await oracle("unzip", ["-Z1", "{in}"], zip);
    expect(listing.stdout.trim().split("\n")).toEqual(Array.from({ length: 30 }, (_, i) => `report-page-${i + 1}.pdf`));
    const page7 = await oracle("unzip", ["-p", "{in}", "report-page-7.pdf"], zip);
    expect(page7.stdout.startsWith("%PDF-")).toBe(true);
  });

  it("refuses to split more than 1,000 pages into files at once, before reading the PDF", async () => {
    const src = await corpusFile(SOURCE);
    const res = await post(SPLIT, form([{ name: "report.pdf", bytes: src }], { selectedPages: "1-1001" }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: "job_too_large",
      error:
        "Split makes one PDF per page, at most 1,000 at a time. Select fewer pages, or use Extract to get them as one PDF.",
    });
  });

  it("gives a single selected page as just that PDF", async () => {
    const src = await corpusFile(SOURCE);
    const body = await convertOk(SPLIT, form([{ name: "report.pdf", bytes: src }], { selectedPages: "[2]" }));
    expect(body.files).toHaveLength(1);
    expect(body.file?.convertedName).toBe("report-page-2.pdf");
    expect(await pageCount(await download(body.file))).toBe(1);
  });

  it("records only the ZIP in a signed-in user's history", async () => {
    const reg = await call("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.90" },
      body: JSON.stringify({
        firstName: "S",
        lastName: "P",
        email: "splitter@example.com",
        password: "tulip-canyon-raft",
        confirmPassword: "tulip-canyon-raft",
      }),
    });
    const { sessionToken } = await json<{ sessionToken: string }>(reg);
    const src = await corpusFile(SOURCE);
    const res = await post(SPLIT, form([{ name: "report.pdf", bytes: src }], { selectedPages: "[1,2,3]" }), {
      authorization: `Bearer ${sessionToken}`,
    });
    expect(res.status).toBe(200);
    // Only this user's rows: other files' tests share the database.
    const rows = await env.DB.prepare(
      "select convertedFilename, conversionType from file_history where userId = (select id from users where email = 'splitter@example.com')",
    ).all();
    expect(rows.results).toEqual([{ convertedFilename: "report-pages.zip", conversionType: "split-pages" }]);
  });
});

describe("POST /api/analyze-pdf", () => {
  it("answers the real page count, not the one the file claims", async () => {
    const src = await corpusFile(SOURCE);
    const res = await post("/api/analyze-pdf", form([{ name: "r.pdf", bytes: src }]));
    expect(await res.json()).toEqual({ pageCount: 30 });
    // One real page under a page tree that claims /Count 9999999999.
    const liar = await corpusFile("pdf/malformed/pdfjs__poppler-67295-0.pdf");
    const claims = await oracle("qpdf", ["--show-npages", "{in}"], liar);
    expect(claims.stdout.trim()).toBe("9999999999");
    const res2 = await post("/api/analyze-pdf", form([{ name: "l.pdf", bytes: liar }]));
    expect(await res2.json()).toEqual({ pageCount: 1 });
  });

  it("does not use up the daily allowance", async () => {
    const src = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    for (let i = 0; i < 4; i++) {
      const res = await post("/api/analyze-pdf", form([{ name: "a.pdf", bytes: src }]), {
        "cf-connecting-ip": "198.51.100.178",
      });
      expect(res.status).toBe(200);
    }
  });

  it("refuses what it cannot read", async () => {
    const enc = await corpusFile("pdf/encrypted/pdfjs__issue6010_1.pdf");
    const locked = await convertFails("/api/analyze-pdf", form([{ name: "l.pdf", bytes: enc }]), 422);
    expect(locked.error).toBe("l.pdf is password-protected. Enter its password to open it.");
    const loop = await corpusFile("pdf/malformed/pdfjs__Pages-tree-refs.pdf");
    const looped = await convertFails("/api/analyze-pdf", form([{ name: "loop.pdf", bytes: loop }]), 422);
    expect(looped).toEqual({ code: "pdf_damaged", error: "loop.pdf has a page list that loops back on itself." });
    expect((await convertFails("/api/analyze-pdf", new FormData(), 400)).error).toBe("No files selected");
  });
});
