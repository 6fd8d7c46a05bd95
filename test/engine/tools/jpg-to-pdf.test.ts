import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { dwebp as dwebpRgba } from "../support/oracles";
import {
  base64Bytes,
  blocks,
  corpusFile,
  expectValidPdf,
  imagesIn,
  meanDiff,
  oracle,
  pageCount,
  parsePnm,
  pdfInfo,
  type Raster,
  render,
} from "./readers";
import { convert, convertOne, made, type SentFile } from "./run";

/**
 * JPG to PDF's output, judged by qpdf, poppler (pdfinfo, pdfimages, pdftoppm), libjpeg and
 * libwebp (the endpoint's contract: test/worker/convert/jpg-to-pdf.test.ts).
 */

async function image(path: string, name = path.split("/").pop() ?? "image"): Promise<SentFile> {
  const type = name.endsWith(".png") ? "image/png" : name.endsWith(".webp") ? "image/webp" : "image/jpeg";
  return { name, bytes: await corpusFile(`img/${path}`), type };
}

async function toPdf(...files: SentFile[]): Promise<Uint8Array> {
  const out = await convertOne("jpg-to-pdf", files);
  await expectValidPdf(out);
  return out;
}

/** The JPEG decoded by libjpeg's djpeg: the reference for what the page must show. */
async function djpeg(bytes: Uint8Array): Promise<Raster> {
  const r = await oracle("djpeg", ["-pnm", "-outfile", "{out}", "{in}"], bytes);
  expect(r.code, r.stderr).toBe(0);
  return parsePnm(base64Bytes(r.out ?? ""));
}

describe("jpg-to-pdf", () => {
  it("makes one PDF of all the images, a page each, in order, named after the first", async () => {
    const result = await convert("jpg-to-pdf", [
      await image("jpeg/sharp__concert.jpg", "concert.jpg"),
      await image("png/pdflib__basn2c08.png"),
    ]);
    expect(result.message).toBe("Files processed successfully");
    const file = made(result);
    expect(file).toMatchObject({ originalName: "concert.jpg", fileName: "concert.pdf" });
    expect(file.extra?.pageCount).toBe(2);
    const out = file.bytes;
    await expectValidPdf(out);
    expect(await pageCount(out)).toBe(2);
    const info = await pdfInfo(out);
    expect(info.Producer).toBe("PDFTools");
    expect(info["Page    1 size"] ?? info["Page size"]).toMatch(/^400 x 267 pts/);
    // The JPEG is carried as it is (DCT), not re-encoded.
    // Its ICC profile comes along.
    expect((await imagesIn(out))[0]).toEqual(["image", "400", "267", "icc", "1", "8", "jpeg"]);
  });

  it("applies EXIF orientation through the page, without re-encoding", async () => {
    const page1 = await render(await toPdf(await image("jpeg/sharp__Landscape_1.jpg")));
    expect([page1.width, page1.height]).toEqual([600, 450]);
    const upright = blocks(page1);
    expect(meanDiff(upright, blocks(await djpeg(await corpusFile("img/jpeg/sharp__Landscape_1.jpg"))))).toBeLessThan(3);
    // Orientation 2 (mirror) is the one the corpus lacks.
    for (const n of [3, 4, 5, 6, 7, 8]) {
      const page = await render(await toPdf(await image(`jpeg/sharp__Landscape_${n}.jpg`)));
      expect(meanDiff(blocks(page), upright), `orientation ${n}`).toBeLessThan(6);
    }
    // The same pixels drawn without turning them would not match at all.
    const stored = await djpeg(await corpusFile("img/jpeg/sharp__Landscape_6.jpg"));
    expect([stored.width, stored.height]).toEqual([450, 600]);
  });

  it("shows Adobe CMYK JPEGs in their real colours, not as a negative", async () => {
    const file = await image("jpeg/sharp__Channel_digital_image_CMYK_color_no_profile.jpg");
    const page = blocks(await render(await toPdf(file)));
    const reference = blocks(await djpeg(file.bytes));
    expect(meanDiff(page, reference)).toBeLessThan(25);
    const negative = { ...reference, data: reference.data.map((v) => 255 - v) };
    expect(meanDiff(page, negative)).toBeGreaterThan(3 * meanDiff(page, reference));
  });

  it("sizes the page from the image's declared resolution", async () => {
    // 1015 x 312 pixels declared at 300 dpi (pHYs): 243.6 x 74.9 points.
    const out = await toPdf(await image("png/pdflib__etwe.png"));
    const [w, h] = ((await pdfInfo(out))["Page size"] ?? "").split(" x ").map(Number.parseFloat);
    expect(w).toBeCloseTo(243.6, 0);
    expect(h).toBeCloseTo(74.9, 0);
  });

  it("lays each image on A4 or Letter, turned as asked or as the image is, inside a margin", async () => {
    // 1015 x 312 pixels declared at 300 dpi: wider than tall, so "auto" turns the sheet landscape.
    const wide = await image("png/pdflib__etwe.png");
    const sized = async (fields: Record<string, string>) => {
      const out = await convertOne("jpg-to-pdf", [wide], fields);
      await expectValidPdf(out);
      return ((await pdfInfo(out))["Page size"] ?? "").split(" x ").map(Number.parseFloat);
    };
    expect(await sized({ pageSize: "a4" })).toEqual([841.89, 595.28]);
    expect(await sized({ pageSize: "a4", orientation: "portrait" })).toEqual([595.28, 841.89]);
    expect(await sized({ pageSize: "letter", orientation: "landscape" })).toEqual([792, 612]);
    // Its own size, with a quarter inch around it.
    const [w, h] = await sized({ pageSize: "fit", margin: "small" });
    expect(w).toBeCloseTo(243.6 + 36, 0);
    expect(h).toBeCloseTo(74.9 + 36, 0);
    // On Letter with a half-inch margin, the image fills the width inside the margins, centred:
    // poppler's render is white at the margin and dark (the image) in the middle of the page.
    const out = await convertOne("jpg-to-pdf", [await image("jpeg/progressive_cat.jpg")], {
      pageSize: "letter",
      margin: "large",
    });
    const r = await render(out, { dpi: 36, gray: true });
    const at = (x: number, y: number) => r.data[Math.round(y) * r.width + Math.round(x)];
    expect(at(r.width * 0.2, r.height * 0.5 - 1)).not.toBe(255);
    expect(at(2, r.height / 2)).toBe(255);
  });

  it("reads every kind of PNG: palettes, low and 16-bit depths, alpha, interlacing", async () => {
    const pdf = async (p: string) => toPdf(await image(`png/${p}.png`));
    // Interlaced files decode to exactly the pixels of their plain twins.
    for (const [plain, interlaced] of [
      ["pdflib__basn3p08", "pdflib__basi3p08"],
      ["pdflib__basn6a08", "pdflib__basi6a08"],
      ["pdflib__basn6a16", "pdflib__basi6a16"],
    ]) {
      const a = await render(await pdf(plain), { dpi: 144 });
      const b = await render(await pdf(interlaced), { dpi: 144 });
      expect(meanDiff(a, b), `${plain} vs ${interlaced}`).toBeLessThan(1);
    }
    // Plain PNG data is passed through at its own depth; alpha becomes a soft mask.
    expect(await imagesIn(await pdf("pdflib__basn0g01"))).toEqual([["image", "32", "32", "gray", "1", "1", "image"]]);
    expect(await imagesIn(await pdf("pdflib__oi9n2c16"))).toEqual([["image", "32", "32", "rgb", "3", "16", "image"]]);
    expect(await imagesIn(await pdf("pdflib__basn3p04"))).toEqual([["image", "32", "32", "index", "1", "4", "image"]]);
    expect(await imagesIn(await pdf("pdflib__basn6a08"))).toEqual([
      ["image", "32", "32", "rgb", "3", "8", "image"],
      ["smask", "32", "32", "gray", "1", "8", "image"],
    ]);
    expect((await imagesIn(await pdf("pdflib__tbbn3p08")))[1][0]).toBe("smask");
    expect((await imagesIn(await pdf("sharp__16-bit-grey-alpha")))[1][0]).toBe("smask");
    // A fully transparent pixel shows the white page; the top-left of tbbn3p08 is transparent.
    const transparent = await render(await pdf("pdflib__tbbn3p08"), { dpi: 72 });
    expect([...transparent.data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });
});

/** The WebP decoded by libwebp's dwebp: the reference for what the page must show. */
async function dwebp(bytes: Uint8Array): Promise<Raster> {
  const r = await oracle("dwebp", ["-quiet", "-ppm", "{in}", "-o", "{out}"], bytes);
  expect(r.code, r.stderr).toBe(0);
  return parsePnm(base64Bytes(r.out ?? ""));
}

/** The first image of a PDF as poppler decodes it (pdfimages): the stored pixels, no rendering between. */
async function firstImage(pdf: Uint8Array): Promise<Raster> {
  const r = await oracle("pdfimages", ["-f", "1", "-l", "1", "{in}", "{out}"], pdf);
  expect(r.code, r.stderr).toBe(0);
  return parsePnm(base64Bytes(r.out ?? ""));
}

describe("jpg-to-pdf with WebP images", () => {
  it("writes a lossy WebP's pixels as a JPEG the size of the image, as dwebp shows them", async () => {
    const file = await image("webp/libwebp__test.webp");
    const out = await toPdf(file);
    // One DCT image, at the WebP's own size, RGB (a WebP is always colour).
    expect(await imagesIn(out)).toEqual([["image", "128", "128", "rgb", "3", "8", "jpeg"]]);
    const info = await pdfInfo(out);
    expect(info["Page size"]).toMatch(/^128 x 128 pts/);
    const page = await render(out, { dpi: 72 });
    expect([page.width, page.height]).toEqual([128, 128]);
    // At quality 90, against libwebp's own decoding, as poppler decodes the stored JPEG: within
    // what libjpeg's cjpeg -quality 90 of the same pixels gives (2.05 on this image).
    const reference = await dwebp(file.bytes);
    const stored = await firstImage(out);
    expect(meanDiff(stored, reference)).toBeLessThan(2.5);
    expect(meanDiff(blocks(stored), blocks(reference))).toBeLessThan(1);
    // And the page shows it.
    expect(meanDiff(blocks(page), blocks(reference))).toBeLessThan(2);
  });

  it("writes a lossless WebP exactly (Flate), and its alpha as a soft mask", async () => {
    const lossless = await image("webp/libwebp__lossless_color_transform.webp");
    const out = await toPdf(lossless);
    expect(await imagesIn(out)).toEqual([["image", "512", "512", "rgb", "3", "8", "image"]]);
    // The stored pixels are libwebp's decoding, exactly; the page shows them.
    const reference = await dwebp(lossless.bytes);
    expect(meanDiff(await firstImage(out), reference)).toBe(0);
    expect(meanDiff(blocks(await render(out, { dpi: 72 })), blocks(reference))).toBeLessThan(1);

    const alpha = await toPdf(await image("webp/sharp__5_webp_a.webp"));
    const rows = await imagesIn(alpha);
    expect(rows).toEqual([
      ["image", "300", "300", "rgb", "3", "8", "jpeg"],
      ["smask", "300", "300", "gray", "1", "8", "image"],
    ]);
  });

  it("writes a lossless WebP with alpha exactly: its colour and its soft mask are libwebp's decoding", async () => {
    const file = await image("webp/libwebp__lossless1.webp");
    const out = await toPdf(await image("webp/libwebp__test.webp"), await image("jpeg/progressive_cat.jpg"), file);
    // page, type, width, height, enc: a lossy WebP and a JPEG as JPEGs, the lossless one deflated.
    expect((await imagesIn(out)).map((r) => [r[0], r[1], r[2], r[6]])).toEqual([
      ["image", "128", "128", "jpeg"],
      ["image", "320", "240", "jpeg"],
      ["image", "1000", "307", "image"],
      ["smask", "1000", "307", "image"],
    ]);
    const dir = await mkdtemp(join(tmpdir(), "engine-webp-"));
    try {
      await writeFile(join(dir, "in.pdf"), out);
      await promisify(execFile)("pdfimages", ["-f", "3", "-l", "3", join(dir, "in.pdf"), join(dir, "img")]);
      const [colourFile, alphaFile] = (await readdir(dir)).filter((f) => f.startsWith("img-")).sort();
      const colour = parsePnm(new Uint8Array(await readFile(join(dir, colourFile))));
      const alpha = parsePnm(new Uint8Array(await readFile(join(dir, alphaFile))));
      const reference = await dwebpRgba(file.bytes);
      expect([colour.width, colour.height, alpha.width, alpha.height]).toEqual([1000, 307, 1000, 307]);
      let differing = 0;
      for (let i = 0; i < 1000 * 307; i++) {
        const [r, g, b, a] = reference.data.subarray(i * 4, i * 4 + 4);
        const c = colour.data.subarray(i * 3, i * 3 + 3);
        if (c[0] !== r || c[1] !== g || c[2] !== b || alpha.data[i * alpha.channels] !== a) differing++;
      }
      expect(differing).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("turns the page by the WebP's EXIF orientation", async () => {
    // Stored 128 x 128 with orientation 6: a square, so compare with the upright decoding turned.
    const file = await image("webp/pillow__hopper_orientation_6.webp");
    const page = await render(await toPdf(file), { dpi: 72 });
    const stored = await dwebp(file.bytes);
    const turned: Raster = { ...stored, data: new Uint8Array(stored.data.length) };
    // Orientation 6: shown turned 90 degrees clockwise.
    for (let y = 0; y < stored.height; y++)
      for (let x = 0; x < stored.width; x++)
        for (let c = 0; c < 3; c++)
          turned.data[(x * stored.width + (stored.height - 1 - y)) * 3 + c] =
            stored.data[(y * stored.width + x) * 3 + c];
    expect(meanDiff(blocks(page), blocks(turned))).toBeLessThan(4);
    expect(meanDiff(blocks(page), blocks(stored))).toBeGreaterThan(10);
  });

  it("takes the first frame of an animation, and mixes WebP with JPEG and PNG in order", async () => {
    const animated = await image("webp/sharp__animated-loop-3.webp");
    const still = await oracle("webpmux", ["-get", "frame", "1", "{in}", "-o", "{out}"], animated.bytes);
    expect(still.code, still.stderr).toBe(0);
    const frame = await dwebp(base64Bytes(still.out ?? ""));
    const alone = await firstImage(await toPdf(animated));
    expect([alone.width, alone.height]).toEqual([frame.width, frame.height]);
    expect(meanDiff(blocks(alone), blocks(frame))).toBeLessThan(1.5);

    const out = await toPdf(
      await image("jpeg/progressive_cat.jpg"),
      await image("webp/sharp__animated-loop-3.webp"),
      await image("png/pdflib__basn2c08.png"),
    );
    expect(await pageCount(out)).toBe(3);
    const rows = await imagesIn(out);
    expect(rows.map((r) => r.slice(1, 3))).toEqual([
      ["320", "240"],
      ["370", "285"],
      ["32", "32"],
    ]);
  });
});
