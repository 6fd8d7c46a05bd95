import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { oracle, pdfText } from "../tools/readers";
import { compress } from "./pdf-support";

/**
 * A LibreOffice hybrid PDF carries its editable ODF document in the trailer's /AdditionalStreams:
 * Compress PDF keeps it (the pages are the same, so LibreOffice still opens the file as the
 * document it was); in grey the pages no longer match it, and it goes. Read with qpdf.
 */
const latin1 = (b: Uint8Array) => new TextDecoder("latin1").decode(b);
const bytesOf = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** Writer's report, made a hybrid by an update that adds the source as LibreOffice writes it. */
async function hybrid(source: Uint8Array): Promise<Uint8Array> {
  const base = new Uint8Array(await readFile(new URL("../../fixtures/documents/writer-report.pdf", import.meta.url)));
  const text = latin1(base);
  const trailer = text.slice(text.lastIndexOf("trailer"));
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  const prev = Number(/startxref\s+(\d+)/.exec(trailer)?.[1]);
  const keep = ["Root", "Info", "ID"].map((k) => new RegExp(`/${k}\\s*(\\[[^\\]]*\\]|\\d+ 0 R)`).exec(trailer)?.[0]);
  const head = `\n${size} 0 obj\n<< /Length ${source.length} >>\nstream\n`;
  const tail = "\nendstream\nendobj\n";
  const at = base.length + 1;
  const xrefAt = base.length + head.length + source.length + tail.length;
  const update =
    `xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(at).padStart(10, "0")} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} ${keep.join(" ")} /Prev ${prev} ` +
    `/AdditionalStreams [/application#2Fvnd.oasis.opendocument.text ${size} 0 R] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const parts = [base, bytesOf(head), source, bytesOf(tail + update)];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** The object the trailer's /AdditionalStreams names, as qpdf reads it: its type and its data. */
async function additionalStreams(pdf: Uint8Array): Promise<{ type: string; data: Uint8Array } | null> {
  const t = await oracle("qpdf", ["--show-object=trailer", "{in}"], pdf);
  const m = /\/AdditionalStreams \[ (\S+) (\d+) 0 R \]/.exec(t.stdout);
  if (!m) return null;
  const r = await oracle("qpdf", [`--show-object=${m[2]}`, "--filtered-stream-data", "{in}"], pdf);
  expect(r.code, r.stderr).toBe(0);
  return { type: m[1], data: bytesOf(r.stdout) };
}

// A stand-in for the ODF package: what matters is that it comes back byte for byte.
const SOURCE = bytesOf(`PK\x03\x04mimetypeapplication/vnd.oasis.opendocument.text${"<office:text/>".repeat(400)}`);

describe("a LibreOffice hybrid's editable source", () => {
  it("is kept by Compress PDF", { timeout: 60_000 }, async () => {
    const input = await hybrid(SOURCE);
    expect((await additionalStreams(input))?.data).toEqual(SOURCE);
    const { out } = await compress(input, {}, "hybrid.pdf");
    const kept = await additionalStreams(out);
    expect(kept?.type).toBe("/application#2fvnd.oasis.opendocument.text");
    expect(kept?.data).toEqual(SOURCE);
    expect(await pdfText(out)).toBe(await pdfText(input));
    const check = await oracle("qpdf", ["--check", "{in}"], out);
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });

  it("goes when the pages are made grey", { timeout: 60_000 }, async () => {
    const { out } = await compress(await hybrid(SOURCE), { grayscale: "true" }, "hybrid.pdf");
    expect(await additionalStreams(out)).toBeNull();
  });
});
