import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { runOn } from "../support/oracles";

/** poppler and qpdf judging a compressed PDF against its input, for the font-subsetting tests. */

function run(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(cmd, args, { maxBuffer: 256 * 1024 * 1024, encoding: "utf8" }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === "number" ? err.code : 127) : 0, stdout, stderr }),
    ),
  );
}

/** pdftoppm's pages (PPM files, in page order), at `dpi`, the first `pages` of them. */
export async function renders(pdf: Uint8Array, dpi = 100, pages = 99): Promise<Buffer[]> {
  const dir = await mkdtemp(join(tmpdir(), "font-render-"));
  try {
    await writeFile(join(dir, "in.pdf"), pdf);
    const r = await run("pdftoppm", ["-r", String(dpi), "-l", String(pages), join(dir, "in.pdf"), join(dir, "page")]);
    expect(r.code, r.stderr).toBe(0);
    const files = (await readdir(dir)).filter((f) => f.startsWith("page")).sort();
    // Awaited here: a promise returned unawaited lets `finally` delete the pages while they are read.
    return await Promise.all(files.map((f) => readFile(join(dir, f))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface FontRow {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
}

/** pdffonts' table: name, type, embedded, subset. */
export async function pdffonts(pdf: Uint8Array): Promise<FontRow[]> {
  const r = await runOn("pdffonts", ["{in}"], pdf);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .split("\n")
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      // name, type (1 to 3 words), encoding, emb, sub, uni, object, generation.
      const [emb, sub] = cols.slice(-5, -3);
      return { name: cols[0], type: cols.slice(1, -6).join(" "), embedded: emb === "yes", subset: sub === "yes" };
    });
}

/** The output reads as the input does: qpdf finds nothing wrong, pdftotext gives the same text, every page renders to the same pixels. */
export async function expectSameDocument(input: Uint8Array, output: Uint8Array, dpi = 100, pages = 99): Promise<void> {
  const check = await runOn("qpdf", ["--check", "{in}"], output);
  expect(check.code, `${check.stdout}\n${check.stderr}`).toBe(0);
  const text = async (pdf: Uint8Array) => {
    const r = await runOn("pdftotext", ["-l", String(pages), "{in}", "-"], pdf);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };
  expect(await text(output)).toBe(await text(input));
  const [a, b] = await Promise.all([renders(input, dpi, pages), renders(output, dpi, pages)]);
  expect(b.length).toBe(a.length);
  a.forEach((page, i) => {
    expect(page.equals(b[i]), `page ${i + 1} renders differently`).toBe(true);
  });
}
