import { degrees, drawPage, PDFObjectCopier, type PDFPage, type PDFRef, rgb } from "@cantoo/pdf-lib";
import type { NupOptions as NupChoice } from "../../../schema/options";
import { type Budget, yieldToEventLoop } from "../core/budget";
import { checkPageContents } from "./content-check";
import { copyDocumentInfo, createPdf, guardPdf, loadPdf, savePdf } from "./document";
import { pageForm, usableContents } from "./page-contents";
import { quarterTurns, readerView, visibleBox } from "./page-geometry";

export type NupOptions = Omit<NupChoice, "border"> & {
  border: boolean;
  name?: string;
  password?: string;
  budget?: Budget;
};

const SHEETS = { a4: [595.28, 841.89], letter: [612, 792] } as const;

/** Columns x rows of a portrait sheet for each count (a landscape sheet swaps them). */
const GRID: Record<number, [number, number]> = { 2: [1, 2], 4: [2, 2], 6: [2, 3], 9: [3, 3], 16: [4, 4] };

/** What one page costs while it is set out on a sheet (heap, measured on 3,000 and 4,500 near-empty pages). */
const NUP_PAGE_BYTES = 28_000;

/** Pages set out a batch at a time between yields: each becomes a form XObject of the page's content. */
const EMBED_BATCH = 64;

/** A page made a form of the new document, and the size it is drawn at before scaling. */
interface Form {
  ref: PDFRef;
  width: number;
  height: number;
}

/**
 * N-up: several pages on each sheet, each drawn as a form XObject of the original page (its text
 * stays text), scaled to fit its cell and turned upright as a reader sees it, in rows (across) or
 * columns (down), with margins and an optional thin border round each page.
 */
export async function nupPdf(bytes: Uint8Array, opts: NupOptions) {
  const src = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  await checkPageContents(src, { name: opts.name, budget: opts.budget });
  const pages = src.getPages();
  // Each page becomes a form XObject of the new document, its resources copied over: measured at
  // about 28 KB a page (a copy, a form and its drawing), so a 10,000-page file is refused here rather than running out of memory.
  opts.budget?.take(
    pages.length * NUP_PAGE_BYTES,
    `${opts.name ?? "This PDF"}'s ${pages.length.toLocaleString("en-US")} pages set out on sheets`,
  );
  const out = await createPdf();
  copyDocumentInfo(src, out);
  const first = readerView(visibleBox(pages[0]), pages[0].getRotation().angle);
  const [sw, sh] = opts.sheet === "original" ? [first.width, first.height] : SHEETS[opts.sheet];
  const [pc, pr] = GRID[opts.perSheet];
  // Auto: the orientation whose cells are shaped most like the pages.
  const pageAspect = first.width / first.height;
  const cellAspect = (w: number, h: number, c: number, r: number) => w / c / (h / r);
  const portraitFit = Math.abs(Math.log(cellAspect(Math.min(sw, sh), Math.max(sw, sh), pc, pr) / pageAspect));
  const landscapeFit = Math.abs(Math.log(cellAspect(Math.max(sw, sh), Math.min(sw, sh), pr, pc) / pageAspect));
  const landscape = opts.orientation === "landscape" || (opts.orientation === "auto" && landscapeFit < portraitFit);
  const W = landscape ? Math.max(sw, sh) : Math.min(sw, sh);
  const H = landscape ? Math.min(sw, sh) : Math.max(sw, sh);
  const [cols, rows] = landscape ? [pr, pc] : [pc, pr];
  const cellW = (W - 2 * opts.margin) / cols;
  const cellH = (H - 2 * opts.margin) / rows;
  const gap = Math.min(cellW, cellH) * 0.03;
  let sheet: PDFPage | undefined;
  // One copier for the document: resources the pages share are copied once.
  const copier = PDFObjectCopier.for(src.context, out.context);
  await guardPdf(opts.name, async () => {
    for (let at = 0; at < pages.length; at += EMBED_BATCH) {
      const batch = pages.slice(at, at + EMBED_BATCH);
      for (const [k, page] of batch.entries()) {
        usableContents(page);
        const box = visibleBox(page);
        const form = {
          ref: await pageForm(page, box, copier, out.context, opts.budget),
          width: box.width,
          height: box.height,
        };
        const i = at + k;
        const slot = i % opts.perSheet;
        if (slot === 0) sheet = out.addPage([W, H]);
        const col = opts.order === "across" ? slot % cols : Math.floor(slot / rows);
        const row = opts.order === "across" ? Math.floor(slot / cols) : slot % rows;
        place(sheet as PDFPage, form, quarterTurns(page.getRotation().angle), {
          x: opts.margin + col * cellW + gap,
          y: H - opts.margin - (row + 1) * cellH + gap,
          w: cellW - 2 * gap,
          h: cellH - 2 * gap,
          border: opts.border,
        });
      }
      opts.budget?.check();
      await yieldToEventLoop();
    }
  });
  opts.budget?.check();
  return { bytes: await savePdf(out, { budget: opts.budget }), sheets: out.getPageCount(), pageCount: pages.length };
}

/** Draws `form` upright (undoing the source page's /Rotate) and as large as fits in the cell, centred. */
function place(
  sheet: PDFPage,
  form: Form,
  turn: 0 | 90 | 180 | 270,
  cell: { x: number; y: number; w: number; h: number; border: boolean },
) {
  const sideways = turn === 90 || turn === 270;
  const shownW = sideways ? form.height : form.width;
  const shownH = sideways ? form.width : form.height;
  const scale = Math.min(cell.w / shownW, cell.h / shownH);
  const w = shownW * scale;
  const h = shownH * scale;
  const x = cell.x + (cell.w - w) / 2;
  const y = cell.y + (cell.h - h) / 2;
  // drawPage turns (counter-clockwise) about the form's lower-left corner; /Rotate turns clockwise.
  // The corner goes where the turned form then covers the cell.
  const origin: Record<number, [number, number]> = { 0: [x, y], 90: [x, y + h], 180: [x + w, y + h], 270: [x + w, y] };
  const [ox, oy] = origin[turn];
  const name = sheet.node.newXObject("EmbeddedPdfPage", form.ref);
  sheet.pushOperators(
    ...drawPage(name, {
      x: ox,
      y: oy,
      xScale: scale,
      yScale: scale,
      rotate: degrees(-turn),
      xSkew: degrees(0),
      ySkew: degrees(0),
    }),
  );
  if (cell.border)
    sheet.drawRectangle({ x, y, width: w, height: h, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
}
