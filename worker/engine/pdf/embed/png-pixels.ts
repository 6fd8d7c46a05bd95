import { type Budget, yieldToEventLoop } from "../../core/budget";
import { type PngDataErrors, type PngRow, pngRows } from "../../image/png/decode";
import { BatchedZlib } from "../../image/png/encode";
import { sample } from "../../image/png/pixels";
import { notValid } from "./common";
import type { ParsedPng } from "./png-types";

/** Decoded rows between budget checks (and turns of the event loop, so the budget timer can fire). */
const CHECK_EVERY_BYTES = 1 << 20;
/** Compressed data read past the last row, so damage just after the image is not passed on. */
const TAIL_BYTES = 1 << 20;

export interface DecodedPng {
  gray: boolean;
  /** zlib-compressed 8-bit samples (grey or RGB). */
  color: Uint8Array;
  /** zlib-compressed 8-bit alpha; absent when every pixel is opaque. */
  alpha?: Uint8Array;
}

function dataErrors(name: string): PngDataErrors {
  return {
    truncated: () => notValid(name, "PNG", "the file is incomplete (it was cut short)"),
    corrupt: () => notValid(name, "PNG", "its compressed data is corrupt or incomplete"),
    filter: () => notValid(name, "PNG", "a row uses an unknown filter"),
  };
}

/** The stored rows through the shared PNG decoder, in this tool's words, under the budget. */
async function eachRow(
  png: ParsedPng,
  budget: Budget | undefined,
  unfilter: boolean,
  onRow: (r: PngRow) => void | Promise<void>,
  onTail?: (ended: boolean) => void,
) {
  const errors = dataErrors(png.name);
  // IDAT chunks holding nothing: no data at all reads as cut short, not as corrupt data.
  if (png.idat.length === 0) throw errors.truncated();
  let sinceCheck = 0;
  for (const r of pngRows(png, [png.idat], { errors, unfilter, tail: TAIL_BYTES, onTail })) {
    await onRow(r);
    sinceCheck += r.row.length;
    if (sinceCheck >= CHECK_EVERY_BYTES) {
      sinceCheck = 0;
      budget?.check();
      await yieldToEventLoop();
    }
  }
  budget?.check();
}

/**
 * Checks that a PNG we pass through untouched has complete, well-formed image data that ends
 * with its last row: data that goes on (a bomb hidden after the image) would be copied into the
 * PDF, and a reader there might inflate all of it.
 */
export function verifyPngData(png: ParsedPng, budget?: Budget): Promise<void> {
  return eachRow(
    png,
    budget,
    false,
    () => {},
    (ended) => {
      if (!ended)
        throw notValid(
          png.name,
          "PNG",
          "its image data goes on far past the last row (it may be a decompression bomb)",
        );
    },
  );
}

/**
 * Turns any PNG into 8-bit colour plus alpha: palettes expanded, 16-bit and low bit depths
 * scaled, tRNS applied, Adam7 passes put back in place. Non-interlaced images stream row by
 * row into the compressors; interlaced ones need the whole image in memory first.
 */
export async function decodePng(png: ParsedPng, budget?: Budget): Promise<DecodedPng> {
  const { colorType: ct, bitDepth: bd, width: w, height: h } = png;
  const gray = ct === 0 || ct === 4;
  const nc = gray ? 1 : 3;
  const hasAlpha = ct === 4 || ct === 6 || png.trns !== undefined;
  const max = bd === 16 ? 0xffff : (1 << bd) - 1;
  const to8 = (v: number) => (bd === 8 ? v : bd === 16 ? v >> 8 : Math.round((v * 255) / max));
  const t = png.trns;
  const key = (k: number) => (t && t.length >= k + 2 ? ((t[k] << 8) | t[k + 1]) & max : -1);
  const grayKey = ct === 0 ? key(0) : -1;
  const rgbKey = ct === 2 ? [key(0), key(2), key(4)] : [];
  const palette = png.palette ?? new Uint8Array(0);

  const full = png.interlace ? { c: new Uint8Array(w * h * nc), a: new Uint8Array(hasAlpha ? w * h : 0) } : undefined;
  const rowC = new Uint8Array(w * nc);
  const rowA = new Uint8Array(w);
  // The platform's zlib, as PNGs are written (fflate's streaming compressor can emit corrupt
  // streams, its issue #260: an image whose first row starts dark was enough).
  const colorZ = new BatchedZlib();
  const alphaZ = hasAlpha ? new BatchedZlib() : undefined;
  let transparent = false;

  await eachRow(png, budget, true, async ({ pass, y, row }) => {
    const outY = pass.y0 + y * pass.dy;
    for (let x = 0; x < pass.width; x++) {
      let r: number;
      let g = 0;
      let b = 0;
      let a = 255;
      if (ct === 0) {
        const v = sample(row, x, 0, 1, bd);
        r = to8(v);
        if (v === grayKey) a = 0;
      } else if (ct === 2) {
        const rv = sample(row, x, 0, 3, bd);
        const gv = sample(row, x, 1, 3, bd);
        const bv = sample(row, x, 2, 3, bd);
        [r, g, b] = [to8(rv), to8(gv), to8(bv)];
        if (rv === rgbKey[0] && gv === rgbKey[1] && bv === rgbKey[2]) a = 0;
      } else if (ct === 3) {
        const idx = sample(row, x, 0, 1, bd);
        [r, g, b] = [palette[3 * idx] ?? 0, palette[3 * idx + 1] ?? 0, palette[3 * idx + 2] ?? 0];
        if (t && idx < t.length) a = t[idx];
      } else if (ct === 4) {
        r = to8(sample(row, x, 0, 2, bd));
        a = to8(sample(row, x, 1, 2, bd));
      } else {
        [r, g, b, a] = [
          to8(sample(row, x, 0, 4, bd)),
          to8(sample(row, x, 1, 4, bd)),
          to8(sample(row, x, 2, 4, bd)),
          to8(sample(row, x, 3, 4, bd)),
        ];
      }
      if (a < 255) transparent = true;
      const outX = pass.x0 + x * pass.dx;
      const c = full ? full.c : rowC;
      const at = full ? outY * w + outX : outX;
      c[at * nc] = r;
      if (nc === 3) {
        c[at * nc + 1] = g;
        c[at * nc + 2] = b;
      }
      (full ? full.a : rowA)[at] = a;
    }
    if (!full) {
      await colorZ.push(rowC);
      await alphaZ?.push(rowA);
    }
  });
  if (full) {
    await colorZ.push(full.c);
    await alphaZ?.push(full.a);
  }
  const color = await colorZ.finish();
  const alpha = alphaZ ? await alphaZ.finish() : undefined;
  return { gray, color, alpha: transparent ? alpha : undefined };
}
