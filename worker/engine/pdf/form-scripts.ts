import {
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFTextField,
  type PDFWidgetAnnotation,
} from "@cantoo/pdf-lib";
import { decodeStream } from "./filters";

/** What a form's own scripts say about its fields (only what the fill page can use). */

const DATE_SCRIPT = /AFDate_(?:Format|Keystroke)Ex\s*\(\s*["']([^"']{1,40})["']/;
const MAX_SCRIPT_BYTES = 64 * 1024;

/** The text of a JavaScript action (a string, or a stream read within 64 KB), or "". */
function scriptOf(doc: PDFDocument, action: PDFObject | undefined): string {
  const dict = action instanceof PDFRef ? doc.context.lookup(action) : action;
  if (!(dict instanceof PDFDict)) return "";
  const js = dict.lookup(PDFName.of("JS"));
  if (js instanceof PDFString || js instanceof PDFHexString) return js.decodeText();
  if (js instanceof PDFRawStream) {
    try {
      return new TextDecoder("latin1").decode(decodeStream(doc.context, js, { max: MAX_SCRIPT_BYTES }));
    } catch {
      return "";
    }
  }
  return "";
}

/**
 * A text field that holds a date: the form formats it with Acrobat's AFDate script, whose format
 * ("mm/dd/yyyy") the page uses to offer a date picker and write the date as the form expects it.
 */
export function dateFormatOf(
  doc: PDFDocument,
  field: PDFTextField,
  // The caller's distinct widgets: a widget repeated in /Kids would have its script read each time.
  widgets: PDFWidgetAnnotation[] = field.acroField.getWidgets(),
): string | undefined {
  for (const dict of [field.acroField.dict, ...widgets.map((w) => w.dict)]) {
    const aa = dict.lookup(PDFName.of("AA"));
    if (!(aa instanceof PDFDict)) continue;
    for (const key of ["F", "K"]) {
      const found = DATE_SCRIPT.exec(scriptOf(doc, aa.get(PDFName.of(key))))?.[1];
      if (found) return found;
    }
  }
  return undefined;
}
