import { describe, expect, it } from "vitest";
import { logoLayout } from "../../../schema/watermark-layout";
import { buildPdf, solidPng } from "./inputs";
import { corpusFile, expectValidPdf, oracle, pdfText, render } from "./readers";
import { convert, made, pdf, type SentFile } from "./run";

/**
 * The image watermark, its output judged by poppler (pdftoppm's pixels, pdfimages, pdftotext) and
 * qpdf (the endpoint's contract: test/worker/convert/image-watermark.test.ts).
 */

async function logoFile(name = "logo.png"): Promise<SentFile> {
  return { name, bytes: await solidPng(40, 20, [255, 0, 0, 255]), type: "image/png" };
}

/** Watermarks `doc` with `logo` (opacity 1 unless given); the first output. */
async function withLogo(doc: SentFile, logo: SentFile, fields: Record<string, string>) {
  return made(
    await convert("watermark-pdf", [doc], { opacity: "1", ...fields }, { attachments: { watermarkImage: logo } }),
  );
}

/** Which cells of a 4 x 4 grid over the rendered page hold red (the logo). */
async function redCells(bytes: Uint8Array, page = 1): Promise<string[]> {
  const r = await render(bytes, { page, dpi: 36 });
  const cells = new Set<string>();
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const i = (y * r.width + x) * 3;
      const [R, G, B] = [r.data[i], r.data[i + 1], r.data[i + 2]];
      if (R > 200 && G < 60 && B < 60) cells.add(`${Math.floor((y / r.height) * 4)},${Math.floor((x / r.width) * 4)}`);
    }
  }
  return [...cells].sort();
}

describe("image watermark", () => {
  it("puts the logo in the corner the reader sees, on upright and turned pages alike, text kept", async () => {
    const src = await buildPdf([{ text: "Upright page" }, { text: "Turned page", rotate: 90 }]);
    const file = await withLogo(pdf("doc.pdf", src), await logoFile(), { position: "top-right", scale: "20" });
    expect(file).toMatchObject({ status: "watermarked", message: "Watermark added to 2 pages" });
    const out = file.bytes;
    await expectValidPdf(out);
    // Row 0 is the top of what the reader sees, column 3 its right.
    expect(await redCells(out, 1)).toEqual(["0,3"]);
    expect(await redCells(out, 2)).toEqual(["0,3"]);
    expect(await pdfText(out)).toContain("Upright page");
    // One image, drawn on both pages (not copied per page).
    const images = await oracle("pdfimages", ["-list", "{in}"], out);
    const rows = images.stdout
      .trim()
      .split("\n")
      .slice(2)
      .map((row) => row.trim().split(/\s+/))
      .filter((cols) => cols[2] === "image");
    expect(rows.map((cols) => cols[0])).toEqual(["1", "2"]);
    expect(new Set(rows.map((cols) => cols[10])).size).toBe(1);
  });

  it("centres it, or tiles it over the whole page, as the layout the preview uses says", async () => {
    const src = await buildPdf([{ text: "Tiles", size: [400, 400] }]);
    const centre = (await withLogo(pdf("a.pdf", src), await logoFile(), { scale: "30" })).bytes;
    const cells = await redCells(centre);
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((c) => ["1,1", "1,2", "2,1", "2,2"].includes(c))).toBe(true);

    const tiled = (
      await withLogo(pdf("a.pdf", src), await logoFile(), { position: "tiled", scale: "10", rotation: "30" })
    ).bytes;
    await expectValidPdf(tiled);
    expect(await redCells(tiled)).toHaveLength(16);
    // The drawing holds one copy per centre of the shared layout.
    const layout = logoLayout(
      { width: 400, height: 400 },
      { width: 40, height: 20 },
      {
        position: "tiled",
        scale: 10,
        rotation: 30,
      },
    );
    const qdf = await oracle("qpdf", ["--qdf", "--object-streams=disable", "{in}", "{out}"], tiled);
    const text = new TextDecoder("latin1").decode(Uint8Array.from(atob(qdf.out ?? ""), (c) => c.charCodeAt(0)));
    expect(text.match(/\/Im Do/g)?.length).toBe(layout.centres.length);
  });

  it("is drawn at the opacity chosen", async () => {
    const src = await buildPdf([{ text: "Faint", size: [200, 200] }]);
    const out = (await withLogo(pdf("a.pdf", src), await logoFile(), { scale: "80", opacity: "0.5" })).bytes;
    const r = await render(out, { dpi: 36 });
    const i = (Math.floor(r.height / 2) * r.width + Math.floor(r.width / 2)) * 3;
    // Red at half strength over white: (255, 128, 128) give or take rounding.
    expect(r.data[i]).toBeGreaterThan(240);
    expect(r.data[i + 1]).toBeGreaterThan(110);
    expect(r.data[i + 1]).toBeLessThan(145);
  });

  it("takes a JPEG logo too, and needs no text with an image", async () => {
    const src = await buildPdf([{ text: "Photo" }]);
    const jpeg = { name: "photo.jpg", bytes: await corpusFile("img/jpeg/sharp__concert.jpg"), type: "image/jpeg" };
    const out = (await withLogo(pdf("a.pdf", src), jpeg, { watermarkText: "" })).bytes;
    await expectValidPdf(out);
    const list = await oracle("pdfimages", ["-list", "{in}"], out);
    expect(list.stdout).toMatch(/\bjpeg\b/);
  });
});
