import { readFileSync } from "node:fs";
import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { Budget } from "../../../worker/engine/core/budget";
import { compressPdf } from "../../../worker/engine/pdf/compress/compress";
import { patchedWasm } from "../../support/gen-hb-subset-wasm.mjs";
import { runOn } from "../support/oracles";
import {
  brokenFontPrograms,
  formWithFont,
  mergedWholeFonts,
  simpleTrueTypeFonts,
  textEverywhere,
} from "./font-fixtures";
import { expectSameDocument, pdffonts } from "./font-support";

/**
 * Compress PDF cuts embedded fonts to the glyphs the file shows. Judged by poppler and qpdf: the
 * output must read the same (pdftotext), look the same (every page rendered by pdftoppm, pixel
 * for pixel), and pdffonts must list the fonts as subsets, at every level, "low" included.
 */

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/fonts/${name}`, import.meta.url)));

async function compress(input: Uint8Array, level: "low" | "recommended" | "extreme" = "low") {
  return compressPdf(input, { level, budget: new Budget(60_000) });
}

/** A font program's decoded length, by the font's name in pdffonts (qpdf reads the stream). */
async function programLengths(pdf: Uint8Array): Promise<number[]> {
  const r = await runOn("qpdf", ["--json=2", "--decode-level=generalized", "--json-stream-data=inline", "{in}"], pdf);
  expect(r.code, r.stderr).toBe(0);
  const objects = JSON.parse(r.stdout).qpdf[1] as Record<
    string,
    { stream?: { dict: Record<string, unknown>; data?: string } }
  >;
  const programs = new Set<string>();
  for (const o of Object.values(objects)) {
    for (const key of ["/FontFile2", "/FontFile3"]) {
      const ref = (o as { value?: Record<string, unknown> }).value?.[key];
      if (typeof ref === "string") programs.add(`obj:${ref}`);
    }
  }
  return [...programs]
    .map((ref) => Buffer.from(objects[ref]?.stream?.data ?? "", "base64").length)
    .sort((a, b) => a - b);
}

describe("font subsetting: the HarfBuzz module", () => {
  it("is harfbuzzjs's hb-subset with only its memory limits changed (gen-hb-subset-wasm.mjs)", () => {
    const committed = readFileSync(new URL("../../../worker/engine/codecs/hb-subset.wasm", import.meta.url));
    expect(Buffer.from(patchedWasm()).equals(committed)).toBe(true);
  });
});

describe("font subsetting: TrueType", () => {
  it("cuts three merged copies of a whole font to one subset, at every level", async () => {
    const input = await mergedWholeFonts(3, 2);
    expect(await programLengths(input)).toHaveLength(3);
    for (const level of ["low", "recommended", "extreme"] as const) {
      const r = await compress(input, level);
      expect(r.fontsSubset).toBe(1);
      await expectSameDocument(input, r.bytes);
      const lengths = await programLengths(r.bytes);
      // One program for all three fonts, a small part of DejaVu Sans's 757 KB (glyph ids kept:
      // the glyph index and metrics still run to the highest glyph shown).
      expect(lengths).toHaveLength(1);
      expect(lengths[0]).toBeLessThan(100_000);
      const fonts = (await pdffonts(r.bytes)).filter((f) => f.embedded);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.every((f) => f.subset && /^[A-Z]{6}\+DejaVuSans/.test(f.name))).toBe(true);
      expect(r.bytes.length).toBeLessThan(input.length / 10);
    }
  });

  it("keeps simple TrueType fonts' codes reaching their glyphs (WinAnsi, and Differences by glyph name)", async () => {
    const input = await simpleTrueTypeFonts();
    const r = await compress(input);
    expect(r.fontsSubset).toBe(2);
    await expectSameDocument(input, r.bytes, 150);
    expect((await pdffonts(r.bytes)).every((f) => f.subset)).toBe(true);
    expect(r.bytes.length).toBeLessThan(input.length / 4);
  });

  it("counts glyphs shown in forms, annotation appearances, Type 3 glyphs and tiling patterns", async () => {
    const input = await textEverywhere();
    const r = await compress(input);
    expect(r.fontsSubset).toBe(1);
    await expectSameDocument(input, r.bytes, 150);
  });
});

describe("font subsetting: CFF", () => {
  it("cuts whole Type 1C fonts (WinAnsi, and Symbol's built-in encoding), renumbered by name", async () => {
    const input = fixture("type1c-whole.pdf");
    const r = await compress(input);
    expect(r.fontsSubset).toBe(3);
    await expectSameDocument(input, r.bytes, 150);
    const fonts = await pdffonts(r.bytes);
    expect(fonts.map((f) => [f.type, f.subset])).toEqual([
      ["Type 1C", true],
      ["Type 1C", true],
      ["Type 1C", true],
    ]);
    expect(r.bytes.length).toBeLessThan(input.length / 5);
  });

  it("cuts an OpenType (CFF) program and a bare name-keyed CIDFontType0C program, CIDs kept as glyph ids", async () => {
    for (const name of ["opentype-whole.pdf", "cidfonttype0c-whole.pdf"]) {
      const input = fixture(name);
      const r = await compress(input);
      expect(r.fontsSubset, name).toBe(1);
      await expectSameDocument(input, r.bytes, 150);
      expect((await pdffonts(r.bytes))[0].subset).toBe(true);
      expect(r.bytes.length).toBeLessThan(input.length / 4);
    }
  });

  it("cuts a CID-keyed CFF program through its charset", async () => {
    // Ghostscript's program holds the glyphs of both pages: with one page gone, half of them are unused.
    const doc = await PDFDocument.load(fixture("cid-keyed-gs.pdf"));
    doc.removePage(1);
    const input = await doc.save();
    const r = await compress(input);
    expect(r.fontsSubset).toBe(1);
    await expectSameDocument(input, r.bytes, 150);
    const [before] = await programLengths(input);
    const [after] = await programLengths(r.bytes);
    expect(after).toBeLessThan(before * 0.8);
  });
});

describe("font subsetting: what stays whole", () => {
  it("keeps the font an editable field's default appearance uses, and cuts the page's other font", async () => {
    const input = await formWithFont(false);
    const r = await compress(input);
    expect(r.fontsSubset).toBe(1);
    await expectSameDocument(input, r.bytes, 150);
    const fonts = await pdffonts(r.bytes);
    expect(fonts.find((f) => f.name.includes("DejaVuSans-"))?.subset).toBe(false);
    expect(fonts.find((f) => f.name.includes("DejaVuSerif"))?.subset).toBe(true);
    // The field's font is still the whole program: a reader can type any letter into the field.
    expect(Math.max(...(await programLengths(r.bytes)))).toBeGreaterThan(700_000);
  });

  it("cuts a read-only field's font like any other", async () => {
    const input = await formWithFont(true);
    const r = await compress(input);
    expect(r.fontsSubset).toBe(2);
    await expectSameDocument(input, r.bytes, 150);
  });

  it("leaves font programs it cannot read as they were, and the file still compresses", async () => {
    const input = await brokenFontPrograms();
    const r = await compress(input);
    expect(r.fontsSubset).toBe(0);
    const check = await runOn("qpdf", ["--check", "{in}"], r.bytes);
    expect(check.code, check.stderr).toBe(0);
    expect(await programLengths(r.bytes)).toEqual(await programLengths(input));
  });
});
