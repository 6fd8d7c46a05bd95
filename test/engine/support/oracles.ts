/**
 * Independent readers for the engine's own tests in Node: libjpeg (djpeg), libwebp (dwebp; and
 * cwebp's exact lossless path for reading a PNG with libpng), qpdf, poppler. Each runs on a
 * temporary file and hands its output back.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const CORPUS = fileURLToPath(new URL("../../fixtures/corpus/", import.meta.url));

export function corpus(path: string): Promise<Uint8Array> {
  return readFile(join(CORPUS, path)).then((b) => new Uint8Array(b));
}

export interface Raster {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

/** Runs `cmd` with `{in}` (a file holding `input`) and `{out}` in its arguments; the exit code, stderr and `{out}`'s bytes. */
export async function runOn(
  cmd: string,
  args: string[],
  input: Uint8Array,
): Promise<{ code: number; stdout: string; stderr: string; out: Uint8Array | null }> {
  const dir = await mkdtemp(join(tmpdir(), "engine-oracle-"));
  try {
    const inPath = join(dir, "in");
    const outPath = join(dir, "out");
    await writeFile(inPath, input);
    const argv = args.map((a) => a.replace("{in}", inPath).replace("{out}", outPath));
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
      execFile(cmd, argv, { maxBuffer: 256 * 1024 * 1024, encoding: "utf8" }, (err, stdout, stderr) =>
        done({ code: err ? (typeof err.code === "number" ? err.code : 127) : 0, stdout, stderr }),
      ),
    );
    const out = await readFile(outPath).then(
      (b) => new Uint8Array(b),
      () => null,
    );
    return { code, stdout, stderr, out };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** PNM (P5/P6) or PAM (P7), as djpeg and dwebp write them. */
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

async function image(cmd: string, args: string[], input: Uint8Array): Promise<Raster> {
  const r = await runOn(cmd, args, input);
  if (r.code !== 0 || !r.out) throw new Error(`${cmd} failed (${r.code}): ${r.stderr}`);
  return parseNetpbm(r.out);
}

/** libjpeg's decoding (colour to RGB, grey to grey). */
export const djpeg = (jpeg: Uint8Array) => image("djpeg", ["-outfile", "{out}", "{in}"], jpeg);

/** libwebp's decoding, RGBA. */
export const dwebp = (webp: Uint8Array) => image("dwebp", ["-quiet", "-pam", "{in}", "-o", "{out}"], webp);

/** The PNG without its gAMA chunk: cwebp applies a file's gamma, and the samples as stored are wanted. */
function withoutGamma(png: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let at = 8; at + 8 <= png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (type !== "gAMA") parts.push(png.subarray(at, end));
    at = end;
  }
  return Buffer.concat(parts);
}

/** libpng's decoding of the samples as stored (through cwebp's exact lossless path, then libwebp), RGBA. */
export async function readPng(png: Uint8Array): Promise<Raster> {
  const r = await runOn(
    "cwebp",
    ["-quiet", "-lossless", "-exact", "-z", "0", "{in}", "-o", "{out}"],
    withoutGamma(png),
  );
  if (r.code !== 0 || !r.out) throw new Error(`cwebp failed: ${r.stderr}`);
  return dwebp(r.out);
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
