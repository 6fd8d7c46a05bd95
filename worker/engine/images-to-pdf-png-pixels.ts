import type { Budget } from "../services/budget";
import type { ParsedPng } from "./images-to-pdf-png";
import { Compressor, readRows } from "./images-to-pdf-png-decode";

export interface DecodedPng {
  gray: boolean;
  /** zlib-compressed 8-bit samples (grey or RGB). */
  color: Uint8Array;
  /** zlib-compressed 8-bit alpha; absent when every pixel is opaque. */
  alpha?: Uint8Array;
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
  const raw = (row: Uint8Array, i: number) =>
    bd === 8
      ? row[i]
      : bd === 16
        ? (row[2 * i] << 8) | row[2 * i + 1]
        : (row[(i * bd) >> 3] >> (8 - bd - ((i * bd) & 7))) & max;
  const to8 = (v: number) => (bd === 8 ? v : bd === 16 ? v >> 8 : Math.round((v * 255) / max));
  const t = png.trns;
  const key = (k: number) => (t && t.length >= k + 2 ? ((t[k] << 8) | t[k + 1]) & max : -1);
  const grayKey = ct === 0 ? key(0) : -1;
  const rgbKey = ct === 2 ? [key(0), key(2), key(4)] : [];
  const palette = png.palette ?? new Uint8Array(0);

  const full = png.interlaced ? { c: new Uint8Array(w * h * nc), a: new Uint8Array(hasAlpha ? w * h : 0) } : undefined;
  const rowC = new Uint8Array(w * nc);
  const rowA = new Uint8Array(w);
  const colorZ = new Compressor();
  const alphaZ = hasAlpha ? new Compressor() : undefined;
  let transparent = false;

  await readRows(png, budget, true, (pass, y, row) => {
    const outY = pass.ys + y * pass.dy;
    for (let x = 0; x < pass.w; x++) {
      let r: number;
      let g = 0;
      let b = 0;
      let a = 255;
      if (ct === 0) {
        const v = raw(row, x);
        r = to8(v);
        if (v === grayKey) a = 0;
      } else if (ct === 2) {
        const rv = raw(row, 3 * x);
        const gv = raw(row, 3 * x + 1);
        const bv = raw(row, 3 * x + 2);
        [r, g, b] = [to8(rv), to8(gv), to8(bv)];
        if (rv === rgbKey[0] && gv === rgbKey[1] && bv === rgbKey[2]) a = 0;
      } else if (ct === 3) {
        const idx = raw(row, x);
        [r, g, b] = [palette[3 * idx] ?? 0, palette[3 * idx + 1] ?? 0, palette[3 * idx + 2] ?? 0];
        if (t && idx < t.length) a = t[idx];
      } else if (ct === 4) {
        r = to8(raw(row, 2 * x));
        a = to8(raw(row, 2 * x + 1));
      } else {
        [r, g, b, a] = [
          to8(raw(row, 4 * x)),
          to8(raw(row, 4 * x + 1)),
          to8(raw(row, 4 * x + 2)),
          to8(raw(row, 4 * x + 3)),
        ];
      }
      if (a < 255) transparent = true;
      const outX = pass.xs + x * pass.dx;
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
      colorZ.push(rowC);
      alphaZ?.push(rowA);
    }
  });
  if (full) {
    colorZ.push(full.c);
    alphaZ?.push(full.a);
  }
  return { gray, color: colorZ.finish(), alpha: transparent && alphaZ ? alphaZ.finish() : undefined };
}
