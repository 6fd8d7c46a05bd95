import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { blockServerJobs } from "./device-helpers";
import { expect, test } from "./fixtures";
import { corpus, expectValidPdf, run } from "./tools-helpers";

/**
 * Compress PDF's options on this device: the built site's own engine worker (the one the page's
 * "Process on this device" switch uses) is handed the same form fields the server reads, with the
 * server's job endpoints blocked. The file it makes is judged by qpdf and poppler.
 */

test("grayscale and the removals run on the device, with the server's options and messages", async ({ page }) => {
  test.setTimeout(180_000);
  const net = await blockServerJobs(page);
  await page.goto("/");
  const worker = readdirSync(join(process.cwd(), "dist/web/assets")).find((n) => /^engine\.worker-.*\.js$/.test(n));
  expect(worker, "the build has an engine worker").toBeTruthy();
  const input = readFileSync(corpus("pdf/valid/pysample__pdflatex-image.pdf"));
  const reply = await page.evaluate(
    async ({ url, bytes }) => {
      const w = new Worker(url, { type: "module" });
      const answer = await new Promise<{
        type: string;
        message?: string;
        outputs?: { bytes: ArrayBuffer; message?: string }[];
      }>((resolve, reject) => {
        w.onmessage = (e) => {
          if (e.data.type !== "started") resolve(e.data);
        };
        w.onerror = (e) => reject(new Error(e.message));
        w.postMessage({
          kind: "convert",
          slug: "compress-pdf",
          files: [{ name: "photo.pdf", type: "application/pdf", bytes: new Uint8Array(bytes).buffer }],
          fields: { grayscale: "true", removeMetadata: "true", level: "low" },
          attachments: {},
          memory: 512 * 1024 * 1024,
          maxFileBytes: 128 * 1024 * 1024,
          ms: 120_000,
        });
      });
      w.terminate();
      const out = answer.outputs?.[0];
      return { type: answer.type, message: out?.message, bytes: out ? Array.from(new Uint8Array(out.bytes)) : [] };
    },
    { url: `/assets/${worker}`, bytes: Array.from(input) },
  );
  expect(reply.type).toBe("converted");
  expect(reply.message).toMatch(/\(low; converted to grayscale, metadata removed\)$/);
  const path = join(mkdtempSync(join(tmpdir(), "e2e-gray-")), "photo-compressed.pdf");
  writeFileSync(path, Uint8Array.from(reply.bytes));
  expectValidPdf(path);
  expect(run("pdfimages", ["-list", path])).toMatch(/image\s+\d+\s+\d+\s+gray\s+1\s+8\s+jpeg/);
  expect(run("pdfinfo", [path])).toMatch(/Metadata Stream:\s+no/);
  // Every pixel poppler draws is grey.
  const ppm = execFileSync("pdftoppm", ["-r", "30", "-singlefile", path], { maxBuffer: 1 << 26 });
  const head = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString("latin1"));
  expect(head).toBeTruthy();
  const data = ppm.subarray(head![0].length);
  let worst = 0;
  for (let p = 0; p < data.length; p += 3)
    worst = Math.max(worst, Math.abs(data[p] - data[p + 1]), Math.abs(data[p + 1] - data[p + 2]));
  expect(worst).toBeLessThanOrEqual(1);
  net.expectNothingUploaded();
});
