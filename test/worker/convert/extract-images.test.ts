import {
  concatTransformationMatrix,
  drawObject,
  type PDFContext,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { corpusFile } from "../helpers";
import { convertFails, convertOk, download, form } from "./support";

/**
 * Extract Images' HTTP contract: the answer (a ZIP, or a single image as itself), the stored
 * result, the refusals. The images are judged in test/engine/tools/extract-images.test.ts.
 */

const EXTRACT = "/api/convert/extract-images";
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

async function extract(pdf: Uint8Array, fields: Record<string, string> = {}, name = "pictures.pdf") {
  const body = await convertOk(EXTRACT, form([{ name, bytes: pdf }], fields));
  return { body, bytes: await download(body.file) };
}

describe("POST /api/convert/extract-images", () => {
  it("answers with a ZIP of the images, or a single image as itself, stored for download", async () => {
    const { body, bytes } = await extract(await sample());
    expect(body.file).toMatchObject({ convertedName: "pictures-images.zip", imageCount: 3 });
    expect(body.file?.message).toBe("3 images extracted.");
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const one = await extract(await corpusFile("pdf/valid/pysample__pdflatex-image.pdf"), {}, "latex.pdf");
    expect(one.body.file).toMatchObject({ convertedName: "latex-page-1-image-1.jpg", imageCount: 1 });
    expect([...one.bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it("refuses what it cannot do, clearly", async () => {
    const notPdf = await convertFails(
      EXTRACT,
      form([{ name: "fake.pdf", bytes: new TextEncoder().encode("hello, not a PDF") }]),
      400,
    );
    expect(notPdf.error).toMatch(/PDF/);
    const missing = await convertFails(
      EXTRACT,
      form([{ name: "a.pdf", bytes: await sample() }], { pages: "[9]" }),
      400,
    );
    expect(missing.error).toBe("Page 9 does not exist: this PDF has 3 pages.");
    const none = await convertFails(
      EXTRACT,
      form([{ name: "words.pdf", bytes: await corpusFile("pdf/valid/pysample__minimal-document.pdf") }]),
      422,
    );
    expect(none.error).toBe("This PDF has no images to extract.");
    const fax = await convertFails(
      EXTRACT,
      form([{ name: "fax.pdf", bytes: await corpusFile("pdf/valid/pysample__imagemagick-CCITTFaxDecode.pdf") }]),
      422,
    );
    expect(fax.error).toMatch(/cannot be saved as it is/);
    const bad = await convertFails(EXTRACT, form([{ name: "a.pdf", bytes: await sample() }], { minSize: "-3" }), 400);
    expect(bad.error).toBe("The minimum size must be a whole number of pixels from 0 to 10,000.");
  });
});
