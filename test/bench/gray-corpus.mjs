/**
 * `npm run bench -- gray`: every PDF of the corpus through Compress PDF in grey (level low, with
 * metadata and attachments removed too), each job in a fresh process under the Worker's budgets
 * (30 s, 80 MB). Each output is read by qpdf (--check, page count against the input's), drawn by
 * poppler (first four pages at 30 dpi: every pixel grey, R, G and B within 1) and its text read
 * by pdftotext (the same as the input's). The corpus walk in `npm test` does the files up to
 * 300 KB; this does all of them. Writes results/gray.{json,md}.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const name = "gray";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const CORPUS = here("../fixtures/corpus");
const OPTIONS = { level: "low", grayscale: true, removeMetadata: true, removeAttachments: true };

function exec(cmd, args, timeout = 120_000) {
  return new Promise((resolve) => {
    execFile(cmd, args, { maxBuffer: 1 << 28, encoding: "latin1", timeout }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === "number" ? err.code : 127) : 0, stdout, stderr }),
    );
  });
}

/** The corpus PDFs, each with the password that opens it (its user password, when known). */
function corpusPdfs() {
  const [head, ...lines] = readFileSync(join(CORPUS, "INDEX.tsv"), "utf8").trim().split("\n");
  const cols = head.split("\t");
  return lines
    .map((l) => Object.fromEntries(l.split("\t").map((v, i) => [cols[i], v])))
    .filter((r) => r.path.startsWith("pdf/"))
    .map((r) => {
      const user = /user=([^;(\s]*)/.exec(r.password ?? "")?.[1];
      return { path: r.path, kind: r.kind, password: user && user !== "unknown" ? user : undefined };
    });
}

/** One job in its own process; the engine's answer, or its refusal. */
async function compressOne(bundle, input, output, password) {
  const job = `
    const E = await import(${JSON.stringify(bundle)});
    const { readFileSync, writeFileSync } = await import("node:fs");
    const budget = new E.Budget(30000, { memory: 80 * 1024 * 1024 });
    const t = performance.now();
    try {
      const r = await E.compressPdf(new Uint8Array(readFileSync(${JSON.stringify(input)})), { ...${JSON.stringify(OPTIONS)}, name: "input.pdf", password: ${JSON.stringify(password ?? null)} ?? undefined, budget });
      writeFileSync(${JSON.stringify(output)}, r.bytes);
      console.log(JSON.stringify({ ok: true, ms: performance.now() - t, size: r.bytes.length, attachments: r.options.attachments?.files ?? 0 }));
    } catch (e) {
      console.log(JSON.stringify({ ok: false, ms: performance.now() - t, code: e.code ?? "crash", error: String(e.message).slice(0, 200) }));
    }`;
  const r = await exec(process.execPath, ["--input-type=module", "-e", job], 60_000);
  try {
    return JSON.parse(r.stdout.trim().split("\n").pop());
  } catch {
    return { ok: false, code: "crash", error: (r.stderr || "no output").slice(0, 300) };
  }
}

async function pages(file, password) {
  const r = await exec("qpdf", [...(password ? [`--password=${password}`] : []), "--show-npages", file]);
  return [0, 3].includes(r.code) ? Number(r.stdout.trim()) : null;
}

async function text(file, password) {
  const r = await exec("pdftotext", [...(password ? ["-upw", password] : []), file, "-"]);
  return r.code === 0 ? r.stdout : null;
}

/** The most any pixel of the first four pages strays from grey. */
async function colour(file, dir) {
  const r = await exec("pdftoppm", ["-r", "30", "-l", "4", file, join(dir, "p")]);
  if (r.code !== 0) return null;
  let worst = 0;
  for (const f of readdirSync(dir).filter((x) => x.startsWith("p-"))) {
    const b = readFileSync(join(dir, f));
    rmSync(join(dir, f));
    const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(b.subarray(0, 40).toString("latin1"));
    if (!m) continue;
    const data = b.subarray(m[0].length);
    for (let p = 0; p < data.length; p += 3) {
      const d = Math.max(Math.abs(data[p] - data[p + 1]), Math.abs(data[p + 1] - data[p + 2]));
      if (d > worst) worst = d;
    }
  }
  return worst;
}

export async function run({ bundle }) {
  const dir = mkdtempSync(join(tmpdir(), "gray-corpus-"));
  const rows = [];
  for (const f of corpusPdfs()) {
    const input = join(CORPUS, f.path);
    const output = join(dir, "out.pdf");
    rmSync(output, { force: true });
    const r = await compressOne(bundle, input, output, f.password);
    const row = { path: f.path, kind: f.kind, ms: Math.round(r.ms ?? 0), ok: r.ok, code: r.code, error: r.error };
    if (r.ok) {
      const check = await exec("qpdf", ["--check", output]);
      // A damaged input that nothing changed comes back as it was (compression's rule): not ours to fail.
      const same = Buffer.compare(readFileSync(output), readFileSync(input)) === 0;
      row.qpdf =
        same ||
        ([0, 3].includes(check.code) &&
          !/file is damaged|reconstruct cross-reference/i.test(check.stdout + check.stderr));
      const before = await pages(input, f.password);
      // Pages are compared where qpdf reads the input (some damaged ones it counts as 0).
      row.pages = before ? (await pages(output)) === before : null;
      row.worst = await colour(output, dir);
      // Compared where pdftotext reads text in the input (a damaged one may read as nothing), and
      // no attachment was removed (a file-attachment annotation's appearance may hold text).
      const t = r.attachments ? null : await text(input, f.password);
      row.text = t?.trim() ? (await text(output)) === t : null;
      row.inBytes = readFileSync(input).length;
      row.outBytes = r.size;
    }
    row.fine = !r.ok
      ? r.code !== "crash" && r.code !== "job_timeout"
      : row.qpdf && row.pages !== false && (row.worst ?? 0) <= 1 && row.text !== false;
    rows.push(row);
    console.info(`  ${f.path}: ${r.ok ? `ok in ${row.ms} ms` : `${r.code}`}${row.fine ? "" : "  <-- FAILED"}`);
  }
  rmSync(dir, { recursive: true, force: true });
  return { rows, notes: [], markdown: markdown(rows) };
}

function markdown(rows) {
  const done = rows.filter((r) => r.ok);
  const failed = rows.filter((r) => !r.fine);
  const refused = rows.filter((r) => !r.ok);
  const codes = {};
  for (const r of refused) codes[r.code] = (codes[r.code] ?? 0) + 1;
  const lines = [
    `${rows.length} corpus PDFs: ${done.length} converted, ${refused.length} refused (${Object.entries(codes)
      .map(([c, n]) => `${n} ${c}`)
      .join(", ")}), ${failed.length} failed a check.`,
    "",
    `Converted: qpdf accepts ${done.filter((r) => r.qpdf).length}; page count kept ${done.filter((r) => r.pages).length} (of ${done.filter((r) => r.pages !== null).length} qpdf counts in the input); every pixel grey ${done.filter((r) => r.worst !== null && r.worst <= 1).length} (of ${done.filter((r) => r.worst !== null).length} poppler draws); text unchanged ${done.filter((r) => r.text).length} (of ${done.filter((r) => r.text !== null).length} pdftotext reads in the input).`,
    "",
    "| file | answer | time | size | grey (max R/G/B spread) | text |",
    "|---|---|--:|--:|--:|:-:|",
  ];
  const slow = [...done].sort((a, b) => b.ms - a.ms).slice(0, 10);
  for (const r of [...failed, ...slow.filter((s) => !failed.includes(s))]) {
    lines.push(
      `| ${r.path} | ${r.ok ? "200" : r.code} | ${r.ms} ms | ${r.ok ? `${Math.round(r.inBytes / 1024)} KB to ${Math.round(r.outBytes / 1024)} KB` : "–"} | ${r.worst ?? "–"} | ${r.text === null || r.text === undefined ? "–" : r.text ? "same" : "differs"} |`,
    );
  }
  lines.push("", "(failures first, then the ten slowest conversions)");
  return lines.join("\n");
}
