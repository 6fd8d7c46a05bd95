import { describe, expect, it } from "vitest";
import { LzwError, lzwDecode } from "../../../worker/engine/core/lzw";
import { base64Bytes, corpusFile, oracle, parsePnm } from "../tools/readers";

/** A stream's bytes as qpdf reads them: raw, or with its generalized filters (LZW, Flate...) undone. */
async function streamData(pdf: Uint8Array, object: string, level: "none" | "generalized" | "all") {
  const r = await oracle(
    "qpdf",
    // One object only: the whole file's streams inline make a JSON of hundreds of megabytes.
    [
      "--json=2",
      "--json-key=qpdf",
      `--json-object=${object.split(" ")[0]}`,
      "--json-stream-data=inline",
      `--decode-level=${level}`,
      "{in}",
    ],
    pdf,
  );
  return base64Bytes(JSON.parse(r.stdout).qpdf[1][`obj:${object}`].stream.data);
}

/** Counted rather than compared with toEqual: a diff of megabyte arrays takes minutes. */
function mismatches(a: Uint8Array, b: Uint8Array): number {
  let n = Math.abs(a.length - b.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) n++;
  return n;
}

describe("lzwDecode", () => {
  it("decodes LZW streams exactly as qpdf does", async () => {
    const small = await corpusFile("pdf/valid/pysample__imagemagick-lzw.pdf");
    const decoded = lzwDecode(await streamData(small, "8 0 R", "none"), 1, 1 << 20, "too large");
    expect(mismatches(decoded, await streamData(small, "8 0 R", "generalized"))).toBe(0);
    // A 218 KB LZW layer over a JPEG: qpdf only undoes both at once, so compare pixels, with
    // libjpeg (djpeg) decoding our LZW output.
    const pdf = await corpusFile("pdf/valid/pdflib__us_constitution.pdf");
    const jpeg = lzwDecode(await streamData(pdf, "35 0 R", "none"), 1, 1 << 26, "too large");
    const pixels = await oracle("djpeg", ["-pnm", "-outfile", "{out}", "{in}"], jpeg);
    expect(pixels.stderr).toBe("");
    const image = parsePnm(base64Bytes(pixels.out ?? ""));
    expect([image.width, image.height]).toEqual([2860, 625]);
    expect(mismatches(image.data, await streamData(pdf, "35 0 R", "all"))).toBe(0);
  });

  it("refuses a bad code instead of stopping quietly, and stops at the size limit", async () => {
    const pdf = await corpusFile("pdf/malformed/qpdf__broken-lzw.pdf");
    const raw = await streamData(pdf, "4 0 R", "none");
    expect(() => lzwDecode(raw, 1, 1 << 20, "too large")).toThrow(LzwError);
    const good = await streamData(await corpusFile("pdf/valid/pdflib__us_constitution.pdf"), "35 0 R", "none");
    expect(() => lzwDecode(good, 1, 1000, "too large")).toThrow("too large");
  });
});
