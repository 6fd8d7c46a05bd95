import {
  PDFBool,
  PDFButton,
  PDFCheckBox,
  PDFDict,
  type PDFDocument,
  PDFDropdown,
  type PDFField,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFString,
  PDFTextField,
} from "@cantoo/pdf-lib";
import { type Budget, yieldToEventLoop } from "../core/budget";
import { embedTextFont } from "./fonts";
import { AppearanceSettler, DRAWING_BYTES, WIDGET_BYTES } from "./form-appearance-bytes";
import { textFieldAppearance } from "./form-text-wrap";
import { distinctFields, distinctWidgets } from "./form-walk";

/**
 * Appearances of form fields: what a reader draws for each one. pdf-lib draws a field's value
 * again when it changed or has no appearance; a form that asks readers to redraw everything
 * (/NeedAppearances) gets all of them drawn, so every reader (and a flattened copy) shows the
 * values rather than whatever was drawn when the file was made. Text outside Helvetica's
 * WinAnsi set is drawn in DejaVu Sans, embedded.
 *
 * Each drawing is settled into bytes as soon as pdf-lib has made it (form-appearance-bytes.ts),
 * and what the drawings will hold is taken from the job's budget before any is drawn: a form too
 * large for the job is refused at once.
 */

/** Drawing time between turns of the event loop (a long value can take pdf-lib a while). */
const SLICE_MS = 8;

/** The text a field would draw (what the font has to cover). */
function shownText(field: PDFField): string {
  if (field instanceof PDFTextField) return field.getText() ?? "";
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
    return [...field.getSelected(), ...field.getOptions()].join("");
  }
  return "";
}

const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
function isWinAnsi(text: string): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const ok =
      (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || cp === 10 || cp === 13 || WIN_ANSI_EXTRA.includes(ch);
    if (!ok) return false;
  }
  return true;
}

/**
 * A multi-line field whose font size is "auto" (0): pdf-lib then picks the largest size at which
 * the text fits the box, a few words a line in letters an inch high; readers use a text size.
 */
function fixAutoSize(field: PDFTextField, formDa: string): void {
  const sizeOf = (da: string | undefined) => /(-?\d*\.?\d+)\s+Tf/.exec(da ?? "")?.[1];
  // pdf-lib sets a size in the field's own /DA only: a field drawn by the form's gets a copy of it
  // (pdf-lib refused it, and the field was flattened away with nothing drawn).
  if (field.acroField.getDefaultAppearance() === undefined) field.acroField.setDefaultAppearance(formDa);
  const size = sizeOf(field.acroField.getDefaultAppearance());
  if (size === undefined || Number(size) === 0) field.setFontSize(10);
  // A widget's own /DA wins over its field's.
  for (const widget of field.acroField.getWidgets()) {
    const da = widget.getDefaultAppearance();
    if (da && Number(sizeOf(da)) === 0) widget.setDefaultAppearance(da.replace(/(-?\d*\.?\d+)(\s+Tf)/, "10$2"));
  }
}

/** The drawings pdf-lib makes for each widget of `field`: on and off, normal and pressed, for a checkbox. */
function drawingsPerWidget(field: PDFField, normalOnly: boolean): number {
  if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) return normalOnly ? 2 : 4;
  if (field instanceof PDFButton) return normalOnly ? 1 : 2;
  return 1;
}

/** True when the form asks readers to draw its fields themselves. */
function needsAppearances(doc: PDFDocument): boolean {
  const acro = doc.catalog.lookup(PDFName.of("AcroForm"));
  return acro instanceof PDFDict && acro.lookup(PDFName.of("NeedAppearances")) === PDFBool.True;
}

/**
 * Draws the appearances of fields whose value changed, that have none, or (when the form asks
 * for it) all of them. A field whose appearance cannot be drawn (a damaged widget) keeps its own.
 * What the drawings will hold is taken from `budget` first: a form too large for the job is
 * refused before anything is drawn.
 */
export async function refreshAppearances(
  doc: PDFDocument,
  opts: {
    all?: boolean;
    budget?: Budget;
    name?: string;
    /** Keep only the normal appearances drawn (for flattening, which draws nothing else). */
    normalOnly?: boolean;
  } = {},
): Promise<void> {
  const acro = doc.catalog.lookup(PDFName.of("AcroForm"));
  if (!(acro instanceof PDFDict)) return;
  const label = opts.name ?? "This PDF";
  // Flattened or filled, the XFA packet would go on showing the old values to XFA readers.
  acro.delete(PDFName.of("XFA"));
  const form = doc.getForm();
  const all = opts.all || needsAppearances(doc);
  // Each field once, however often the file lists it; as many as the job's memory allows.
  const fields = distinctFields(doc, form, label, Number.POSITIVE_INFINITY).filter(
    (f) => all || f.needsAppearancesUpdate(),
  );
  if (fields.length === 0) return;
  const widgets = fields.map((field) => distinctWidgets(field, label, Number.POSITIVE_INFINITY));
  // Each drawing, and each value drawn again in its bytes (a comb field's letters cost more).
  let textBytes = 0;
  const texts: string[] = [];
  const winAnsi = fields.map((field) => {
    const text = shownText(field);
    textBytes += text.length;
    if (isWinAnsi(text)) return true;
    texts.push(text);
    return false;
  });
  const normalOnly = opts.normalOnly === true;
  let charged = 4 * textBytes;
  for (const [i, field] of fields.entries())
    charged += widgets[i].length * (WIDGET_BYTES + drawingsPerWidget(field, normalOnly) * DRAWING_BYTES);
  const count = fields.length.toLocaleString("en-US");
  opts.budget?.take(charged, `${label}'s form (${count} field${fields.length === 1 ? "" : "s"} to draw)`);
  let unicode: PDFFont | undefined;
  if (texts.length > 0)
    unicode = await embedTextFont(doc, texts.join(""), { subject: "A form value", use: "a form field" });
  const da = acro.lookup(PDFName.of("DA"));
  const formDa = da instanceof PDFString || da instanceof PDFHexString ? da.decodeText() : "/Helv 0 Tf 0 g";
  const settler = new AppearanceSettler(doc.context, normalOnly);
  let slice = Date.now();
  for (const [i, field] of fields.entries()) {
    try {
      if (field instanceof PDFTextField && field.isMultiline()) fixAutoSize(field, formDa);
      const font = () => (winAnsi[i] ? form.getDefaultFont() : unicode) as PDFFont;
      if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) field.defaultUpdateAppearances();
      else if (field instanceof PDFTextField) field.updateAppearances(font(), textFieldAppearance);
      else field.defaultUpdateAppearances(font());
    } catch {
      // Left as it was: readers still show the value the file had drawn for it.
    }
    settler.settle(widgets[i]);
    // Drawings larger than foreseen (long values laid out line by line) are charged as they come.
    if (settler.held > charged) {
      opts.budget?.take(settler.held - charged, `${label}'s form (its fields drawn)`);
      charged = settler.held;
    }
    if (Date.now() - slice >= SLICE_MS) {
      opts.budget?.check();
      await yieldToEventLoop();
      slice = Date.now();
    }
  }
  // Every field now has a drawing of its value: readers need not (and should not) redraw them.
  acro.delete(PDFName.of("NeedAppearances"));
}
