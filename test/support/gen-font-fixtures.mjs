#!/usr/bin/env node
/**
 * Writes test/fixtures/fonts/: PDFs embedding whole CFF fonts, for the font-subsetting tests
 * (TrueType fixtures are made in the tests from the DejaVu package). Needs Ghostscript and the
 * URW base 35 fonts (Debian: ghostscript, fonts-urw-base35), which CI does not have, so the
 * files are kept in the repository. `node test/support/gen-font-fixtures.mjs`.
 *
 * - type1c-whole.pdf: Helvetica, Times-Roman and Symbol as whole Type 1C (FontFile3) fonts,
 *   WinAnsi and built-in encodings, as Ghostscript embeds them when told not to subset.
 * - opentype-whole.pdf: URW's Nimbus Sans (OpenType, CFF outlines) embedded whole by pdf-lib
 *   (which files it as a TrueType CIDFontType2 in FontFile2), moved to where PDF says it
 *   belongs: a CIDFontType0 font with a FontFile3 /OpenType program, CIDs = glyph ids.
 * - cidfonttype0c-whole.pdf: the same font with its CFF table as a bare FontFile3 /CIDFontType0C
 *   program (name-keyed: its CIDs are its glyph ids).
 * - cid-keyed-gs.pdf: two pages of Nimbus Sans text as Ghostscript writes them, a CID-keyed
 *   CIDFontType0C program (subset to what both pages show; a test removes a page first).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fontkit from "@cantoo/fontkit";
import { PDFDict, PDFDocument, PDFName, StandardFonts } from "@cantoo/pdf-lib";

const out = (name) => fileURLToPath(new URL(`../fixtures/fonts/${name}`, import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "font-fixtures-"));
const GS = [
  "-q",
  "-dNOPAUSE",
  "-dBATCH",
  "-dSAFER",
  "-sDEVICE=pdfwrite",
  "-dSubsetFonts=false",
  "-dEmbedAllFonts=true",
];

async function standardFonts() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 200]);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  const symbol = await doc.embedFont(StandardFonts.Symbol);
  page.drawText("Hello, Welt: äöü ß € “quoted” — 1234", { x: 20, y: 160, size: 14, font: helvetica });
  page.drawText("Times Roman: AVAWAY fi fl Æ œ", { x: 20, y: 120, size: 14, font: times });
  page.drawText("αβγδ ∑∞≈", { x: 20, y: 80, size: 14, font: symbol });
  return doc.save();
}

const NIMBUS = readFileSync("/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf");

async function openTypeFont(lines = ["Nimbus Sans, OpenType CFF", "Grüße aus Köln: 12,50 €"], second = "") {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(NIMBUS, { subset: false });
  const page = doc.addPage([400, 200]);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 20, y: 150 - 40 * i, size: 16, font });
  });
  if (second) doc.addPage([400, 200]).drawText(second, { x: 20, y: 150, size: 16, font });
  return doc;
}

/** The OpenType file's CFF table (its table directory read by hand). */
function cffTable(otf) {
  const v = new DataView(otf.buffer, otf.byteOffset, otf.byteLength);
  for (let i = 0; i < v.getUint16(4); i++) {
    const at = 12 + i * 16;
    if (otf.subarray(at, at + 4).toString() === "CFF ") {
      return otf.subarray(v.getUint32(at + 8), v.getUint32(at + 8) + v.getUint32(at + 12));
    }
  }
  throw new Error("no CFF table");
}

/** pdf-lib's CIDFontType2 + FontFile2 made a CIDFontType0 + FontFile3 of `subtype`, holding `program`. */
async function asCidFontType0(subtype, program) {
  const doc = await openTypeFont();
  await doc.flush();
  const ctx = doc.context;
  for (const [, o] of ctx.enumerateIndirectObjects()) {
    if (!(o instanceof PDFDict) || o.get(PDFName.of("Subtype")) !== PDFName.of("CIDFontType2")) continue;
    o.set(PDFName.of("Subtype"), PDFName.of("CIDFontType0"));
    o.delete(PDFName.of("CIDToGIDMap"));
    const descriptor = ctx.lookup(o.get(PDFName.of("FontDescriptor")), PDFDict);
    ctx.delete(descriptor.get(PDFName.of("FontFile2")));
    descriptor.delete(PDFName.of("FontFile2"));
    const stream = ctx.flateStream(program, { Subtype: subtype });
    descriptor.set(PDFName.of("FontFile3"), ctx.register(stream));
  }
  return doc.save();
}

async function twoPages() {
  const doc = await openTypeFont(["First page: Quick brown fox"], "Second: jumps over 0123456789 lazy dogs");
  return doc.save();
}

const base14 = join(tmp, "base14.pdf");
writeFileSync(base14, await standardFonts());
execFileSync("gs", [
  ...GS,
  `-sOutputFile=${out("type1c-whole.pdf")}`,
  "-c",
  "<</NeverEmbed [ ]>> setdistillerparams",
  "-f",
  base14,
]);
writeFileSync(out("opentype-whole.pdf"), await asCidFontType0("OpenType", NIMBUS));
writeFileSync(out("cidfonttype0c-whole.pdf"), await asCidFontType0("CIDFontType0C", cffTable(NIMBUS)));
const two = join(tmp, "two.pdf");
writeFileSync(two, await twoPages());
execFileSync("gs", [...GS, `-sOutputFile=${out("cid-keyed-gs.pdf")}`, two]);
console.info("wrote test/fixtures/fonts/");
