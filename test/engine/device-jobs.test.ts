import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ConvertSlug } from "../../schema/options";
import type { DeviceFile, DeviceReply, InspectKind } from "../../web/device/protocol";
import { runDeviceJob } from "../../web/device/run-job";
import { djpeg, dwebp, readPng } from "./support/oracles";
import { solidPng } from "./tools/inputs";
import { corpusFile, expectValidPdf, oracle, pageCount, pdfText, render } from "./tools/readers";

/**
 * "Process on this device", as a plain function: web/device's job runner (what its Web Worker
 * runs for each message) given the jobs the pages send, on a device's budget, each result judged
 * by qpdf, poppler, libjpeg, libwebp or libpng. These flows ran in Chromium, one tool after
 * another (test/e2e/device*.spec.ts); the browser tests now keep one flow of each kind (a
 * conversion, an inspection, offline) and what only a browser shows: nothing uploaded, the
 * worker ended on Cancel, the offer when the server's limit refuses a file.
 */

/**
 * The budget a page gives its jobs on a device with 8 GB (what Chrome reports at most):
 * web/device/budget.ts's deviceBudget(8), 2 GB, files up to 512 MB, ten minutes. (That module
 * reads the page's navigator, which this project's Worker types do not have.)
 */
const MiB = 1024 * 1024;
const BUDGET = { memory: 2048 * MiB, maxFileBytes: 512 * MiB, ms: 10 * 60_000 };

interface Sent {
  name: string;
  type: string;
  bytes: Uint8Array;
}
const file = (name: string, type: string, bytes: Uint8Array): Sent => ({ name, type, bytes });
const pdf = (name: string, bytes: Uint8Array) => file(name, "application/pdf", bytes);
const deviceFile = (f: Sent): DeviceFile => ({ name: f.name, type: f.type, bytes: f.bytes.slice().buffer });
const corpusPdf = async (path: string) => pdf(path.split("/").pop() ?? "in.pdf", await corpusFile(path));

async function reply(job: Parameters<typeof runDeviceJob>[0]): Promise<DeviceReply> {
  return (await runDeviceJob(job)).reply;
}

/** A conversion on the device: its reply, which must be "converted". */
async function convert(
  slug: ConvertSlug,
  files: Sent[],
  fields: Record<string, string> = {},
  attachments: Record<string, Sent> = {},
) {
  const r = await reply({
    kind: "convert",
    slug,
    files: files.map(deviceFile),
    fields,
    attachments: Object.fromEntries(Object.entries(attachments).map(([k, f]) => [k, deviceFile(f)])),
    ...BUDGET,
  });
  if (r.type !== "converted") throw new Error(`${slug}: ${JSON.stringify(r)}`);
  return r;
}

/** The `i`th file a conversion made: its bytes, name and the rest of its entry. */
function made(r: Extract<DeviceReply, { type: "converted" }>, i = 0) {
  const out = r.outputs[i];
  if (!out.ok) throw new Error(JSON.stringify(out));
  return { ...out, bytes: new Uint8Array(out.bytes) };
}

const one = async (slug: ConvertSlug, files: Sent[], fields: Record<string, string> = {}) =>
  made(await convert(slug, files, fields)).bytes;

async function inspect(what: InspectKind, f: Sent, fields: Record<string, string> = {}) {
  const r = await reply({ kind: "inspect", what, file: deviceFile(f), fields, ...BUDGET });
  if (r.type !== "inspected") throw new Error(`${what}: ${JSON.stringify(r)}`);
  return r.answer as Record<string, unknown>;
}

/** pdftotext's reading of one page, spaces squeezed (as the browser tests read it with -layout). */
async function pageText(bytes: Uint8Array, page: number): Promise<string> {
  return (await pdfText(bytes, ["-layout", "-f", String(page), "-l", String(page)])).replace(/\s+/g, " ").trim();
}

/** A form with one text field "Name" (optionally filled) and a checkbox. */
async function formPdf(name?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("Membership form", { x: 50, y: 740, size: 20, font });
  const form = doc.getForm();
  const field = form.createTextField("Name");
  field.addToPage(page, { x: 150, y: 680, width: 250, height: 22 });
  if (name) field.setText(name);
  form.createCheckBox("Member").addToPage(page, { x: 150, y: 628, width: 16, height: 16 });
  form.updateFieldAppearances(font);
  return doc.save();
}

const FOUR_PAGES = "pdf/valid/pysample__pdflatex-4-pages.pdf";
const ONE_PAGE = "pdf/valid/qpdf__good13.pdf";

describe("on the device: page tools", () => {
  it("merge, rotate, compress, page numbers and organize", async () => {
    const fourPages = await corpusPdf(FOUR_PAGES);
    const onePage = await corpusPdf(ONE_PAGE);
    const merged = await one("merge-pdf", [fourPages, onePage]);
    await expectValidPdf(merged);
    expect(await pageCount(merged)).toBe(5);
    expect(await pageText(merged, 5)).toContain("Potato");

    const rotated = made(await convert("rotate-pdf", [fourPages]));
    expect(rotated.fileName).toMatch(/\.pdf$/);
    expect((await oracle("pdfinfo", ["-f", "1", "-l", "4", "{in}"], rotated.bytes)).stdout).toMatch(
      /Page\s+4\s+rot:\s+90/,
    );

    const big = await corpusPdf("pdf/valid/pdfjs__issue13931.pdf");
    const compressed = await one("compress-pdf", [big], { level: "extreme" });
    await expectValidPdf(compressed);
    expect(compressed.length).toBeLessThan(big.bytes.length / 3);

    const numbered = await one("page-numbers", [fourPages], { format: "page-n-of-total" });
    expect(await pageText(numbered, 3)).toContain("Page 3 of 4");

    const plan = [1, 3, 4].map((page) => ({ file: 0, page }));
    const organized = await one("organize-pdf", [fourPages], { plan: JSON.stringify(plan) });
    expect(await pageCount(organized)).toBe(3);
    expect(await pageText(organized, 2)).toBe(await pageText(fourPages.bytes, 3));
  });

  it("split's page count (an inspection), extract, protect, unlock and watermark", async () => {
    const fourPages = await corpusPdf(FOUR_PAGES);
    const onePage = await corpusPdf(ONE_PAGE);
    expect(await inspect("analyze-pdf", fourPages)).toEqual({ pageCount: 4 });
    const extracted = await one("extract-pages", [fourPages], { selectedPages: "[2,4]" });
    expect(await pageCount(extracted)).toBe(2);
    expect(await pageText(extracted, 2)).toBe(await pageText(fourPages.bytes, 4));

    const locked = made(await convert("protect-pdf", [onePage], { password: "secret-device" }));
    const encryption = await oracle("qpdf", ["--password=secret-device", "--show-encryption", "{in}"], locked.bytes);
    expect(encryption.stdout).toContain("AESv3");

    const asked = await convert("unlock-pdf", [pdf(locked.fileName, locked.bytes)]);
    expect(asked.outputs[0]).toMatchObject({ ok: false, code: "password_required" });
    const unlocked = made(
      await convert("unlock-pdf", [pdf(locked.fileName, locked.bytes)], { password: "secret-device" }),
    );
    expect(unlocked.status).toBe("unlocked");
    expect((await oracle("qpdf", ["--show-encryption", "{in}"], unlocked.bytes)).stdout).toContain(
      "File is not encrypted",
    );
    expect(await pageText(unlocked.bytes, 1)).toContain("Potato");

    const marked = made(await convert("watermark-pdf", [onePage], { watermarkText: "DEVICE COPY" }));
    expect(marked.status).toBe("watermarked");
    await expectValidPdf(marked.bytes);
    expect((await pdfText(marked.bytes, ["-raw"])).replace(/\s+/g, "")).toContain("DEVICECOPY");
  });

  it("fill form (its fields an inspection), flatten, redact (its matches an inspection) and sign", async () => {
    const form = pdf("form.pdf", await formPdf());
    const listed = await inspect("form-fields", form);
    expect((listed.fields as unknown[]).length).toBe(2);
    const filled = await one("fill-form", [form], { values: JSON.stringify({ Name: "Ada Lovelace" }) });
    expect(await pdfText(filled)).toContain("Ada Lovelace");

    const flat = await one("flatten-pdf", [pdf("filled.pdf", await formPdf("Katherine Johnson"))]);
    expect((await oracle("qpdf", ["--json", "--json-key=acroform", "{in}"], flat)).stdout).not.toContain('"fullname"');
    expect(await pdfText(flat)).toContain("Katherine Johnson");

    const fourPages = await corpusPdf(FOUR_PAGES);
    const searches = JSON.stringify([{ search: "Huardest", matchCase: false, wholeWord: false, patterns: [] }]);
    const preview = await inspect("redact-preview", fourPages, {
      search: "Huardest",
      matchCase: "false",
      wholeWord: "false",
      patterns: "",
    });
    expect(JSON.stringify(preview)).toContain("Huardest");
    const redacted = await one("redact-pdf", [fourPages], { searches, areas: "[]", skip: "[]" });
    await expectValidPdf(redacted);
    const text = await pdfText(redacted);
    expect(text).not.toContain("Huardest");
    expect(text).toContain("Hello, here is some text");

    // A typed name, as the page draws it: an image.
    const signature = file("signature.png", "image/png", await solidPng(120, 30, [0, 0, 0, 255]));
    const placements = JSON.stringify([{ page: 1, x: 0.4, y: 0.4, width: 0.3, height: 0.08 }]);
    const signed = made(
      await convert("sign-pdf", [fourPages], { placements, signerName: "Grace Hopper" }, { signature }),
    );
    await expectValidPdf(signed.bytes);
    expect((await oracle("pdfimages", ["-list", "-f", "1", "-l", "1", "{in}"], signed.bytes)).stdout).toMatch(
      /^\s*1\s+\d+\s+image/m,
    );
  });
});

describe("on the device: images", () => {
  // About 20 s on a quiet two-core machine (the PNG's palette search is most of it): three times
  // that when the machine is busy, as CI's once was.
  it("JPG to PDF, and compress image for a JPEG, a PNG and a WebP", { timeout: 150_000 }, async () => {
    const cat = file("progressive_cat.jpg", "image/jpeg", await corpusFile("img/jpeg/progressive_cat.jpg"));
    const mario = file("pdflib__small_mario.png", "image/png", await corpusFile("img/png/pdflib__small_mario.png"));
    const images = await one("jpg-to-pdf", [cat, mario]);
    await expectValidPdf(images);
    expect(await pageCount(images)).toBe(2);

    const photo = file("sharp__gain-map.jpg", "image/jpeg", await corpusFile("img/jpeg/sharp__gain-map.jpg"));
    const webp = file("sharp__5_webp_a.webp", "image/webp", await corpusFile("img/webp/sharp__5_webp_a.webp"));
    const r = await convert("compress-image", [photo, mario, webp]);
    const jpeg = made(r, 0);
    expect(jpeg.fileName).toBe("sharp__gain-map-compressed.jpg");
    expect(jpeg.bytes.length).toBeLessThan(photo.bytes.length);
    await djpeg(jpeg.bytes);
    const png = await readPng(made(r, 1).bytes);
    expect([png.width, png.height]).toEqual([1473, 1854]);
    const w = await dwebp(made(r, 2).bytes);
    expect([w.width, w.height]).toEqual([300, 300]);
  });

  it("a 12 MP WebP, too large for the edge, is compressed, and a 12 MP JPEG converted to WebP", {
    timeout: 180_000,
  }, async () => {
    // Phone-sized inputs made from the corpus photo by libvips: 4000 x 3000, well past the edge's
    // 3 MP (and 4 MP converting to WebP); the device's budget takes them.
    const made12 = sharp(await corpusFile("img/jpeg/sharp__gain-map.jpg")).resize(4000, 3000, { fit: "fill" });
    const webpIn = new Uint8Array(await made12.clone().webp({ quality: 90 }).toBuffer());
    const jpegIn = new Uint8Array(await made12.clone().jpeg({ quality: 92 }).toBuffer());

    const compressed = made(await convert("compress-image", [file("phone.webp", "image/webp", webpIn)]));
    expect(compressed.fileName).toBe("phone-compressed.webp");
    const w = await dwebp(compressed.bytes);
    expect([w.width, w.height]).toEqual([4000, 3000]);
    expect(compressed.bytes.length).toBeLessThanOrEqual(webpIn.length);

    const converted = made(
      await convert("compress-image", [file("phone.jpg", "image/jpeg", jpegIn)], { format: "webp" }),
    );
    // The conversion is kept only when it is smaller than the JPEG; either way it decodes whole.
    if (converted.fileName.endsWith(".webp")) {
      const c = await dwebp(converted.bytes);
      expect([c.width, c.height]).toEqual([4000, 3000]);
    } else await djpeg(converted.bytes);
  });
});

/** Three 12 MP photos of grain (libvips, quality 95), each with a comment of its own so none is merged: about 27 MB. */
async function bigPhotoPdf(): Promise<Uint8Array> {
  const jpeg = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) {
    const comment = Buffer.from(`photo ${i}`);
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const img = await doc.embedJpg(Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]));
    doc.addPage([612, 792]).drawImage(img, { x: 36, y: 200, width: 540, height: 405 });
  }
  return doc.save();
}

describe("on the device: compression's options", () => {
  it("compress to a size, for a PDF over the edge's limit and a photo; a target that is no number of bytes is refused", {
    timeout: 300_000,
  }, async () => {
    const big = pdf("big.pdf", await bigPhotoPdf());
    expect(big.bytes.length).toBeGreaterThan(25 * 1024 * 1024);
    const target = made(await convert("compress-pdf", [big], { targetSize: "2000000" }));
    expect(target.bytes.length).toBeLessThanOrEqual(2_000_000);
    expect(target.extra).toMatchObject({ targetSize: 2_000_000, targetMet: true, compressedSize: target.bytes.length });
    expect(target.extra?.quality).toBeGreaterThan(0.8);
    expect(target.message).toMatch(/^Under 2 MB\. Saved \d+%/);
    await expectValidPdf(target.bytes);
    expect(await pageCount(target.bytes)).toBe(3);

    const photo = file("photo.jpg", "image/jpeg", await corpusFile("img/jpeg/sharp__gain-map.jpg"));
    const small = made(await convert("compress-image", [photo], { targetSize: "300000" }));
    expect(small.bytes.length).toBeLessThanOrEqual(300_000);
    expect(small.extra).toMatchObject({ targetSize: 300_000, targetMet: true });
    const decoded = await djpeg(small.bytes);
    expect(decoded.width / decoded.height).toBeCloseTo(3840 / 2160, 2);

    const bad = await reply({
      kind: "convert",
      slug: "compress-image",
      files: [deviceFile(photo)],
      fields: { targetSize: "5 MB" },
      attachments: {},
      ...BUDGET,
    });
    expect(bad).toMatchObject({
      type: "failed",
      error: "Target size must be a whole number of bytes, such as 1000000 for 1 MB.",
    });
  });

  it("grayscale and the removals, with the server's options and messages", async () => {
    const input = await corpusPdf("pdf/valid/pysample__pdflatex-image.pdf");
    const out = made(
      await convert("compress-pdf", [pdf("photo.pdf", input.bytes)], {
        grayscale: "true",
        removeMetadata: "true",
        level: "low",
      }),
    );
    expect(out.message).toMatch(/\(low; converted to grayscale, metadata removed\)$/);
    await expectValidPdf(out.bytes);
    expect((await oracle("pdfimages", ["-list", "{in}"], out.bytes)).stdout).toMatch(
      /image\s+\d+\s+\d+\s+gray\s+1\s+8\s+jpeg/,
    );
    expect((await oracle("pdfinfo", ["{in}"], out.bytes)).stdout).toMatch(/Metadata Stream:\s+no/);
    // Every pixel poppler draws is grey.
    const page = await render(out.bytes, { dpi: 30 });
    let worst = 0;
    for (let p = 0; p < page.data.length; p += 3)
      worst = Math.max(worst, Math.abs(page.data[p] - page.data[p + 1]), Math.abs(page.data[p + 1] - page.data[p + 2]));
    expect(worst).toBeLessThanOrEqual(1);
  });
});
