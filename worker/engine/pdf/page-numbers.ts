import { type PDFArray, type PDFDict, PDFName, StandardFonts } from "@cantoo/pdf-lib";
import type { NumberFormat, NumberPosition } from "../../../schema/options";
import { type Budget, yieldToEventLoop } from "../core/budget";
import { EngineError } from "../core/errors";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { usableContents } from "./page-contents";
import { apply, quarterTurns, readerView, visibleBox } from "./page-geometry";

export interface PageNumberOptions {
  position: NumberPosition;
  format: NumberFormat;
  /** The number the first numbered page shows. */
  start: number;
  /** The first page (1-based) that gets a number; the pages before it get none. */
  firstPage: number;
  fontSize: number;
  /** Distance from the edges, in points. */
  margin: number;
  /** 0-255 each. */
  color: [number, number, number];
  name?: string;
  /** Opens an encrypted input (see loadPdf). */
  password?: string;
  budget?: Budget;
}

const ROMAN: [number, string][] = [
  [1000, "m"],
  [900, "cm"],
  [500, "d"],
  [400, "cd"],
  [100, "c"],
  [90, "xc"],
  [50, "l"],
  [40, "xl"],
  [10, "x"],
  [9, "ix"],
  [5, "v"],
  [4, "iv"],
  [1, "i"],
];

/** Lower-case roman numerals (i, ii, iv...), as front matter is numbered; 0 and below as digits. */
export function roman(n: number): string {
  if (n < 1 || n >= 4000) return String(n);
  let out = "";
  let left = n;
  for (const [value, glyphs] of ROMAN) {
    while (left >= value) {
      out += glyphs;
      left -= value;
    }
  }
  return out;
}

export function numberText(format: NumberFormat, n: number, total: number): string {
  switch (format) {
    case "n-of-total":
      return `${n} / ${total}`;
    case "page-n-of-total":
      return `Page ${n} of ${total}`;
    case "roman":
      return roman(n);
    default:
      return String(n);
  }
}

const FONT_NAME = PDFName.of("PDFToolsNum");

/** A number as content writes it: at most 3 decimals, no exponent. */
function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Text as a PDF literal string (our numbers are ASCII; the three special characters escaped). */
function literal(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * Page numbers: drawn where a reader sees the position on each page (after its /Rotate, within
 * what is shown), upright, in Helvetica (no font to embed), on every page from `firstPage`.
 */
export async function numberPages(bytes: Uint8Array, opts: PageNumberOptions) {
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  const pages = doc.getPages();
  if (opts.firstPage > pages.length) {
    throw new EngineError(
      "validation_failed",
      `Numbering starts at page ${opts.firstPage}, but this PDF has ${pages.length} page${pages.length === 1 ? "" : "s"}.`,
    );
  }
  const total = opts.start + pages.length - opts.firstPage;
  const [r, g, b] = opts.color.map((c) => c / 255);
  let numbered = 0;
  await guardPdf(opts.name, async () => {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const cap = font.heightAtSize(opts.fontSize, { descender: false }) * 0.72;
    const [vertical, horizontal] = opts.position.split("-") as ["top" | "bottom", "left" | "center" | "right"];
    for (let i = opts.firstPage - 1; i < pages.length; i++) {
      const page = pages[i];
      const text = numberText(opts.format, opts.start + i - (opts.firstPage - 1), total);
      const width = font.widthOfTextAtSize(text, opts.fontSize);
      const turn = quarterTurns(page.getRotation().angle);
      const view = readerView(visibleBox(page), turn);
      const x =
        horizontal === "left"
          ? opts.margin
          : horizontal === "right"
            ? view.width - opts.margin - width
            : (view.width - width) / 2;
      const y = vertical === "top" ? view.height - opts.margin - cap : opts.margin;
      const [px, py] = apply(view.matrix, x, y);
      usableContents(page);
      // The number as a few bytes of content of its own (pdf-lib's drawText builds an object per
      // operator and operand: 10 KB a page, which a 10,000-page file turned into 120 MB).
      const { Font, Contents } = page.node.normalizedEntries() as { Font: PDFDict; Contents: PDFArray };
      const taken = Font.get(FONT_NAME);
      const name = taken === undefined || taken === font.ref ? FONT_NAME : Font.uniqueKey("PDFToolsNum");
      Font.set(name, font.ref);
      const rad = (turn * Math.PI) / 180;
      const [cos, sin] = [Math.round(Math.cos(rad)), Math.round(Math.sin(rad))];
      const ops =
        `q ${num(r)} ${num(g)} ${num(b)} rg BT ${name.toString()} ${num(opts.fontSize)} Tf ` +
        `${cos} ${sin} ${-sin} ${cos} ${num(px)} ${num(py)} Tm (${literal(text)}) Tj ET Q`;
      Contents.push(doc.context.register(doc.context.stream(ops)));
      numbered++;
      if (numbered % 200 === 0) {
        opts.budget?.check();
        await yieldToEventLoop();
      }
    }
  });
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget }), numbered, pageCount: pages.length };
}
