import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, corpusFile, json, oracle } from "../helpers";
import { convertFails, convertOk, download, downloadPdf, form, post } from "./support";

/**
 * Split PDF's HTTP contract (extract-pages, split-pages) and analyze-pdf's: answers, stored results,
 * history, refusals. The pages, bookmarks and ZIPs are judged in test/engine/tools/split.test.ts.
 */

const EXTRACT = "/api/convert/extract-pages";
const SPLIT = "/api/convert/split-pages";
const SOURCE = "pdf/valid/qpdf__hybrid-xref.pdf"; // 30 pages with nested bookmarks

describe("POST /api/convert/extract-pages", () => {
  it("answers with one PDF of the selected pages, named after them, stored for download", async () => {
    const src = await corpusFile(SOURCE);
    const body = await convertOk(EXTRACT, form([{ name: "report.pdf", bytes: src }], { selectedPages: "[9,2,3,3,4]" }));
    expect(body.message).toBe("Pages extracted successfully");
    expect(body.file).toMatchObject({ originalName: "report.pdf", convertedName: "report-pages-2-4_9.pdf" });
    await downloadPdf(body.file);
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
  it("answers with the ZIP first, then each page's PDF, all stored for download", async () => {
    const src = await corpusFile(SOURCE);
    const body = await convertOk(SPLIT, form([{ name: "report.pdf", bytes: src }], { selectedPages: "[3,1]" }));
    expect(body.file?.convertedName).toBe("report-pages.zip");
    expect(body.files.map((f) => f.convertedName)).toEqual([
      "report-pages.zip",
      "report-page-1.pdf",
      "report-page-3.pdf",
    ]);
    const zip = await download(body.files[0]);
    expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    await downloadPdf(body.files[1]);
    await downloadPdf(body.files[2]);
    const dl = await call(String(body.files[0].downloadUrl));
    expect(dl.headers.get("content-type")).toBe("application/zip");
    // More than 20 pages: only the ZIP is stored.
    const many = await convertOk(SPLIT, form([{ name: "report.pdf", bytes: src }], { selectedPages: "1-30" }));
    expect(many.files.map((f) => f.convertedName)).toEqual(["report-pages.zip"]);
    expect(many.file?.pageCount).toBe(30);
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
