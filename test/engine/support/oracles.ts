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
import { parseNetpbm, type Raster } from "../../support/netpbm";

export { psnr, type Raster } from "../../support/netpbm";

export const CORPUS = fileURLToPath(new URL("../../fixtures/corpus/", import.meta.url));

export function corpus(path: string): Promise<Uint8Array> {
  return readFile(join(CORPUS, path)).then((b) => new Uint8Array(b));
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
