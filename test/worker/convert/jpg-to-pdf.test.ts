import { describe, expect, it } from "vitest";
import { MAX_MEGAPIXELS } from "../../../worker/engine/image/probe";
import { corpusFile } from "../helpers";
import { convertFails, convertOk, downloadPdf, form, type UploadFile } from "./support";

/**
 * JPG to PDF's HTTP contract: the answer, the stored result, the refusals (413 before decoding,
 * 400 for what cannot be read). The PDF itself is judged in test/engine/tools/jpg-to-pdf.test.ts.
 */

const JPG = "/api/convert/jpg-to-pdf";

async function image(path: string, name = path.split("/").pop() ?? "image"): Promise<UploadFile> {
  const type = name.endsWith(".png") ? "image/png" : name.endsWith(".webp") ? "image/webp" : "image/jpeg";
  return { name, bytes: await corpusFile(`img/${path}`), type };
}

describe("POST /api/convert/jpg-to-pdf", () => {
  it("makes one PDF of all the images, a page each, in order, named after the first", async () => {
    const body = await convertOk(
      JPG,
      form([await image("jpeg/sharp__concert.jpg", "concert.jpg"), await image("png/pdflib__basn2c08.png")]),
    );
    expect(body.message).toBe("Files processed successfully");
    expect(body.file).toMatchObject({ originalName: "concert.jpg", convertedName: "concert.pdf", pageCount: 2 });
    await downloadPdf(body.file);
  });

  it("refuses a page size it does not offer", async () => {
    const wide = await image("png/pdflib__etwe.png");
    expect((await convertFails(JPG, form([wide], { pageSize: "a3" }), 400)).error).toBe(
      "The page size must be fit, a4 or letter.",
    );
  });

  it("refuses images it cannot place, before decoding them", async () => {
    const bomb = await convertFails(JPG, form([await image("malformed/65536-uint32-limit.png")]), 413);
    expect(bomb.error).toBe(
      "65536-uint32-limit.png is 65536 x 65536 pixels. Images up to 50 megapixels can be converted.",
    );
    const cut = await convertFails(JPG, form([await image("malformed/truncated_jpeg.jpg")]), 400);
    expect(cut.error).toBe("truncated_jpeg.jpg is not a valid JPEG image: the file is incomplete (it was cut short).");
    const truncatedPng = await convertFails(JPG, form([await image("malformed/truncated.png")]), 400);
    expect(truncatedPng.error).toMatch(/^truncated\.png is not a valid PNG image: /);
    const lossless = await convertFails(JPG, form([await image("jpeg/sharp__testimgl.jpg")]), 400);
    expect(lossless.error).toContain("lossless, arithmetic or hierarchical");
    const gifFile = { ...(await image("other/sharp__grey-plus-alpha.gif")), type: "image/gif" };
    expect((await convertFails(JPG, form([gifFile]), 400)).error).toBe(
      "File type .gif is not supported. Accepted types: .jpg, .jpeg, .png, .webp",
    );
    const gif = { ...(await image("other/sharp__grey-plus-alpha.gif")), name: "disguised.png" };
    expect((await convertFails(JPG, form([gif]), 400)).error).toBe("disguised.png is not a valid PNG image.");
  });
});

/** The largest dimension a square WebP may have under the probe's cap, plus one: over the cap. */
function overCapWebp(): Uint8Array {
  const side = Math.ceil(Math.sqrt(MAX_MEGAPIXELS.webp * 1e6)) + 1;
  // RIFF, WEBP, a VP8X chunk whose canvas is side x side, then a tiny VP8L bitstream header.
  const b = new Uint8Array(64);
  b.set([0x52, 0x49, 0x46, 0x46], 0);
  new DataView(b.buffer).setUint32(4, b.length - 8, true);
  b.set([0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x58], 8);
  new DataView(b.buffer).setUint32(16, 10, true);
  const put24 = (at: number, v: number) => b.set([v & 255, (v >> 8) & 255, (v >> 16) & 255], at);
  put24(24, side - 1);
  put24(27, side - 1);
  return b;
}

describe("POST /api/convert/jpg-to-pdf, WebP images", () => {
  it("refuses a WebP over the probe's pixel cap before decoding it (413), and a damaged one (400)", async () => {
    const big = await convertFails(JPG, form([{ name: "huge.webp", bytes: overCapWebp(), type: "image/webp" }]), 413);
    expect(big.error).toMatch(
      /^huge\.webp is \d+ x \d+ pixels \([\d.]+ megapixels\)\. The limit for this job is \d+ megapixels\.$/,
    );
    const whole = await corpusFile("img/webp/libwebp__test.webp");
    const cut = { name: "cut.webp", bytes: whole.subarray(0, whole.length >> 1), type: "image/webp" };
    expect((await convertFails(JPG, form([cut]), 400)).error).toMatch(/^cut\.webp is not a valid WebP image/);
  });
});
