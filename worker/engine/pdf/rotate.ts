import { degrees } from "@cantoo/pdf-lib";
import type { RotationAngle } from "../../../schema/options";
import type { Budget } from "../core/budget";
import { checkPageContents } from "./content-check";
import { checkPageNumbers, guardPdf, loadPdf, savePdf } from "./document";

export interface RotateOptions {
  /** Clockwise; added to each page's existing rotation. */
  angle: RotationAngle;
  /** 1-based page numbers; all pages when absent. */
  pages?: readonly number[];
  name?: string;
  /** Opens an encrypted input (see loadPdf). */
  password?: string;
  budget?: Budget;
}

/** Rotates pages clockwise by `angle`, on top of whatever rotation they already have. */
export async function rotatePdf(
  bytes: Uint8Array,
  opts: RotateOptions,
): Promise<{ bytes: Uint8Array; rotated: number; pageCount: number }> {
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  const all = doc.getPages();
  const selected = opts.pages ? checkPageNumbers(opts.pages, all.length) : all.map((_, i) => i + 1);
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  await guardPdf(opts.name, () => {
    for (const n of selected) {
      const page = all[n - 1];
      // getRotation() resolves inherited /Rotate from the page tree; readers round odd values to 90s.
      const current = Math.round(page.getRotation().angle / 90) * 90;
      page.setRotation(degrees((((current + opts.angle) % 360) + 360) % 360));
    }
  });
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget }), rotated: selected.length, pageCount: all.length };
}
