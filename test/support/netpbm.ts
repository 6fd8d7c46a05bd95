/** Pixels as the reference decoders hand them over (djpeg, dwebp, pdftoppm write netpbm). */
export interface Raster {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

/** PNM (P5/P6) or PAM (P7) as written by djpeg, pdftoppm and dwebp. */
export function parseNetpbm(b: Uint8Array): Raster {
  const text = new TextDecoder("latin1").decode(b.subarray(0, 200));
  if (text.startsWith("P7")) {
    const end = text.indexOf("ENDHDR\n") + 7;
    const num = (k: string) => Number(new RegExp(`${k} (\\d+)`).exec(text)?.[1]);
    return { width: num("WIDTH"), height: num("HEIGHT"), channels: num("DEPTH"), data: b.subarray(end) };
  }
  const m = /^(P[56])\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(text);
  if (!m) throw new Error(`not a netpbm image: ${text.slice(0, 20)}`);
  return { width: Number(m[2]), height: Number(m[3]), channels: m[1] === "P5" ? 1 : 3, data: b.subarray(m[0].length) };
}

/** Peak signal-to-noise ratio of two rasters of the same size (Infinity when identical). */
export function psnr(a: Raster, b: Raster): number {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels)
    throw new Error(`sizes differ: ${a.width}x${a.height}x${a.channels} vs ${b.width}x${b.height}x${b.channels}`);
  let se = 0;
  const n = a.width * a.height * a.channels;
  for (let i = 0; i < n; i++) {
    const d = a.data[i] - b.data[i];
    se += d * d;
  }
  return se === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255 * n) / se);
}
