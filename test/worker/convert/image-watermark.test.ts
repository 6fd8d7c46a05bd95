import { describe, expect, it } from "vitest";
import { corpusFile } from "../helpers";
import { buildPdf } from "./build-pdf";
import { convertFails, convertOk, downloadPdf, form, solidPng, type UploadFile } from "./support";

/**
 * The image watermark's HTTP contract: the logo sent in its own field, the answer, the refusals.
 * Where and how the logo is drawn is judged in test/engine/tools/image-watermark.test.ts.
 */

const URL = "/api/convert/watermark-pdf";

async function logoFile(name = "logo.png"): Promise<UploadFile> {
  return { name, bytes: await solidPng(40, 20, [255, 0, 0, 255]), type: "image/png" };
}

function withLogo(pdf: UploadFile, logo: UploadFile, fields: Record<string, string>): FormData {
  const body = form([pdf], { opacity: "1", ...fields });
  body.append("watermarkImage", new File([logo.bytes], logo.name, { type: logo.type }));
  return body;
}

describe("image watermark", () => {
  it("takes the logo in its own field and answers with the watermarked file", async () => {
    const src = await buildPdf([{ text: "Upright page" }, { text: "Turned page", rotate: 90 }]);
    const body = await convertOk(
      URL,
      withLogo({ name: "doc.pdf", bytes: src }, await logoFile(), { position: "top-right", scale: "20" }),
    );
    expect(body.message).toBe("PDF watermarking completed");
    expect(body.files[0]).toMatchObject({
      originalName: "doc.pdf",
      convertedName: "doc-watermarked.pdf",
      status: "watermarked",
      message: "Watermark added to 2 pages",
    });
    await downloadPdf(body.files[0]);
  });

  it("refuses a logo that is not a PNG or JPEG, too large, or broken, and text mode still needs text", async () => {
    const src = { name: "a.pdf", bytes: await buildPdf([{ text: "x" }]) };
    const gif = {
      name: "logo.gif",
      bytes: await corpusFile("img/other/sharp__grey-plus-alpha.gif"),
      type: "image/gif",
    };
    expect((await convertFails(URL, withLogo(src, gif, {}), 400)).error).toBe(
      "File type .gif is not supported. Accepted types: .png, .jpg, .jpeg",
    );
    const big = { name: "big.png", bytes: new Uint8Array(5 * 1024 * 1024 + 1), type: "image/png" };
    expect((await convertFails(URL, withLogo(src, big, {}), 413)).error).toBe("File size exceeds 5MB limit");
    const truncated = {
      name: "cut.png",
      bytes: (await solidPng(40, 20, [0, 0, 0, 255])).slice(0, 60),
      type: "image/png",
    };
    expect((await convertFails(URL, withLogo(src, truncated, {}), 400)).error).toMatch(/^cut\.png is not a valid PNG/);
    expect((await convertFails(URL, withLogo(src, await logoFile(), { position: "middle" }), 400)).error).toBe(
      "The position must be center, top-left, top-right, bottom-left, bottom-right or tiled.",
    );
    expect((await convertFails(URL, withLogo(src, await logoFile(), { rotation: "400" }), 400)).error).toBe(
      "The rotation must be a number of degrees from -180 to 180.",
    );
    expect((await convertFails(URL, form([src], { watermarkText: " " }), 400)).error).toBe(
      "Watermark text is required",
    );
  });
});
