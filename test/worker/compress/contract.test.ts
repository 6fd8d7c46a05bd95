import { describe, expect, it } from "vitest";
import { type ConvertedFile, convertFails, convertOk, download, form, post } from "../convert/support";
import { corpusFile } from "../helpers";

/**
 * Compress PDF's and Compress image's HTTP contract: the answer (sizes, ratio, message), the
 * stored result, a result per file, the refusals with their statuses. How well and how faithfully
 * they compress (every level, option and target, the corpus) is judged in test/engine/compress,
 * with the same requests.
 */

interface Compressed extends ConvertedFile {
  compressedSize: number;
  compressionRatio: string;
  originalSize: number;
}

/** The answer's figures agree with the stored result. */
async function expectFigures(file: Compressed, input: Uint8Array) {
  const out = await download(file);
  expect(file.compressedSize).toBe(out.length);
  expect(file.originalSize).toBe(input.length);
  expect(file.compressionRatio).toBe(`${Math.round((1 - out.length / input.length) * 100)}%`);
  return out;
}

describe("POST /api/convert/compress-pdf", () => {
  const PATH = "/api/convert/compress-pdf";

  it("answers with the compressed file, its sizes and what was done, stored for download", async () => {
    const input = await corpusFile("pdf/valid/pdfjs__issue13931.pdf");
    const body = await convertOk(PATH, form([{ name: "scan.pdf", bytes: input }], { level: "extreme" }));
    expect(body.message).toBe("Files processed successfully");
    const file = body.file as Compressed;
    expect(file).toMatchObject({ originalName: "scan.pdf", convertedName: "scan-compressed.pdf", status: "completed" });
    expect(file.message).toMatch(/extreme/i);
    const out = await expectFigures(file, input);
    expect(new TextDecoder().decode(out.subarray(0, 5))).toBe("%PDF-");
  });

  it("refuses an unknown level, option or target, locked and damaged files", async () => {
    const good = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const bad = await convertFails(PATH, form([{ name: "a.pdf", bytes: good }], { level: "maximum" }), 400);
    expect(bad.error).toBe("Compression level must be low, recommended or extreme.");
    const option = await convertFails(PATH, form([{ name: "a.pdf", bytes: good }], { grayscale: "maybe" }), 400);
    expect(option.error).toBe("grayscale must be true or false.");
    const target = await convertFails(PATH, form([{ name: "a.pdf", bytes: good }], { targetSize: "big" }), 400);
    expect(target.error).toBe("Target size must be a whole number of bytes, such as 1000000 for 1 MB.");
    const locked = await convertFails(
      PATH,
      form([{ name: "l.pdf", bytes: await corpusFile("pdf/encrypted/qpdf__c-r4.pdf") }]),
      422,
    );
    expect(locked.code).toBe("password_required");
    const res = await post(
      PATH,
      form([{ name: "b.pdf", bytes: await corpusFile("pdf/malformed/pdfjs__bomb_giant.pdf") }]),
    );
    expect([413, 422]).toContain(res.status);
    const refused = await res.json<{ error: string; code: string }>();
    expect(refused.error).toMatch(/^b\.pdf /);
    expect(refused.code).not.toBe("job_timeout");
  });
});

describe("POST /api/convert/compress-image", () => {
  const PATH = "/api/convert/compress-image";

  it("answers with each image compressed, its sizes, stored for download; one bad file fails alone", async () => {
    const good = await corpusFile("img/jpeg/progressive_cat.jpg");
    const bad = await corpusFile("img/malformed/truncated_jpeg.jpg");
    const body = await convertOk(
      PATH,
      form([
        { name: "good.jpg", bytes: good, type: "image/jpeg" },
        { name: "bad.jpg", bytes: bad, type: "image/jpeg" },
      ]),
    );
    expect(body.files.map((f) => f.status)).toEqual(["completed", "error"]);
    expect(body.files[1].error).toContain("truncated");
    const file = body.files[0] as Compressed;
    expect(file).toMatchObject({ originalName: "good.jpg", convertedName: "good-compressed.jpg" });
    const out = await expectFigures(file, good);
    expect([...out.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it("refuses a bad quality or target, bombs from the header (413) and damaged images (400)", async () => {
    const input = await corpusFile("img/jpeg/progressive_3.jpg");
    const quality = await convertFails(PATH, form([{ name: "a.jpg", bytes: input }], { quality: "ultra" }), 400);
    expect(quality.error).toBe("Quality must be high, balanced, small, or a whole number from 1 to 100.");
    const target = await convertFails(
      PATH,
      form([{ name: "a.jpg", bytes: input, type: "image/jpeg" }], { targetSize: "9999" }),
      400,
    );
    expect(target.error).toBe("Target size must be at least 10 KB (10000 bytes).");
    const bomb = await convertFails(
      PATH,
      form([{ name: "bomb.png", bytes: await corpusFile("img/malformed/65536-uint32-limit.png") }]),
      413,
    );
    expect(bomb.code).toBe("job_too_large");
    expect(bomb.error).toBe(
      "bomb.png is 65536 x 65536 pixels (4,295 megapixels). The limit for this job is 40 megapixels.",
    );
    const damaged = await convertFails(
      PATH,
      form([{ name: "truncated.png", bytes: await corpusFile("img/malformed/truncated.png") }]),
      400,
    );
    expect(damaged.error).toMatch(/damaged|truncated/);
  });
});
