import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { build, latin1, stream } from "../pdf/stream-builder";
import { blocks, meanDiff, oracle, render } from "../tools/readers";
import { compress } from "./pdf-support";

/**
 * A JPEG that general-purpose filters wrap, as Acrobat wrote the US Constitution's scan
 * (`/Filter [/LZWDecode /DCTDecode]`), is downsampled like any other at recommended: it was
 * left at 400 ppi. qpdf says the filters, pdfimages the new resolution, poppler the page.
 */

/** LZW as PDF reads it (EarlyChange 1): each byte as its own 9-bit code, the table cleared before it grows to 10 bits. */
function lzw(data: Uint8Array): Uint8Array {
  const codes: number[] = [256];
  for (const [i, b] of data.entries()) {
    if (i > 0 && i % 250 === 0) codes.push(256);
    codes.push(b);
  }
  codes.push(257);
  const out = new Uint8Array(Math.ceil((codes.length * 9) / 8));
  let bit = 0;
  for (const c of codes) {
    for (let k = 8; k >= 0; k--, bit++) if ((c >> k) & 1) out[bit >> 3] |= 0x80 >> (bit & 7);
  }
  return out;
}

const hex = (b: Uint8Array) => `${Buffer.from(b).toString("hex")}>`;

async function wrapped(filters: string, encode: (b: Uint8Array) => Uint8Array | string) {
  const jpeg = new Uint8Array(
    await readFile(new URL("../../fixtures/corpus/img/jpeg/sharp__concert.jpg", import.meta.url)),
  );
  // 400 x 267 pixels drawn 72 pt wide: 400 ppi.
  const data = encode(jpeg);
  const body = typeof data === "string" ? latin1(data) : data;
  const content = "q 72 0 0 48.06 20 20 cm /Im0 Do Q";
  return build(
    [
      [1, "<< /Type /Catalog /Pages 2 0 R >>"],
      [2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
      [
        3,
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 112 88] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>",
      ],
      [4, stream(`<< /Length ${content.length} >>`, content, "\n")],
      [
        5,
        stream(
          `<< /Type /XObject /Subtype /Image /Width 400 /Height 267 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter ${filters} /Length ${body.length} >>`,
          body,
          "\n",
        ),
      ],
    ],
    "/Root 1 0 R",
  );
}

async function images(pdf: Uint8Array) {
  const r = await oracle("pdfimages", ["-list", "{in}"], pdf);
  return r.stdout
    .split("\n")
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/));
}

describe("a JPEG behind general-purpose filters", () => {
  it.each([
    ["[/LZWDecode /DCTDecode]", lzw],
    ["[/ASCIIHexDecode /DCTDecode]", hex],
  ] as const)("%s is brought down to 150 ppi", { timeout: 60_000 }, async (filters, encode) => {
    const input = await wrapped(filters, encode);
    const [before] = await images(input);
    expect(before[12], "x-ppi before").toBe("400");
    const { out } = await compress(input, {}, "scan.pdf");
    const [after] = await images(out);
    expect(after[8], "encoding").toBe("jpeg");
    expect(Number(after[12]), "x-ppi after").toBeLessThanOrEqual(151);
    const shown = await oracle("qpdf", ["--show-object=5", "{in}"], out);
    expect(shown.stdout).toMatch(/\/Filter \/DCTDecode/);
    expect(out.length).toBeLessThan(input.length / 2);
    const check = await oracle("qpdf", ["--check", "{in}"], out);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    // The page as poppler draws it at 150 dpi: the same picture (in 8 x 8 blocks, on a 0-255 scale).
    const a = await render(input, { dpi: 150, gray: true });
    const b = await render(out, { dpi: 150, gray: true });
    expect(meanDiff(blocks(a, 8), blocks(b, 8))).toBeLessThan(4);
  });
});
