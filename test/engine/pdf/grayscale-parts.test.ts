import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { JpegReader } from "../../../worker/engine/image/jpeg/decode";
import { lumaJpeg } from "../../../worker/engine/image/jpeg/luma";
import { cmykGray, grayText, SpaceReader } from "../../../worker/engine/pdf/compress/gray/colour";
import { stripJpegMetadata } from "../../../worker/engine/pdf/compress/jpeg-metadata";
import { compileFunction } from "../../../worker/engine/pdf/functions";
import { corpus, djpeg, runOn } from "../support/oracles";

/** The grayscale conversion's parts, each against something that did not write it. */

const JPEGS = [
  "img/jpeg/sharp__Landscape_1.jpg",
  "img/jpeg/sharp__Landscape_9.jpg",
  "img/jpeg/progressive_cat.jpg",
  "img/jpeg/progressive_3.jpg",
];

describe("a YCbCr JPEG's luma as a grey JPEG", () => {
  it("is not made from a JPEG that is grey already", async () => {
    expect(lumaJpeg(new JpegReader(await corpus("img/jpeg/sharp__concert.jpg")))).toBeNull();
  });

  it.each(JPEGS)("%s: what libjpeg decodes is exactly djpeg -grayscale of the original", async (path) => {
    const bytes = await corpus(path);
    const gray = lumaJpeg(new JpegReader(bytes));
    expect(gray).not.toBeNull();
    const mine = await djpeg(gray!);
    expect(mine.channels).toBe(1);
    const theirs = await runOn("djpeg", ["-grayscale", "-outfile", "{out}", "{in}"], bytes);
    expect(theirs.code, theirs.stderr).toBe(0);
    // Same coefficients, same quantization, the same decoder: the same pixels.
    const header = new TextDecoder("latin1").decode(theirs.out!.subarray(0, 20));
    const start = /^P5\s+\d+\s+\d+\s+255\s/.exec(header)![0].length;
    expect(mine.data).toEqual(theirs.out!.subarray(start));
    expect(gray!.length).toBeLessThan(bytes.length);
  });
});

describe("JPEG metadata", () => {
  it("strips EXIF, XMP, IPTC and comments; the image decodes to the same pixels", async () => {
    const bytes = await corpus("img/jpeg/sharp__Landscape_1.jpg");
    const latin = (b: Uint8Array) => new TextDecoder("latin1").decode(b);
    expect(latin(bytes)).toContain("Exif");
    const stripped = stripJpegMetadata(bytes)!;
    expect(latin(stripped)).not.toContain("Exif");
    expect((await djpeg(stripped)).data).toEqual((await djpeg(bytes)).data);
    // Nothing to strip: nothing changes.
    expect(stripJpegMetadata(stripped)).toBeNull();
  });
});

/** pdf-lib's reading of a file holding `objects` (PDF syntax) as objects 1..n, and object n. */
async function objectsOf(objects: string[]) {
  const text = `%PDF-1.7\n${objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join("")}trailer\n<< /Root 1 0 R >>\n%%EOF`;
  const doc = await PDFDocument.load(
    Uint8Array.from(text, (c) => c.charCodeAt(0)),
    { throwOnInvalidObject: false },
  );
  const ctx = doc.context;
  const obj = (n: number) => [...ctx.enumerateIndirectObjects()].find(([r]) => r.objectNumber === n)![1];
  return { ctx, obj };
}

/** A stream object's syntax, its /Length counted. */
const stream = (dict: string, data: string) => `<< ${dict} /Length ${data.length} >>\nstream\n${data}\nendstream`;

describe("PDF functions", () => {
  it("evaluates exponential, stitching, sampled and PostScript functions as the specification defines them", async () => {
    const { ctx, obj } = await objectsOf([
      "<< /Type /Catalog >>",
      "<< /FunctionType 2 /Domain [0 1] /C0 [0 0 0] /C1 [1 0.5 0.25] /N 2 >>",
      "<< /FunctionType 3 /Domain [0 1] /Functions [2 0 R 2 0 R] /Bounds [0.5] /Encode [0 1 1 0] >>",
      stream("/FunctionType 0 /Domain [0 1] /Range [0 1] /Size [3] /BitsPerSample 8", "\x00\x80\xff"),
      stream(
        "/FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1]",
        "{ 2 copy add 2 div 3 1 roll mul 1 exch sub dup 0 lt { pop 0 } if }",
      ),
    ]);
    const fn = (n: number) => compileFunction(ctx, obj(n))!;
    expect(fn(2)([0.5])).toEqual([0.25, 0.125, 0.0625]);
    // Stitching: the second half runs its function backwards (Encode [1 0]).
    expect(fn(3)([0.25])[0]).toBeCloseTo(0.25);
    expect(fn(3)([0.75])[0]).toBeCloseTo(0.25);
    // Sampled: linear between 0, 128/255 and 1.
    expect(fn(4)([0.25])[0]).toBeCloseTo(64 / 255, 5);
    expect(fn(4)([1])[0]).toBe(1);
    // PostScript: (x + y) / 2 and 1 - x*y, clipped.
    const [avg, rest] = fn(5)([0.2, 0.6]);
    expect(avg).toBeCloseTo(0.4);
    expect(rest).toBeCloseTo(0.88);
  });

  it("is not fooled into reading more than a function may hold", async () => {
    const { ctx, obj } = await objectsOf([
      "<< /Type /Catalog >>",
      stream("/FunctionType 4 /Domain [0 1] /Range [0 1]", "{ dup dup dup dup exch }"),
      stream("/FunctionType 4 /Domain [0 1] /Range [0 1]", "{ 1 0 div system }"),
      stream("/FunctionType 0 /Domain [0 1] /Range [0 1] /Size [100000000] /BitsPerSample 8", "\x00"),
    ]);
    expect(compileFunction(ctx, obj(2))!([0.3])).toEqual([0.3]);
    // An operator PostScript functions do not have: not a function.
    expect(compileFunction(ctx, obj(3))).toBeNull();
    // A sample table past its bound is never read.
    expect(compileFunction(ctx, obj(4))).toBeNull();
  });
});

describe("colour to grey", () => {
  it("gives CMYK's grey as poppler draws its sixteen corners (measured with pdftoppm)", () => {
    const lumaOf = (r: number, g: number, b: number) => (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    expect(cmykGray(0, 0, 0, 0)).toBeCloseTo(1);
    expect(cmykGray(0, 0, 0, 1)).toBeCloseTo(lumaOf(35, 31, 32));
    expect(cmykGray(1, 1, 0, 0)).toBeCloseTo(lumaOf(46, 49, 146));
    // Between the corners, poppler's blend: (0.3, 0.3, 0.3, 0.3) drew as (132, 121, 118).
    expect(cmykGray(0.3, 0.3, 0.3, 0.3) * 255).toBeCloseTo(lumaOf(132, 121, 118) * 255, 0);
  });

  it("reads Indexed, Separation and DeviceN spaces through their palettes and tint transforms", async () => {
    const { ctx, obj } = await objectsOf([
      "<< /Type /Catalog >>",
      "[/Indexed /DeviceRGB 1 <ff000000ff00>]",
      "[/Separation /Spot /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0 0 0 1] /N 1 >>]",
      "[/DeviceN [/A /B] /DeviceRGB 5 0 R]",
      stream("/FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1]", "{ 0 }"),
    ]);
    const spaces = new SpaceReader(ctx);
    expect(spaces.read(obj(2))!.toGray([0])).toBeCloseTo(0.299);
    expect(spaces.read(obj(2))!.toGray([1])).toBeCloseTo(0.587);
    expect(spaces.read(obj(3))!.toGray([1])).toBeCloseTo(cmykGray(0, 0, 0, 1));
    // (a, b) -> RGB (a, b, 0).
    expect(spaces.read(obj(4))!.toGray([0.5, 1])).toBeCloseTo(0.299 * 0.5 + 0.587);
    expect(grayText(0.299)).toBe(".299");
    expect(grayText(1.5)).toBe("1");
  });
});
