/**
 * PNG row filters undone in place (PNG images, and PDF's Flate and LZW predictors 10-15).
 * Returns false for a filter type PNG does not define.
 */
export function unfilterRow(filter: number, row: Uint8Array, up: Uint8Array, bpp: number, n: number): boolean {
  switch (filter) {
    case 0:
      return true;
    case 1:
      for (let i = bpp; i < n; i++) row[i] = (row[i] + row[i - bpp]) & 255;
      return true;
    case 2:
      for (let i = 0; i < n; i++) row[i] = (row[i] + up[i]) & 255;
      return true;
    case 3:
      for (let i = 0; i < n; i++) row[i] = (row[i] + (((i >= bpp ? row[i - bpp] : 0) + up[i]) >> 1)) & 255;
      return true;
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? row[i - bpp] : 0;
        const c = i >= bpp ? up[i - bpp] : 0;
        row[i] = (row[i] + paeth(a, up[i], c)) & 255;
      }
      return true;
    default:
      return false;
  }
}

export function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export interface PredictorParams {
  predictor: number;
  colors: number;
  bitsPerComponent: number;
  columns: number;
}

/** Whether the parameters describe rows any reader could decode (others overflow decoders). */
export function validPredictor(p: PredictorParams): boolean {
  if (p.predictor <= 1) return true;
  return (
    (p.predictor === 2 || (p.predictor >= 10 && p.predictor <= 15)) &&
    Number.isInteger(p.colors) &&
    p.colors >= 1 &&
    p.colors <= 32 &&
    [1, 2, 4, 8, 16].includes(p.bitsPerComponent) &&
    Number.isInteger(p.columns) &&
    p.columns >= 1 &&
    p.colors * p.bitsPerComponent * p.columns <= 2 ** 31
  );
}

/**
 * Predicted data (PDF's /DecodeParms /Predictor) undone. The output is never longer than the
 * input: PNG predictors drop one byte a row, the TIFF predictor keeps the length. A last row cut
 * short is decoded as far as it goes, as pdf.js and poppler do. Returns null when the
 * parameters are impossible or a row names an unknown filter.
 */
export function unpredict(data: Uint8Array, p: PredictorParams): Uint8Array | null {
  if (p.predictor <= 1) return data;
  if (!validPredictor(p)) return null;
  const bitsPerPixel = p.colors * p.bitsPerComponent;
  const bpp = Math.max(1, Math.ceil(bitsPerPixel / 8));
  const rowBytes = Math.ceil((bitsPerPixel * p.columns) / 8);
  if (p.predictor === 2) return tiff(data, p, rowBytes);
  const rows = Math.ceil(data.length / (rowBytes + 1));
  const out = new Uint8Array(Math.max(0, data.length - rows));
  let up = new Uint8Array(rowBytes);
  let o = 0;
  for (let at = 0; at < data.length; at += rowBytes + 1) {
    const n = Math.min(rowBytes, data.length - at - 1);
    if (n <= 0) break;
    const row = out.subarray(o, o + n);
    row.set(data.subarray(at + 1, at + 1 + n));
    if (!unfilterRow(data[at], row, up, bpp, n)) return null;
    up = n === rowBytes ? row : up;
    o += n;
  }
  return out.subarray(0, o);
}

/** TIFF predictor 2: each component is the difference to the same component one pixel left. */
function tiff(data: Uint8Array, p: PredictorParams, rowBytes: number): Uint8Array | null {
  const out = data.slice();
  const bpc = p.bitsPerComponent;
  const c = p.colors;
  for (let start = 0; start < out.length; start += rowBytes) {
    const end = Math.min(out.length, start + rowBytes);
    if (bpc === 8) {
      for (let i = start + c; i < end; i++) out[i] = (out[i] + out[i - c]) & 255;
    } else if (bpc === 16) {
      for (let i = start + 2 * c; i + 1 < end; i += 2) {
        const v = ((out[i] << 8) | out[i + 1]) + ((out[i - 2 * c] << 8) | out[i - 2 * c + 1]);
        out[i] = (v >> 8) & 255;
        out[i + 1] = v & 255;
      }
    } else {
      // 1, 2 and 4 bits: components packed in the row, summed modulo 2^bpc.
      const mask = (1 << bpc) - 1;
      // The samples of this row: the last byte's padding bits are not samples.
      const count = Math.min(c * p.columns, Math.floor(((end - start) * 8) / bpc));
      const get = (k: number) => (out[start + ((k * bpc) >> 3)] >> (8 - bpc - ((k * bpc) & 7))) & mask;
      const set = (k: number, v: number) => {
        const at = start + ((k * bpc) >> 3);
        const shift = 8 - bpc - ((k * bpc) & 7);
        out[at] = (out[at] & ~(mask << shift)) | ((v & mask) << shift);
      };
      for (let k = c; k < count; k++) set(k, get(k) + get(k - c));
      // The padding after the last sample is zero, as qpdf writes it.
      const used = count * bpc;
      if (used & 7 && start + (used >> 3) < end) out[start + (used >> 3)] &= 0xff << (8 - (used & 7));
    }
  }
  return out;
}
