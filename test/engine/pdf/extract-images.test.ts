import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { Budget } from "../../../worker/engine/core/budget";
import { isEngineError } from "../../../worker/engine/core/errors";
import { extractImages, MAX_FORM_DEPTH } from "../../../worker/engine/pdf/extract-images";

/** Extract Images against hostile inputs: refused from what they declare, fast, before decoding. */

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    if (isEngineError(err)) return err;
    throw err;
  }
  throw new Error("not refused");
}

/** One page drawing an image that declares `w` x `h` RGB pixels, its data a few bytes. */
async function declaring(w: number, h: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const image = ctx.register(
    ctx.flateStream(new Uint8Array(64), {
      Type: "XObject",
      Subtype: "Image",
      Width: w,
      Height: h,
      ColorSpace: "DeviceRGB",
      BitsPerComponent: 8,
    }),
  );
  doc.addPage([200, 200]).node.newXObject("Im", image);
  return doc.save();
}

describe("extractImages, hostile", () => {
  it("refuses an image declaring 100000 x 100000 pixels at once, naming it", async () => {
    const pdf = await declaring(100_000, 100_000);
    const started = Date.now();
    const err = await refusal(() => extractImages(pdf, { minSize: 16, name: "huge.pdf", budget: new Budget(10_000) }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(err.code).toBe("job_too_large");
    expect(err.message).toMatch(/^huge\.pdf's image on page 1 \(100000 x 100000 pixels\) needs/);
  });

  it("pads an image whose data is cut short, and walks forms nested past the limit without looping", async () => {
    const short = await extractImages(await declaring(40, 30), { minSize: 16, budget: new Budget(10_000) });
    expect(short.images.map((i) => [i.ext, i.width, i.height])).toEqual([["png", 40, 30]]);

    // Forms that draw themselves, and a chain deeper than MAX_FORM_DEPTH with an image at the end.
    const doc = await PDFDocument.create();
    const ctx = doc.context;
    const image = ctx.register(
      ctx.flateStream(new Uint8Array(20 * 20), {
        Type: "XObject",
        Subtype: "Image",
        Width: 20,
        Height: 20,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
      }),
    );
    const refs = Array.from({ length: MAX_FORM_DEPTH + 3 }, () => ctx.nextRef());
    refs.forEach((ref, i) => {
      const xobjects = i === refs.length - 1 ? { Im: image, Self: ref } : { Next: refs[i + 1], Self: ref };
      ctx.assign(
        ref,
        ctx.flateStream(new Uint8Array(0), { Subtype: "Form", BBox: [0, 0, 1, 1], Resources: { XObject: xobjects } }),
      );
    });
    doc.addPage([200, 200]).node.newXObject("Fm", refs[0]);
    const err = await refusal(async () => extractImages(await doc.save(), { minSize: 0, budget: new Budget(10_000) }));
    expect(err.code).toBe("pdf_unsupported");
  });
});
