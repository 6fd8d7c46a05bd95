import {
  concatTransformationMatrix,
  drawObject,
  type PDFContext,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from "@cantoo/pdf-lib";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readPng } from "../support/oracles";
import { corpusFile, jpegFrame, oracle } from "./readers";
import { convert, made, pdf as sent } from "./run";

/**
 * Extract Images: what comes out is judged by libjpeg (djpeg), libpng (through cwebp) and
 * poppler's pdfimages -list, never by the engine that wrote it (the endpoint's contract:
 * test/worker/convert/extract-images.test.ts).
 */

const CONCERT = "img/jpeg/sharp__concert.jpg";

/** A 32 x 24 RGBA test pattern: colours that change along each axis, alpha across. */
const W = 32;
const H = 24;
function pattern(): Uint8Array {
  const rgba = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) rgba.set([x * 8, y * 10, 255 - x * 4, (x + y * W) % 256], (y * W + x) * 4);
  }
  return rgba;
}

/** A 4-bit grey ramp, 20 x 20: two pixels a byte, as PDF and PNG both pack them. */
function greyRamp(): Uint8Array {
  const packed = new Uint8Array(10 * 20);
  for (let y = 0; y < 20; y++)
    for (let x = 0; x < 20; x += 2) packed[y * 10 + x / 2] = (((x + y) % 16) << 4) | ((x + 1 + y) % 16);
  return packed;
}

/** An image XObject written by hand (Flate, no predictor), so the test knows its exact samples. */
function imageXObject(ctx: PDFContext, w: number, h: number, data: Uint8Array, dict: Record<string, unknown>) {
  return ctx.register(
    ctx.flateStream(data, { Type: "XObject", Subtype: "Image", Width: w, Height: h, ...dict } as never),
  );
}

/**
 * Three pages: 1 has a JPEG and an RGB image with a soft mask (alpha); 2 draws the same JPEG
 * again and a form that holds a 4-bit grey image; 3 has only text.
 */
async function sample(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const jpeg = await doc.embedJpg(await corpusFile(CONCERT));
  const rgba = pattern();
  const rgb = new Uint8Array(W * H * 3);
  const alpha = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) {
    rgb.set(rgba.subarray(i * 4, i * 4 + 3), i * 3);
    alpha[i] = rgba[i * 4 + 3];
  }
  const smask = imageXObject(ctx, W, H, alpha, { ColorSpace: "DeviceGray", BitsPerComponent: 8 });
  const withAlpha = imageXObject(ctx, W, H, rgb, { ColorSpace: "DeviceRGB", BitsPerComponent: 8, SMask: smask });
  const grey = imageXObject(ctx, 20, 20, greyRamp(), { ColorSpace: "DeviceGray", BitsPerComponent: 4 });
  const p1 = doc.addPage([500, 500]);
  p1.drawImage(jpeg, { x: 10, y: 200, width: 400, height: 267 });
  const a = p1.node.newXObject("Im", withAlpha);
  p1.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(64, 0, 0, 48, 10, 10),
    drawObject(a),
    popGraphicsState(),
  );
  const p2 = doc.addPage([500, 500]);
  p2.drawImage(jpeg, { x: 10, y: 200, width: 200, height: 134 });
  const formRef = ctx.register(
    ctx.formXObject([pushGraphicsState(), drawObject("Im0"), popGraphicsState()], {
      BBox: [0, 0, 1, 1],
      Resources: { XObject: { Im0: grey } },
    }),
  );
  const name = p2.node.newXObject("Fm", formRef);
  p2.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(100, 0, 0, 100, 300, 10),
    drawObject(name),
    popGraphicsState(),
  );
  doc.addPage([500, 500]).drawText("Only words here", { x: 20, y: 20, size: 14, font });
  return doc.save();
}

/** pdfimages -list rows as [page, type, width, height, object id]. */
async function pdfimagesList(pdf: Uint8Array): Promise<string[][]> {
  const r = await oracle("pdfimages", ["-list", "{in}"], pdf);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split("\n")
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .map((c) => [c[0], c[2], c[3], c[4], c[10]]);
}

async function extract(pdf: Uint8Array, fields: Record<string, string> = {}, name = "pictures.pdf") {
  const file = made(await convert("extract-images", [sent(name, pdf)], fields));
  return { file, bytes: file.bytes };
}

describe("extract-images", () => {
  it("saves each image once, the JPEG byte for byte and the PNG with its alpha, in a ZIP", async () => {
    const pdf = await sample();
    const { file, bytes } = await extract(pdf);
    expect(file).toMatchObject({ fileName: "pictures-images.zip", message: "3 images extracted." });
    expect(file.extra?.imageCount).toBe(3);
    const zip = unzipSync(bytes);
    expect(Object.keys(zip).sort()).toEqual(["page-1-image-1.jpg", "page-1-image-2.png", "page-2-image-1.png"]);
    // The JPEG as it was embedded: the same bytes.
    expect(Buffer.compare(Buffer.from(zip["page-1-image-1.jpg"]), Buffer.from(await corpusFile(CONCERT)))).toBe(0);
    // The image with a soft mask: libpng reads the RGBA pixels it was made of.
    const got = await readPng(zip["page-1-image-2.png"]);
    expect([got.width, got.height, got.channels]).toEqual([W, H, 4]);
    expect(Buffer.compare(Buffer.from(got.data), Buffer.from(pattern())), "RGBA pixels").toBe(0);
    // The 4-bit grey image inside the form, found through the form's resources, kept at 4 bits.
    const png = zip["page-2-image-1.png"];
    expect([png[24], png[25]], "IHDR bit depth and colour type").toEqual([4, 0]);
    const inForm = await readPng(png);
    const ramp = greyRamp();
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [7, 3],
      [19, 19],
    ]) {
      const v = (ramp[y * 10 + (x >> 1)] >> (x % 2 ? 0 : 4)) & 15;
      expect(inForm.data[(y * 20 + x) * 4], `grey at ${x},${y}`).toBe(v * 17);
    }
    // poppler lists the JPEG once per page it is drawn on; the ZIP has each object once.
    const rows = await pdfimagesList(pdf);
    const objects = new Map(rows.filter((r) => r[1] === "image").map((r) => [r[4], `${r[2]}x${r[3]}`]));
    expect(rows.filter((r) => r[1] === "image")).toHaveLength(4);
    expect([...objects.values()].sort()).toEqual(["20x20", "32x24", "400x267"]);
  });

  it("takes the chosen pages only, and a single image comes as itself", async () => {
    const { file, bytes } = await extract(await sample(), { pages: "[2]" });
    // Page 2 alone: the JPEG is first seen there now; with the form's PNG that is two.
    expect(Object.keys(unzipSync(bytes)).sort()).toEqual(["page-2-image-1.jpg", "page-2-image-2.png"]);
    expect(file.fileName).toBe("pictures-images.zip");

    const one = await extract(await corpusFile("pdf/valid/pysample__pdflatex-image.pdf"), {}, "latex.pdf");
    expect(one.file.fileName).toBe("latex-page-1-image-1.jpg");
    expect(one.file.extra?.imageCount).toBe(1);
    expect(await jpegFrame(one.bytes)).toEqual({ width: 300, height: 200, components: 3 });
  });

  it("leaves out images under the minimum size, and says so", async () => {
    const { file, bytes } = await extract(await sample(), { minSize: "40" });
    expect(file.fileName).toBe("pictures-page-1-image-1.jpg");
    expect(file.message).toBe("1 image extracted. 2 small images were left out.");
    expect(await jpegFrame(bytes)).toEqual({ width: 400, height: 267, components: 1 });
  });

  it("agrees with pdfimages on a corpus file of JPEG, RGB, CMYK and grey images", async () => {
    const pdf = await corpusFile("pdf/valid/qpdf__image-streams.pdf");
    const { bytes } = await extract(pdf, {}, "streams.pdf");
    const zip = unzipSync(bytes);
    const rows = (await pdfimagesList(pdf)).filter((r) => r[1] === "image");
    expect(Object.keys(zip)).toHaveLength(new Set(rows.map((r) => r[4])).size);
    for (const [page, , w, h] of rows) {
      const jpg = zip[`page-${page}-image-1.jpg`];
      const size = jpg ? await jpegFrame(jpg) : await readPng(zip[`page-${page}-image-1.png`]);
      expect([size.width, size.height], `page ${page}`).toEqual([Number(w), Number(h)]);
    }
  });

  it("skips fax images and counts them", async () => {
    const { file, bytes } = await extract(await corpusFile("pdf/valid/qpdf__fax-decode-parms.pdf"), { minSize: "0" });
    expect(file.message).toBe("6 images extracted. 2 images in formats that cannot be saved as they are were skipped.");
    expect(Object.keys(unzipSync(bytes))).toHaveLength(6);
  });
});
