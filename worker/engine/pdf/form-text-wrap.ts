import {
  adjustDimsForRotation,
  defaultTextFieldAppearanceProvider,
  type PDFFont,
  type PDFTextField,
  type PDFWidgetAnnotation,
  reduceRotation,
} from "@cantoo/pdf-lib";

/**
 * Long values in multi-line text fields. pdf-lib lays out a line by measuring all the rest of its
 * paragraph, then the rest less a word, and so on back to what fits, for every line: a value of
 * 1,000 characters took 0.17 s, 4,000 took 4.2 s and 16,000 more than a job's 30 s, in one
 * synchronous call nothing can interrupt. Here a long value is broken into lines first, measuring
 * each line as it grows a word at a time, and only the lines the box can show (the drawing clips
 * the rest) go to pdf-lib, which then finds each line fits at its first measure. The breaks are
 * pdf-lib's: the most words that fit, and a first word too wide for the box alone on its line
 * (pdf-lib put the rest of the paragraph after it, beyond the clip).
 */

/** Values up to this long are laid out by pdf-lib as they are (a few milliseconds at most). */
const LONG = 500;

/** The font size a /DA sets, as pdf-lib reads it (0 is "auto"). */
function sizeOf(da: string | undefined): number | undefined {
  const found = [...(da ?? "").matchAll(/\/[^\0\t\n\f\r ]+[\0\t\n\f\r ]*(\d*\.\d+|\d+)?[\0\t\n\f\r ]+Tf/g)].pop();
  const size = Number(found?.[1]);
  return Number.isFinite(size) ? size : undefined;
}

/** The first line of `input` in `width`: its text, and what follows it (nothing when the paragraph ends there). */
function firstLine(input: string, font: PDFFont, size: number, width: number): { line: string; rest: string } {
  let fits = -1;
  for (let end = 1; end <= input.length; end++) {
    // Lines break before a space (not at the very start), or at the end of the paragraph.
    if (end < input.length && !/\s/.test(input[end])) continue;
    if (font.widthOfTextAtSize(input.substring(0, end), size) >= width) break;
    fits = end;
  }
  if (fits < 0) {
    const word = input.search(/(?!^)\s/);
    return { line: word < 0 ? input : input.substring(0, word), rest: "" };
  }
  return { line: input.substring(0, fits), rest: input.substring(fits).trim() };
}

/** The first `most` lines of `text` laid out in `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number, most: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/[\n\f\r]/)) {
    let rest = paragraph;
    do {
      if (lines.length >= most) return lines;
      const next = firstLine(rest, font, size, width);
      lines.push(next.line);
      rest = next.rest;
    } while (rest !== "");
  }
  return lines;
}

/** pdf-lib's appearance of a text field, with a long multi-line value broken into lines first. */
export function textFieldAppearance(field: PDFTextField, widget: PDFWidgetAnnotation, font: PDFFont) {
  const text = field.getText() ?? "";
  const size = sizeOf(widget.getDefaultAppearance()) ?? sizeOf(field.acroField.getDefaultAppearance());
  if (text.length <= LONG || !field.isMultiline() || field.isCombed() || !size)
    return defaultTextFieldAppearanceProvider(field, widget, font);
  const rotation = reduceRotation(widget.getAppearanceCharacteristics()?.getRotation());
  const { width, height } = adjustDimsForRotation(widget.getRectangle(), rotation);
  // pdf-lib's bounds: inside the border, and a point of padding.
  const inset = 2 * ((widget.getBorderStyle()?.getWidth() ?? 0) + 1);
  const lineHeight = font.heightAtSize(size) * 1.2;
  const most = Math.max(1, Math.ceil((height - inset) / lineHeight) + 1);
  // As pdf-lib cleans text before laying it out: tabs are four spaces, vertical tabs go.
  const clean = text.replace(/\t|\u0085|\u2028|\u2029/g, "    ").replace(/[\b\v]/g, "");
  const shown = wrap(clean, font, size, width - inset, most).join("\n");
  const view: PDFTextField = Object.create(field, { getText: { value: () => shown } });
  return defaultTextFieldAppearanceProvider(view, widget, font);
}
