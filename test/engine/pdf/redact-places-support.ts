import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import { expect } from "vitest";
import { runOn } from "../support/oracles";

/**
 * A document that keeps one word in every place a PDF can keep text, and a reader of everything
 * a redacted file still holds (every string, every decoded stream), judged by qpdf and poppler.
 */

export const WORD = "Zanzibar";

const enc = new TextEncoder();

/** `word` on the page (plain, hyphenated across two lines, as ActualText over other glyphs) and in every other place. */
export async function everyPlace(word = WORD): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([500, 700]);
  page.drawText(`Meeting with ${word} on Monday.`, { x: 40, y: 640, size: 12, font });
  const half = Math.ceil(word.length / 2);
  page.drawText(`The report by ${word.slice(0, half)}-`, { x: 40, y: 610, size: 12, font });
  page.drawText(`${word.slice(half)} came late.`, { x: 40, y: 595, size: 12, font });
  page.drawText("Nothing secret on this line.", { x: 40, y: 560, size: 12, font });
  // Glyphs that read otherwise, tagged with the word as their ActualText.
  const fontName = page.node.newFontDictionary("FA", font.ref).decodeText();
  page.node.addContentStream(
    ctx.register(
      ctx.flateStream(enc.encode(`/Span <</ActualText (${word})>> BDC BT /${fontName} 12 Tf 40 530 Td (Z.) Tj ET EMC`)),
    ),
  );

  // A filled text field (its widget's appearance draws the value).
  const form = doc.getForm();
  const field = form.createTextField("applicant");
  field.setText(`${word} Trading Ltd`);
  field.addToPage(page, { x: 40, y: 470, width: 250, height: 24, font });

  // A FreeText annotation whose appearance draws the word, and a sticky note with a pop-up.
  const freeTextAp = ctx.register(
    ctx.stream(enc.encode(`BT /Helv 11 Tf 4 6 Td (${word} quay) Tj ET`), {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 200, 24],
      Resources: { Font: { Helv: font.ref } },
    }),
  );
  const freeText = ctx.register(
    ctx.obj({
      Type: "Annot",
      Subtype: "FreeText",
      Rect: [40, 400, 240, 424],
      Contents: PDFHexString.fromText(`${word} quay`),
      DA: PDFString.of("/Helv 11 Tf 0 g"),
      AP: { N: freeTextAp },
    }),
  );
  const popup = ctx.nextRef();
  const note = ctx.register(
    ctx.obj({
      Type: "Annot",
      Subtype: "Text",
      Rect: [300, 400, 320, 420],
      Contents: PDFString.of(`Call ${word} back`),
      T: PDFString.of("Reviewer"),
      Popup: popup,
    }),
  );
  ctx.assign(popup, ctx.obj({ Type: "Annot", Subtype: "Popup", Rect: [320, 300, 480, 400], Parent: note }));
  const link = ctx.register(
    ctx.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [40, 360, 200, 380],
      Border: [0, 0, 0],
      A: { S: "URI", URI: PDFString.of(`mailto:${word.toLowerCase()}@example.com`) },
    }),
  );
  for (const a of [freeText, note, popup, link]) page.node.addAnnot(a);

  // A bookmark.
  const outlines = ctx.nextRef();
  const item = ctx.register(
    ctx.obj({ Title: PDFHexString.fromText(`About ${word}`), Parent: outlines, Dest: [page.ref, "Fit"] }),
  );
  ctx.assign(outlines, ctx.obj({ Type: "Outlines", First: item, Last: item, Count: 1 }));
  doc.catalog.set(PDFName.of("Outlines"), outlines);

  // Document JavaScript, in the name tree and run on opening.
  const script = ctx.register(ctx.obj({ S: "JavaScript", JS: PDFString.of(`app.alert("Hello ${word}");`) }));
  doc.catalog.set(PDFName.of("Names"), ctx.obj({ JavaScript: { Names: [PDFString.of("greeting"), script] } }));
  doc.catalog.set(
    PDFName.of("OpenAction"),
    ctx.register(
      ctx.obj({
        S: "JavaScript",
        JS: ctx.register(ctx.stream(enc.encode(`console.println("${word} opened");`))),
      }),
    ),
  );

  // Metadata: the information dictionary and an XMP packet.
  doc.setTitle(`Report on ${word}`);
  doc.setAuthor(`${word} Office`);
  const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Report on ${word}</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  doc.catalog.set(
    PDFName.of("Metadata"),
    ctx.register(ctx.stream(enc.encode(xmp), { Type: "Metadata", Subtype: "XML" })),
  );

  // An attachment whose name, description and text hold the word.
  await doc.attach(enc.encode(`Notes about ${word}: nothing else.`), `${word.toLowerCase()}-notes.txt`, {
    mimeType: "text/plain",
    description: `Notes on ${word}`,
  });

  // Accessibility text of the structure tree, and a page label.
  const root = ctx.nextRef();
  const figure = ctx.register(ctx.obj({ S: "Figure", P: root, Alt: PDFString.of(`Photo of ${word}`), Pg: page.ref }));
  ctx.assign(root, ctx.obj({ Type: "StructTreeRoot", K: [figure] }));
  doc.catalog.set(PDFName.of("StructTreeRoot"), root);
  doc.catalog.set(PDFName.of("PageLabels"), ctx.obj({ Nums: [0, { S: "D", P: PDFString.of(`${word}-`) }] }));
  return doc.save();
}

function latin1(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 65536) s += String.fromCharCode(...bytes.subarray(i, i + 65536));
  return s;
}

function textString(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let s = "";
    for (let i = 2; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
    return s;
  }
  return latin1(bytes);
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, "(": 40, ")": 41, "\\": 92 };

/** Literal strings of PDF syntax, their escapes read. */
function literalStrings(s: string): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== "(") continue;
    const bytes: number[] = [];
    let depth = 1;
    let j = i + 1;
    for (; j < s.length && depth > 0; j++) {
      const c = s[j];
      if (c === "\\") {
        const n = s[++j];
        if (n in ESCAPES) bytes.push(ESCAPES[n]);
        else if (/[0-7]/.test(n)) {
          let oct = n;
          while (oct.length < 3 && /[0-7]/.test(s[j + 1])) oct += s[++j];
          bytes.push(Number.parseInt(oct, 8) & 255);
        }
        continue;
      }
      if (c === "(") depth++;
      if (c === ")" && --depth === 0) break;
      bytes.push(c.charCodeAt(0));
    }
    out.push(Uint8Array.from(bytes));
    i = j;
  }
  return out;
}

/**
 * Everything a PDF holds as text a person could read back: qpdf writes it uncompressed (every
 * stream decoded), then its bytes, its hex and literal strings decoded (UTF-16 too), and what
 * pdftotext prints (text drawn through fonts whose codes are not letters).
 */
export async function everythingIn(pdf: Uint8Array): Promise<string> {
  const r = await runOn(
    "qpdf",
    ["--qdf", "--object-streams=disable", "--stream-data=uncompress", "--decode-level=all", "{in}", "{out}"],
    pdf,
  );
  expect(r.code, r.stderr).toBeLessThan(3);
  const raw = latin1(r.out!);
  const hex = [...raw.matchAll(/<([0-9A-Fa-f\s]+)>/g)].map((m) => {
    const digits = m[1].replace(/\s/g, "");
    const bytes = new Uint8Array(Math.ceil(digits.length / 2));
    for (let i = 0; i < bytes.length; i++)
      bytes[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2).padEnd(2, "0"), 16);
    return textString(bytes);
  });
  const literal = literalStrings(raw).map(textString);
  const text = await runOn("pdftotext", ["{in}", "-"], pdf);
  expect(text.code, text.stderr).toBe(0);
  // A word hyphenated at a line's end, read back whole.
  const joined = text.stdout.replace(/-\n/g, "");
  return [raw, ...hex, ...literal, text.stdout, joined].join("\n");
}

/** The places of `text` in `haystack`, ignoring case (a few characters around each). */
export function occurrences(haystack: string, text: string): string[] {
  const lower = haystack.toLowerCase();
  const out: string[] = [];
  for (let at = lower.indexOf(text.toLowerCase()); at >= 0; at = lower.indexOf(text.toLowerCase(), at + 1)) {
    out.push(haystack.slice(Math.max(0, at - 30), at + text.length + 30));
  }
  return out;
}
