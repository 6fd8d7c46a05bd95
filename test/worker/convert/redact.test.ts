import { PDFDocument, rgb, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import type { RedactPreviewAnswer } from "../../../schema/form-options";
import { inOneWindow, json, oracle } from "../helpers";
import {
  base64Bytes,
  blocks,
  convertFails,
  convertOk,
  download,
  expectValidPdf,
  form,
  pdfInfo,
  pdfText,
  post,
  render,
} from "./support";

/**
 * Redact PDF through its endpoints: what is under the boxes is gone from the whole file (every
 * stream qpdf can decode, not only the text a reader shows), the rest of the page is as it was.
 */

const LINES = [
  "Patient: Ada Lovelace",
  "Contact: ada@example.com or +44 20 7946 0958",
  "IBAN GB82 WEST 1234 5698 7654 32",
  "Diagnosis: entirely fictional",
];

async function letter(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle("Secret letter for Ada");
  doc.setAuthor("Dr Example");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of [1, 2]) {
    const page = doc.addPage([612, 792]);
    for (const [i, line] of LINES.entries()) page.drawText(line, { x: 72, y: 700 - i * 30, size: 14, font });
    page.drawText(`Page ${p}`, { x: 72, y: 72, size: 10, font });
    page.drawRectangle({ x: 400, y: 300, width: 100, height: 100, color: rgb(0.2, 0.6, 0.2) });
  }
  return doc.save();
}

/** Everything in the file that qpdf can decode: every object and every stream's data, as text. */
async function everything(bytes: Uint8Array): Promise<string> {
  const r = await oracle(
    "qpdf",
    ["--json", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=all", "{in}"],
    bytes,
  );
  const objects = JSON.parse(r.stdout).qpdf[1] as Record<string, { stream?: { data?: string }; value?: unknown }>;
  const parts: string[] = [];
  for (const o of Object.values(objects)) {
    parts.push(JSON.stringify(o.value ?? o.stream));
    if (o.stream?.data) parts.push(new TextDecoder("latin1").decode(base64Bytes(o.stream.data)));
  }
  return parts.join("\n");
}

/** The text `s` as pdf-lib's Helvetica writes it in a content stream (hex). */
const hexOf = (s: string) => [...s].map((c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")).join("");

describe("redact preview", () => {
  it("finds words and patterns, placed on the page as it is shown", async () => {
    const res = await post(
      "/api/redact-preview",
      form([{ name: "letter.pdf", bytes: await letter() }], { search: "lovelace", patterns: "email,iban" }),
    );
    expect(res.status).toBe(200);
    const body = await json<RedactPreviewAnswer>(res);
    expect(body.pageCount).toBe(2);
    expect(body.matches.map((m) => [m.page, m.text])).toEqual([
      [1, "Lovelace"],
      [1, "ada@example.com"],
      [1, "GB82 WEST 1234 5698 7654 32"],
      [2, "Lovelace"],
      [2, "ada@example.com"],
      [2, "GB82 WEST 1234 5698 7654 32"],
    ]);
    const [rect] = body.matches[0].rects;
    // "Lovelace" sits on the first line: 700 pt up a 792 pt page, right of "Patient: Ada ".
    expect(rect.y).toBeGreaterThan((792 - 700 - 16) / 792);
    expect(rect.y + rect.height).toBeLessThan((792 - 700 + 6) / 792);
    expect(rect.x).toBeGreaterThan(72 / 612);
  });

  it("says what is missing or wrong", async () => {
    const pdf = [{ name: "letter.pdf", bytes: await letter() }];
    const none = await post("/api/redact-preview", form(pdf));
    expect(none.status).toBe(400);
    const bad = await post("/api/redact-preview", form(pdf, { patterns: "email,postcode" }));
    expect(bad.status).toBe(400);
    expect((await json<{ error: string }>(bad)).error).toBe(
      "Patterns must be a list of email, phone and iban, separated by commas.",
    );
  });
});

describe("places elsewhere in the file, and searches that find nothing", () => {
  it("lists the metadata beside the pages, and redacts what the page sends: its searches, less the matches left", async () => {
    const pdf = [{ name: "letter.pdf", bytes: await letter() }];
    const res = await post("/api/redact-preview", form(pdf, { search: "Ada" }));
    const preview = await json<RedactPreviewAnswer>(res);
    expect(preview.matches.map((m) => [m.page, m.kind, m.label ?? "", m.text])).toEqual([
      [1, "text", "", "Ada"],
      [1, "text", "", "ada"],
      [2, "text", "", "Ada"],
      [2, "text", "", "ada"],
      [0, "metadata", "Title", "Ada"],
    ]);
    expect(preview.matches[4]).toMatchObject({ rects: [], context: "Secret letter for Ada" });
    const page2 = preview.matches.filter((m) => m.page === 2).map((m) => m.id);
    const body = await convertOk(
      "/api/convert/redact-pdf",
      form(pdf, {
        searches: JSON.stringify([{ search: "Ada" }]),
        skip: JSON.stringify(page2),
        clearMetadata: "false",
      }),
    );
    expect(body.file).toMatchObject({ matches: 3, placesCleaned: 1 });
    const out = await download(body.file);
    expect(await pdfText(out, ["-f", "1", "-l", "1"])).not.toMatch(/ada/i);
    expect(await pdfText(out, ["-f", "2", "-l", "2"])).toContain("Patient: Ada Lovelace");
    expect((await pdfInfo(out)).Title).toBe("Secret letter for █████");
  });

  it("counts a search that finds nothing as a refused job, in the preview and in redacting", async () => {
    const ip = "198.51.100.211";
    const pdf = [{ name: "letter.pdf", bytes: await letter() }];
    await inOneWindow(3_600_000, 30_000);
    const missed = await post("/api/convert/redact-pdf", form(pdf, { search: "Zanzibar" }), { "cf-connecting-ip": ip });
    expect(missed.status).toBe(422);
    expect(await json(missed)).toMatchObject({
      code: "nothing_found",
      error: "Nothing to redact: the search found no matches in letter.pdf, and no areas were marked.",
    });
    for (let i = 1; i < 20; i++) {
      const res = await post("/api/redact-preview", form(pdf, { search: `Zanzibar${i}` }), { "cf-connecting-ip": ip });
      expect(res.status).toBe(200);
      expect((await json<RedactPreviewAnswer>(res)).matches).toEqual([]);
    }
    const stopped = await post("/api/redact-preview", form(pdf, { search: "Lovelace" }), { "cf-connecting-ip": ip });
    expect(stopped.status).toBe(429);
    expect(await json(stopped)).toMatchObject({ code: "rate_limited" });
  });
});

describe("redact", () => {
  it("removes searched text and marked areas from the whole file, and reports what it did", async () => {
    const before = await letter();
    // The green square on page 1, marked by hand: x 400..500, y 300..400 (from the bottom).
    const square = { page: 1, x: 400 / 612, y: (792 - 400) / 792, width: 100 / 612, height: 100 / 792 };
    const body = await convertOk(
      "/api/convert/redact-pdf",
      form([{ name: "letter.pdf", bytes: before }], {
        search: "Lovelace",
        patterns: "email,phone,iban",
        areas: JSON.stringify([square]),
        clearMetadata: "true",
      }),
    );
    const file = body.file as unknown as Record<string, number | string>;
    expect(file.convertedName).toBe("letter-redacted.pdf");
    expect(file.matches).toBe(8);
    expect(file.pages).toBe(2);
    expect(file.boxes).toBeGreaterThanOrEqual(9);
    expect(file.message).toMatch(/^Redacted \d+ areas on 2 pages \(8 search matches\): \d+ characters of text/);
    const out = await download(body.file);
    await expectValidPdf(out);
    const text = await pdfText(out);
    for (const gone of ["Lovelace", "ada@example.com", "7946", "GB82", "WEST"]) expect(text).not.toContain(gone);
    for (const kept of ["Patient: Ada", "Contact:", "Diagnosis: entirely fictional", "Page 1", "Page 2"]) {
      expect(text).toContain(kept);
    }
    // Not only out of view: in no object or stream of the file, as text or as pdf-lib's hex.
    const all = await everything(out);
    for (const gone of ["Lovelace", "ada@example.com", "Secret letter", "Dr Example"]) {
      expect(all).not.toContain(gone);
      expect(all).not.toContain(hexOf(gone));
    }
    expect(all).toContain(hexOf("Diagnosis"));
    const info = await pdfInfo(out);
    expect(info.Title).toBeUndefined();
    expect(info.Author).toBeUndefined();
    // Page 1 as rendered: black where the square and the matches were, the rest as before.
    const a = blocks(await render(before, { dpi: 36, gray: true }), 6);
    const b = blocks(await render(out, { dpi: 36, gray: true }), 6);
    const cell = (r: typeof a, x: number, y: number) =>
      r.data[Math.floor((792 - y) / 12) * r.width + Math.floor(x / 12)];
    expect(cell(b, 450, 350)).toBeLessThan(30);
    expect(cell(a, 450, 350)).toBeGreaterThan(60);
    let changed = 0;
    for (let i = 0; i < a.data.length; i++) if (Math.abs(a.data[i] - b.data[i]) > 8) changed++;
    // The boxes cover a small part of the page: the square and three lines' worth of matches.
    expect(changed / a.data.length).toBeLessThan(0.06);
  });

  it("redacts marked areas on a page turned by /Rotate where the person saw them", async () => {
    const doc = await PDFDocument.load(await letter());
    doc.getPage(0).setRotation({ type: "degrees", angle: 90 } as never);
    const turned = await doc.save();
    // Turned a quarter clockwise, the first line (y 700 from the bottom) runs down the right-hand side.
    const area = { page: 1, x: (700 - 20) / 792, y: 60 / 612, width: 40 / 792, height: 300 / 612 };
    const body = await convertOk(
      "/api/convert/redact-pdf",
      form([{ name: "turned.pdf", bytes: turned }], { areas: JSON.stringify([area]) }),
    );
    const text = await pdfText(await download(body.file), ["-f", "1", "-l", "1"]);
    expect(text).not.toContain("Patient");
    expect(text).toContain("Diagnosis");
  });

  it("says what is missing or wrong", async () => {
    const pdf = [{ name: "letter.pdf", bytes: await letter() }];
    const none = await convertFails("/api/convert/redact-pdf", form(pdf), 400);
    expect(none.error).toBe("Mark at least one area, or search for text or a pattern, to redact.");
    const far = JSON.stringify([{ page: 7, x: 0.1, y: 0.1, width: 0.1, height: 0.1 }]);
    expect((await convertFails("/api/convert/redact-pdf", form(pdf, { areas: far }), 400)).error).toBe(
      "Page 7 does not exist: letter.pdf has 2 pages.",
    );
    const bad = JSON.stringify([{ page: 1, x: 0.1, y: 0.1, width: 2, height: 0.1 }]);
    expect((await convertFails("/api/convert/redact-pdf", form(pdf, { areas: bad }), 400)).error).toMatch(
      /fractions of the page/,
    );
  });
});
