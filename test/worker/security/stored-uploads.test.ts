import { env } from "cloudflare:workers";
import { PDFDocument } from "@cantoo/pdf-lib";
import { zipSync, zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { crc32 } from "../../../worker/engine/image/png/chunks";
import { isolateLedger } from "../../../worker/services/admission";
import { buildPdf } from "../convert/build-pdf";
import { freshIp, solidPng } from "../convert/support";
import { call, corpusFile, oracle } from "../helpers";
import {
  account,
  engineOutputs,
  resultForm,
  storedBy,
  type Uploaded,
  uploadResult,
} from "../lifecycle/results-support";

/**
 * POST /api/results stores only what our tools make (services/result-check.ts): a PDF that loads,
 * an image that decodes, a ZIP of those, within a daily storage allowance. Every refusal is a
 * 4xx a person can read, stores nothing and is quick; every kind of file the tools make passes.
 */
const MB = 1024 * 1024;

function random(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65_536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65_536)));
  return out;
}

const text = (s: string) => new TextEncoder().encode(s);

function behind(head: Uint8Array, n: number): Uint8Array {
  const out = random(n);
  out.set(head);
  return out;
}

/** A PDF written by hand: objects numbered from 1 (the catalog first), with a correct xref table. */
function rawPdf(objects: string[]): Uint8Array {
  let body = "%PDF-1.7\n";
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const entries = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  return text(
    `${body}${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`,
  );
}

/** A valid PDF of exactly `size` bytes: a filler stream, and a few spaces after %%EOF (readers allow them). */
async function pdfOfSize(size: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  doc.context.register(doc.context.stream(random(size - 2000)));
  const bytes = await doc.save({ useObjectStreams: false });
  expect(bytes.length).toBeLessThan(size - 500);
  const out = new Uint8Array(size).fill(0x20);
  out.set(bytes);
  return out;
}

/** A refusal: its status and code, nothing stored for the account that sent it, answered quickly. */
async function expectRefused(bytes: Uint8Array, name: string, status: number, code: string, match?: RegExp) {
  const who = await account();
  const res = await uploadResult(resultForm(bytes, name), { headers: who.headers });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  if (match) expect(res.body.error).toMatch(match);
  expect(await storedBy(who.id)).toBe(0);
  expect(isolateLedger(env).reserved).toBe(0);
  return res;
}

async function expectStored(bytes: Uint8Array, name: string, fields: Record<string, string> = {}): Promise<Uploaded> {
  const res = await uploadResult(resultForm(bytes, name, fields));
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
  expect(res.body.file?.size).toBe(bytes.length);
  return res;
}

/** A ZIP's stored bytes, read back and tested by Info-ZIP's unzip (an independent reader). */
async function expectUnzipOk(res: Uploaded) {
  const got = new Uint8Array(await (await call(res.body.file?.downloadUrl ?? "")).arrayBuffer());
  const t = await oracle("unzip", ["-t", "{in}"], got);
  expect(t.code, t.stdout + t.stderr).toBe(0);
}

describe("what is refused", () => {
  it("25 MB of random bytes behind a ZIP signature: refused at once, nothing stored", async () => {
    const res = await expectRefused(
      behind(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), 25 * MB),
      "archive.zip",
      400,
      "invalid_file",
      /archive\.zip is damaged or is not a ZIP made by our tools\. It was not stored\./,
    );
    expect(res.ms).toBeLessThan(10_000);
  });

  it("random bytes behind %PDF-: the PDF does not load", async () => {
    await expectRefused(behind(text("%PDF-1.7\n"), 2 * MB), "scan.pdf", 422, "pdf_damaged", /scan\.pdf is damaged/);
    // Well formed to its last byte (a true cross-reference table), but with no page.
    const noPages = rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]);
    await expectRefused(noPages, "empty.pdf", 422, "pdf_damaged", /has no pages/);
  });

  it("a ZIP with an entry that is not what our tools make, or not what its name says", async () => {
    const pdf = await buildPdf([{ text: "one" }]);
    const level0 = { level: 0 } as const;
    const junk = zipSync({ "page-1.pdf": [pdf, level0], "notes.txt": [text("hello"), level0] });
    await expectRefused(junk, "pages.zip", 400, "invalid_file", /pages\.zip holds notes\.txt/);
    const lying = zipSync({ "page-1.pdf": [pdf, level0], "page-2.pdf": [behind(text("%PDF-1.4\n"), 4096), level0] });
    await expectRefused(lying, "pages.zip", 422, "pdf_damaged", /page-2\.pdf \(in pages\.zip\)/);
    const misnamed = zipSync({ "page-1.exe": [pdf, level0] });
    await expectRefused(misnamed, "pages.zip", 400, "invalid_file");
    const climbing = zipSync({ "../page-1.pdf": [pdf, level0] });
    await expectRefused(climbing, "pages.zip", 400, "invalid_file", /not a plain file name/);
  });

  it("a zip bomb: refused from its directory before anything is inflated, and one that lies about its size", async () => {
    const zeros = new Uint8Array(20 * MB);
    const bomb = zipSync({ "page-1.pdf": [zeros, { level: 9 }] });
    expect(bomb.length).toBeLessThan(100_000);
    const res = await expectRefused(bomb, "bomb.zip", 400, "invalid_file", /would unpack from/);
    expect(res.ms).toBeLessThan(5_000);

    // The same entry claiming to be 512 KB: inflated no further than that, then refused.
    const liar = zipSync({ "page-1.pdf": [new Uint8Array(8 * MB), { level: 9 }] });
    const view = new DataView(liar.buffer, liar.byteOffset, liar.byteLength);
    const cd = view.getUint32(liar.length - 22 + 16, true);
    view.setUint32(22, 512 * 1024, true);
    view.setUint32(cd + 24, 512 * 1024, true);
    await expectRefused(liar, "liar.zip", 400, "invalid_file", /not the size it says/);
  });

  it("an image that does not decode", async () => {
    await expectRefused(await corpusFile("img/malformed/truncated_jpeg.jpg"), "photo.jpg", 400, "invalid_file");
    await expectRefused(await corpusFile("img/malformed/truncated.png"), "shot.png", 400, "invalid_file");
    const webp = await corpusFile("img/webp/libwebp__test.webp");
    await expectRefused(webp.subarray(0, webp.length - 200), "cut.webp", 400, "invalid_file");
    // Cut, with its RIFF and chunk lengths mended: the structure holds, the decoder runs out of data.
    const mended = webp.slice(0, 2000);
    const view = new DataView(mended.buffer);
    view.setUint32(4, mended.length - 8, true);
    view.setUint32(16, mended.length - 20, true);
    await expectRefused(mended, "mended.webp", 400, "invalid_file", /could not be decoded/);
    // A real PNG whose pixels were overwritten: its checksums no longer hold.
    const png = await solidPng(64, 64, [200, 10, 10, 255]);
    png.set(random(16), 50);
    await expectRefused(png, "red.png", 400, "invalid_file");
    const jp2 = await corpusFile("img/other/sharp__relax.jp2");
    await expectRefused(jp2.subarray(0, jp2.length - 100), "relax.jp2", 400, "invalid_file");
  });

  it("an image with megabytes of something else behind it", async () => {
    const photo = await corpusFile("img/jpeg/sharp__Landscape_1.jpg");
    const padded = new Uint8Array(photo.length + 5 * MB);
    padded.set(photo);
    padded.set(random(5 * MB), photo.length);
    await expectRefused(padded, "photo.jpg", 400, "invalid_file", /MB of data besides its image/);
  });

  it("a PNG whose few KB of profile unpack to megabytes, but not one with a real profile", async () => {
    const png = await solidPng(16, 16, [0, 120, 200, 255]);
    const withChunk = (type: string, data: Uint8Array) => {
      const chunk = new Uint8Array(data.length + 12);
      const view = new DataView(chunk.buffer);
      view.setUint32(0, data.length);
      chunk.set(text(type), 4);
      chunk.set(data, 8);
      view.setUint32(8 + data.length, crc32([chunk.subarray(4, 8 + data.length)]));
      const out = new Uint8Array(png.length + chunk.length);
      out.set(png.subarray(0, 33)); // signature and IHDR
      out.set(chunk, 33);
      out.set(png.subarray(33), 33 + chunk.length);
      return out;
    };
    const profile = (size: number) => {
      const body = zlibSync(new Uint8Array(size), { level: 9 });
      const data = new Uint8Array(6 + body.length);
      data.set(text("icc"), 0); // name, its NUL and compression method 0
      data.set(body, 5);
      return data.subarray(0, 5 + body.length);
    };
    expect(profile(5 * MB).length).toBeLessThan(10_000);
    await expectRefused(
      withChunk("iCCP", profile(5 * MB)),
      "bomb.png",
      400,
      "invalid_file",
      /unpacks to more than 4 MB/,
    );
    await expectStored(withChunk("iCCP", profile(3_000)), "profiled.png");
  });

  it("a file just over the limit, but not a file at the limit sent with its fields", async () => {
    const vars = { MAX_FILE_SIZE_MB: "1" };
    const atLimit = await pdfOfSize(MB);
    const fields = { originalName: "x".repeat(30_000), tool: "rotate-pdf" };
    const ok = await uploadResult(resultForm(atLimit, "at-limit.pdf", fields), { vars });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const over = await pdfOfSize(MB + 1);
    const res = await uploadResult(resultForm(over, "over.pdf"), { vars });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: "file_too_large", error: "File size exceeds 1MB limit" });
  });
});

describe("the daily storage allowance", () => {
  const vars = { STORED_MB_PER_DAY_GUEST: "1", STORED_MB_PER_DAY_FREE: "2" };

  it("a guest's address stores up to its allowance a day; more is a 429 saying what is left", async () => {
    const pdf = await buildPdf([{ text: "x" }]);
    const big = await pdfOfSize(600 * 1024);
    const ip = freshIp();
    const first = await uploadResult(resultForm(big, "a.pdf"), { vars, headers: { "cf-connecting-ip": ip } });
    expect(first.status).toBe(201);
    const second = await uploadResult(resultForm(big, "b.pdf"), { vars, headers: { "cf-connecting-ip": ip } });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe("upload_limit_reached");
    expect(second.body.error).toMatch(/up to 1 MB a day without an account.*Create a free account for 2 MB a day/);
    // A refused upload is not counted: a small one still fits.
    const small = await uploadResult(resultForm(pdf, "c.pdf"), { vars, headers: { "cf-connecting-ip": ip } });
    expect(small.status).toBe(201);
    // Another address has its own.
    expect((await uploadResult(resultForm(big, "d.pdf"), { vars })).status).toBe(201);
  });

  it("is refused before the upload is read when its declared size does not fit", async () => {
    const ip = freshIp();
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await uploadResult(
      { stream, type: "multipart/form-data; boundary=x", length: 3 * MB },
      { vars, headers: { "cf-connecting-ip": ip } },
    );
    expect(res.status).toBe(429);
    expect(pulled).toBeLessThan(4);
  });

  it("an account has its own, larger for Premium", async () => {
    const big = await pdfOfSize(1200 * 1024);
    const free = await account();
    expect((await uploadResult(resultForm(big, "a.pdf"), { vars, headers: free.headers })).status).toBe(201);
    const over = await uploadResult(resultForm(big, "b.pdf"), { vars, headers: free.headers });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/Upgrade to Premium for 2,048 MB a day/);
    expect(await storedBy(free.id)).toBe(1);
    const premium = await account("premium");
    for (const name of ["a.pdf", "b.pdf", "c.pdf"]) {
      expect((await uploadResult(resultForm(big, name), { vars, headers: premium.headers })).status).toBe(201);
    }
  });
});

describe("what our tools make is stored", () => {
  const jpeg = () => corpusFile("img/jpeg/sharp__Landscape_1.jpg");
  const png = () => corpusFile("img/png/pdflib__basn6a08.png");

  it("PDFs: a conversion's output, and a protected one whose password the server never sees", async () => {
    const source = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    const [rotated] = await engineOutputs("rotate-pdf", [{ name: "four.pdf", bytes: source }], { angle: "90" });
    await expectStored(rotated.bytes, rotated.fileName, { tool: "rotate-pdf" });
    const [locked] = await engineOutputs("protect-pdf", [{ name: "four.pdf", bytes: source }], { password: "s3cret" });
    await expectStored(locked.bytes, locked.fileName, { tool: "protect-pdf" });
    const [fromPhotos] = await engineOutputs("jpg-to-pdf", [
      { name: "a.jpg", bytes: await jpeg(), type: "image/jpeg" },
      { name: "b.png", bytes: await png(), type: "image/png" },
    ]);
    await expectStored(fromPhotos.bytes, fromPhotos.fileName, { tool: "jpg-to-pdf" });
  });

  it("every PDF tool's output, one after another", async () => {
    const source = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    const one = [{ name: "four.pdf", bytes: source }];
    const made: [string, Uint8Array][] = [];
    const run = async (slug: Parameters<typeof engineOutputs>[0], fields: Record<string, string> = {}, files = one) => {
      for (const o of await engineOutputs(slug, files, fields)) made.push([`${slug}: ${o.fileName}`, o.bytes]);
    };
    await run("merge-pdf", {}, [...one, { name: "other.pdf", bytes: await buildPdf([{ text: "other" }]) }]);
    await run("extract-pages", { selectedPages: "[1,2]" });
    await run("compress-pdf");
    await run("watermark-pdf", { watermarkText: "DRAFT" });
    await run("page-numbers");
    await run("nup-pdf", { perSheet: "4" });
    await run("organize-pdf", { plan: JSON.stringify([{ file: 0, page: 2, rotate: 90 }, { blank: true }]) });
    await run("remove-pages", { pages: "[1]" });
    await run("crop-pdf", { margins: JSON.stringify({ left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 }) });
    await run("edit-metadata", { info: JSON.stringify({ title: "Made here" }) });
    await run("flatten-pdf");
    const [locked] = await engineOutputs("protect-pdf", one, { password: "s3cret" });
    await run("unlock-pdf", { password: "s3cret" }, [{ name: locked.fileName, bytes: locked.bytes }]);
    for (const [what, bytes] of made) {
      const res = await uploadResult(resultForm(bytes, what.split(": ")[1]));
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(201);
    }
  });

  it("ZIPs: a split into pages, extracted images, and a ZIP compressed by other software", async () => {
    const source = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    const [split] = await engineOutputs("split-pages", [{ name: "four.pdf", bytes: source }], {
      selectedPages: "[1,2,3,4]",
    });
    expect(split.fileName).toMatch(/\.zip$/);
    await expectUnzipOk(await expectStored(split.bytes, split.fileName, { tool: "split-pdf" }));

    const [photos] = await engineOutputs("jpg-to-pdf", [
      { name: "a.jpg", bytes: await jpeg(), type: "image/jpeg" },
      { name: "b.png", bytes: await png(), type: "image/png" },
    ]);
    const [images] = await engineOutputs("extract-images", [{ name: "photos.pdf", bytes: photos.bytes }], {
      minSize: "0",
    });
    expect(images.fileName).toMatch(/\.zip$/);
    await expectStored(images.bytes, images.fileName, { tool: "extract-images" });

    const deflated = zipSync({ "page-1.pdf": source, "b.png": await png() }, { level: 6 });
    await expectUnzipOk(await expectStored(deflated, "mine.zip"));
  });

  it("images: compressed JPEG, PNG and WebP, and PDF to Image's pages (made in the browser, zipped stored)", async () => {
    const [smallerJpeg] = await engineOutputs("compress-image", [{ name: "a.jpg", bytes: await jpeg() }]);
    await expectStored(smallerJpeg.bytes, smallerJpeg.fileName, { tool: "compress-image" });
    const [smallerPng] = await engineOutputs("compress-image", [{ name: "b.png", bytes: await png() }]);
    await expectStored(smallerPng.bytes, smallerPng.fileName, { tool: "compress-image" });
    const [webp] = await engineOutputs("compress-image", [{ name: "a.jpg", bytes: await jpeg() }], { format: "webp" });
    expect(webp.contentType).toBe("image/webp");
    await expectStored(webp.bytes, webp.fileName, { tool: "compress-image" });
    const pages = zipSync({
      "doc-page-1.png": [await png(), { level: 0 }],
      "doc-page-2.jpg": [await jpeg(), { level: 0 }],
    });
    await expectUnzipOk(await expectStored(pages, "doc-images.zip", { tool: "pdf-to-image" }));
  });

  it("images as they come from elsewhere and are handed back unchanged: progressive, CMYK, with an appended image, interlaced, 16-bit, animated, lossless, JPEG 2000", async () => {
    for (const path of [
      "img/jpeg/progressive_cat.jpg",
      "img/jpeg/sharp__Channel_digital_image_CMYK_color_no_profile.jpg",
      "img/jpeg/sharp__gain-map.jpg",
      "img/png/pdflib__basi3p08.png",
      "img/png/sharp__16-bit-grey-alpha.png",
      "img/png/apng_ball.png",
      "img/webp/libwebp__lossless1.webp",
      "img/webp/sharp__animated-loop-3.webp",
      "img/webp/sharp__big-height.webp",
      "img/other/sharp__relax.jp2",
    ]) {
      await expectStored(await corpusFile(path), path.split("/").pop() ?? "file");
    }
  });
});
