import { expect } from "vitest";
import { oracle } from "../helpers";

/** Independent readers for the compression tests: images decoded by libjpeg, libwebp, libpng. */

export interface Raster {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
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

async function run(cmd: string, args: string[], input: Uint8Array): Promise<Uint8Array> {
  const r = await oracle(cmd, args, input);
  expect(r.code, `${cmd}: ${r.stderr}`).toBe(0);
  expect(r.out, `${cmd} wrote nothing`).toBeTruthy();
  return fromBase64(r.out!);
}

/** libjpeg's decoding (colour JPEGs to RGB, grey to grey). */
export async function djpeg(jpeg: Uint8Array): Promise<Raster> {
  return parseNetpbm(await run("djpeg", ["-outfile", "{out}", "{in}"], jpeg));
}

/** The JPEG's frame as libjpeg reports it. */
export async function jpegFrame(jpeg: Uint8Array): Promise<{ width: number; height: number; components: number }> {
  const r = await oracle("djpeg", ["-verbose", "-outfile", "/dev/null", "{in}"], jpeg);
  const m = /width=(\d+), height=(\d+), components=(\d+)/.exec(r.stderr);
  expect(m, r.stderr).toBeTruthy();
  return { width: Number(m![1]), height: Number(m![2]), components: Number(m![3]) };
}

/** libwebp's decoding, RGBA. */
export async function dwebp(webp: Uint8Array): Promise<Raster> {
  return parseNetpbm(await run("dwebp", ["-quiet", "-pam", "{in}", "-o", "{out}"], webp));
}

/** The ICC profile libwebp's webpmux finds in a WebP, or null when it has none. */
export async function webpIcc(webp: Uint8Array): Promise<Uint8Array | null> {
  const r = await oracle("webpmux", ["-get", "icc", "{in}", "-o", "{out}"], webp);
  return r.code === 0 && r.out ? fromBase64(r.out) : null;
}

/** libpng's decoding (through cwebp's exact lossless path, then libwebp), RGBA. */
export async function readPng(png: Uint8Array): Promise<Raster> {
  return dwebp(await run("cwebp", ["-quiet", "-lossless", "-exact", "-z", "0", "{in}", "-o", "{out}"], png));
}

/** Peak signal-to-noise ratio of two rasters of the same size (Infinity when identical). */
export function psnr(a: Raster, b: Raster): number {
  expect([b.width, b.height, b.channels]).toEqual([a.width, a.height, a.channels]);
  let se = 0;
  const n = a.width * a.height * a.channels;
  for (let i = 0; i < n; i++) {
    const d = a.data[i] - b.data[i];
    se += d * d;
  }
  return se === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255 * n) / se);
}

export function ascii(bytes: Uint8Array): string {
  return new TextDecoder("latin1").decode(bytes);
}
