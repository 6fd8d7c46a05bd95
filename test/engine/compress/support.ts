import { expect } from "vitest";
import { parseNetpbm, type Raster } from "../../support/netpbm";
import { oracle } from "../tools/readers";

export { parseNetpbm, psnr, type Raster } from "../../support/netpbm";

/** Independent readers for the compression tests: images decoded by libjpeg, libwebp, libpng. */

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
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

export function ascii(bytes: Uint8Array): string {
  return new TextDecoder("latin1").decode(bytes);
}
