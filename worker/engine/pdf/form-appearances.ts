import {
  PDFBool,
  PDFCheckBox,
  PDFDict,
  type PDFDocument,
  PDFDropdown,
  type PDFField,
  type PDFFont,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFTextField,
} from "@cantoo/pdf-lib";
import { embedTextFont } from "./fonts";

/**
 * Appearances of form fields: what a reader draws for each one. pdf-lib draws a field's value
 * again when it changed or has no appearance; a form that asks readers to redraw everything
 * (/NeedAppearances) gets all of them drawn, so every reader (and a flattened copy) shows the
 * values rather than whatever was drawn when the file was made. Text outside Helvetica's
 * WinAnsi set is drawn in DejaVu Sans, embedded.
 */

/** The text a field would draw (what the font has to cover). */
function shownText(field: PDFField): string {
  if (field instanceof PDFTextField) return field.getText() ?? "";
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
    return [...field.getSelected(), ...field.getOptions()].join("");
  }
  return "";
}

const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const isWinAnsi = (text: string) =>
  [...text].every((ch) => {
    const cp = ch.codePointAt(0) ?? 0;
    return (
      (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || cp === 10 || cp === 13 || WIN_ANSI_EXTRA.includes(ch)
    );
  });

/**
 * A multi-line field whose font size is "auto" (0): pdf-lib then picks the largest size at which
 * the text fits the box, a few words a line in letters an inch high; readers use a text size.
 */
function fixAutoSize(field: PDFTextField): void {
  const sizeOf = (da: string | undefined) => /(-?\d*\.?\d+)\s+Tf/.exec(da ?? "")?.[1];
  const size = sizeOf(field.acroField.getDefaultAppearance());
  if (size === undefined || Number(size) === 0) field.setFontSize(10);
  // A widget's own /DA wins over its field's.
  for (const widget of field.acroField.getWidgets()) {
    const da = widget.getDefaultAppearance();
    if (da && Number(sizeOf(da)) === 0) widget.setDefaultAppearance(da.replace(/(-?\d*\.?\d+)(\s+Tf)/, "10$2"));
  }
}

/** True when the form asks readers to draw its fields themselves. */
function needsAppearances(doc: PDFDocument): boolean {
  const acro = doc.catalog.lookup(PDFName.of("AcroForm"));
  return acro instanceof PDFDict && acro.lookup(PDFName.of("NeedAppearances")) === PDFBool.True;
}

/**
 * Draws the appearances of fields whose value changed, that have none, or (when the form asks
 * for it) all of them. A field whose appearance cannot be drawn (a damaged widget) keeps its own.
 */
export async function refreshAppearances(doc: PDFDocument, opts: { all?: boolean } = {}): Promise<void> {
  const acro = doc.catalog.lookup(PDFName.of("AcroForm"));
  if (!(acro instanceof PDFDict)) return;
  // Flattened or filled, the XFA packet would go on showing the old values to XFA readers.
  acro.delete(PDFName.of("XFA"));
  const form = doc.getForm();
  const all = opts.all || needsAppearances(doc);
  const fields = form.getFields().filter((f) => all || f.needsAppearancesUpdate());
  if (fields.length === 0) return;
  const text = fields.map(shownText).join("");
  let unicode: PDFFont | undefined;
  if (!isWinAnsi(text)) unicode = await embedTextFont(doc, text, { subject: "A form value", use: "a form field" });
  for (const field of fields) {
    try {
      if (field instanceof PDFTextField && field.isMultiline()) fixAutoSize(field);
      if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) field.defaultUpdateAppearances();
      else {
        const font = isWinAnsi(shownText(field)) ? form.getDefaultFont() : unicode;
        field.defaultUpdateAppearances(font as PDFFont);
      }
    } catch {
      // Left as it was: readers still show the value the file had drawn for it.
    }
  }
  // Every field now has a drawing of its value: readers need not (and should not) redraw them.
  acro.delete(PDFName.of("NeedAppearances"));
}
