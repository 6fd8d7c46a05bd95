import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { corpus, expectValidPdf, pageCount, run, writeTemp } from "./tools-helpers";

/**
 * Compress to a size on the visitor's device: the site's built engine worker (the code "Process
 * on this device" runs) given a job with `targetSize`, read by the same option schema as the
 * server, on a PDF larger than the edge accepts (over 25 MB). The results are judged by qpdf,
 * poppler and libjpeg.
 */

test.describe.configure({ timeout: 300_000 });

/** The engine worker's built file, as `npm run build` names it. */
function workerUrl(): string {
  const name = readdirSync(join(process.cwd(), "dist/web/assets")).find((n) => /^engine\.worker-.*\.js$/.test(n));
  if (!name) throw new Error("dist/web has no engine worker: run npm run build first");
  return `/assets/${name}`;
}

/** Three 12 MP photos of grain (libvips, quality 95), each with a comment of its own so none is merged: about 27 MB. */
async function bigPhotoPdf(): Promise<Buffer> {
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
  return Buffer.from(await doc.save());
}

interface Made {
  error?: string;
  bytes?: string;
  message?: string;
  extra?: Record<string, string | number | boolean>;
}

test("compress to a size runs on the device, for a PDF over the edge's limit and a photo", async ({ page }) => {
  const inputs: Record<string, Buffer> = {
    "big.pdf": await bigPhotoPdf(),
    "photo.jpg": readFileSync(corpus("img/jpeg/sharp__gain-map.jpg")),
  };
  expect(inputs["big.pdf"].length).toBeGreaterThan(25 * 1024 * 1024);
  await page.route("**/e2e-input/*", (route) =>
    route.fulfill({ body: inputs[decodeURIComponent(route.request().url().split("/").pop()!)] }),
  );
  // Nothing is uploaded: a job request to the server fails the test.
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/convert/")) uploads.push(r.url());
  });
  await page.goto("/");

  const runJob = (slug: string, name: string, type: string, fields: Record<string, string>) =>
    page.evaluate(
      async ({ url, slug, name, type, fields }) => {
        const bytes = await (await fetch(`/e2e-input/${name}`)).arrayBuffer();
        const worker = new Worker(url, { type: "module" });
        try {
          const reply = await new Promise<{
            type: string;
            error?: string;
            outputs?: { ok: boolean; bytes: ArrayBuffer; message?: string; extra?: Record<string, never> }[];
          }>((resolve, reject) => {
            worker.onmessage = (e) => e.data.type !== "started" && resolve(e.data);
            worker.onerror = (e) => reject(new Error(e.message));
            const job = {
              kind: "convert",
              slug,
              files: [{ name, type, bytes }],
              fields,
              attachments: {},
              memory: 2048 * 1024 * 1024,
              maxFileBytes: 512 * 1024 * 1024,
              ms: 600_000,
            };
            worker.postMessage(job, [bytes]);
          });
          const out = reply.outputs?.[0];
          if (reply.type !== "converted" || !out?.ok) return { error: reply.error ?? JSON.stringify(out) };
          let bin = "";
          const view = new Uint8Array(out.bytes);
          for (let i = 0; i < view.length; i += 0x8000) bin += String.fromCharCode(...view.subarray(i, i + 0x8000));
          return { bytes: btoa(bin), message: out.message, extra: out.extra };
        } finally {
          worker.terminate();
        }
      },
      { url: workerUrl(), slug, name, type, fields },
    ) as Promise<Made>;

  const pdf = await runJob("compress-pdf", "big.pdf", "application/pdf", { targetSize: "2000000" });
  expect(pdf.error).toBeUndefined();
  const pdfOut = Buffer.from(pdf.bytes!, "base64");
  expect(pdfOut.length).toBeLessThanOrEqual(2_000_000);
  expect(pdf.extra).toMatchObject({ targetSize: 2_000_000, targetMet: true, compressedSize: pdfOut.length });
  expect(pdf.extra!.quality).toBeGreaterThan(0.8);
  expect(pdf.message).toMatch(/^Under 2 MB\. Saved \d+%/);
  const pdfPath = writeTemp("target.pdf", pdfOut);
  expectValidPdf(pdfPath);
  expect(pageCount(pdfPath)).toBe(3);

  const photo = await runJob("compress-image", "photo.jpg", "image/jpeg", { targetSize: "300000" });
  expect(photo.error).toBeUndefined();
  const jpeg = Buffer.from(photo.bytes!, "base64");
  expect(jpeg.length).toBeLessThanOrEqual(300_000);
  expect(photo.extra).toMatchObject({ targetSize: 300_000, targetMet: true });
  const jpegPath = writeTemp("target.jpg", jpeg);
  // libjpeg reads it whole (djpeg exits non-zero, and run throws, on a damaged file).
  run("djpeg", ["-outfile", "/dev/null", jpegPath]);
  const meta = await sharp(jpegPath).metadata();
  expect(meta.format).toBe("jpeg");
  expect(meta.width! / meta.height!).toBeCloseTo(3840 / 2160, 2);

  const bad = await runJob("compress-image", "photo.jpg", "image/jpeg", { targetSize: "5 MB" });
  expect(bad.error).toBe("Target size must be a whole number of bytes, such as 1000000 for 1 MB.");
  expect(uploads).toEqual([]);
});
