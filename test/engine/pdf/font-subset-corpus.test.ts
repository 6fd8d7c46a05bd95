import { describe, expect, it } from "vitest";
import { Budget } from "../../../worker/engine/core/budget";
import { compressPdf } from "../../../worker/engine/pdf/compress/compress";
import { corpus } from "../support/oracles";
import { expectSameDocument } from "./font-support";

/**
 * Real files with embedded fonts through Compress PDF: the output must read the same to poppler
 * (pdftotext of the whole file) and its first pages render to the same pixels, whatever fonts
 * were cut. `cut` marks the files whose fonts are not already subsets (or not tightly), where
 * subsetting must find something to do.
 */
const FILES: { file: string; cut: boolean }[] = [
  { file: "pdfjs__160F-2019.pdf", cut: true }, // simple TrueType, WinAnsi
  { file: "pdfjs__issue12963.pdf", cut: true }, // CID CFF and CID TrueType, Identity-H
  { file: "pdfjs__issue13931.pdf", cut: true }, // CID TrueType
  { file: "pdflib__dod_character.pdf", cut: true }, // TrueType
  { file: "pdflib__us_constitution.pdf", cut: true }, // CIDFontType0C
  { file: "pdflib__with_combed_fields.pdf", cut: true }, // a form: its field fonts stay whole
  { file: "pdflib__with_cropbox.pdf", cut: true }, // TrueType, simple and Identity-H
  { file: "pdflib__with_update_sections.pdf", cut: true }, // Type 1C, custom encoding
  { file: "pysample__google-doc-document.pdf", cut: true }, // Type 3 and CID TrueType
  { file: "pysample__habibi-rotated.pdf", cut: true }, // CID TrueType, rotated pages
  { file: "pysample__reportlab-overlay.pdf", cut: true },
  { file: "pdfjs__TAMReview.pdf", cut: false }, // Type 1 and Type 1C subsets, custom encodings
  { file: "pysample__crazyones-pdfa.pdf", cut: false }, // PDF/A, Type 1C subsets
  { file: "pdflib__with_xfa_fields.pdf", cut: false }, // XFA: the form's fonts stay whole
  { file: "pysample__libreoffice-form.pdf", cut: false }, // editable fields
  // Encrypted with an empty user password: opened without asking, written without encryption.
  { file: "../encrypted/pdfjs__bug900822.pdf", cut: false }, // CID TrueType subsets
  { file: "../encrypted/pdfjs__issue9972-1.pdf", cut: false }, // TrueType, MacRoman and WinAnsi
];

describe("font subsetting on real files", () => {
  for (const { file, cut } of FILES) {
    it(file, async () => {
      const input = await corpus(`pdf/valid/${file}`);
      const r = await compressPdf(input, { level: "low", budget: new Budget(60_000) });
      if (cut) expect(r.fontsSubset).toBeGreaterThan(0);
      await expectSameDocument(input, r.unchanged ? input : r.bytes, 72, 3);
    });
  }
});
