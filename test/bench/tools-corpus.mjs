/**
 * Inputs of the tools benchmark, generated here and cached: a 200-page text PDF, a 25 MB photo
 * PDF, 50 small PDFs, 12 MP photos and a 1080p screenshot (the last two come from the compression
 * corpus, so both benchmarks measure the same files). Photos are variants of its 12 MP camera
 * JPEG: shifted, mirrored at the edges and re-grained, so no two pages share pixels.
 */

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fontkit from "@cantoo/fontkit";
import { degrees, PDFDocument, rgb, StandardFonts } from "@cantoo/pdf-lib";
import { buildCorpus, has } from "./corpus.mjs";

const require = createRequire(import.meta.url);
const FONT = readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
/** The photo PDF stays under the 25 MB upload limit. */
const PHOTO_PDF_MAX = 25 * 1024 * 1024 - 64 * 1024;
export const PASSWORD = "bench-Pa55word";

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS =
  "the a page stream object image font text of to and in is that for it as with report table figure section results method data".split(
    " ",
  );
const sentence = (rand, n = 12) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");

/** One document of `pages` text pages in DejaVu Sans (subset, embedded once) with Helvetica headings. */
async function textDocument(pages, seed, title) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(title);
  const body = await doc.embedFont(FONT, { subset: true });
  const head = await doc.embedFont(StandardFonts.HelveticaBold);
  const rand = rng(seed);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`${title}, page ${p}`, { x: 54, y: 740, size: 16, font: head });
    for (let l = 0; l < 44; l++) page.drawText(sentence(rand), { x: 54, y: 710 - l * 15, size: 10, font: body });
    page.drawRectangle({ x: 54, y: 40, width: 504, height: 1, color: rgb(0.6, 0.6, 0.6) });
  }
  return doc.save();
}

/** A 12 MP variant of the camera photo: shifted by `variant`, with fresh grain. */
function photoVariant(base, variant) {
  const { width: w, height: h, data } = base;
  const out = new Uint8Array(w * h * 3);
  const rand = rng(0x51f15eed ^ variant);
  const mirror = (v, n) => {
    const m = ((v % (2 * n)) + 2 * n) % (2 * n);
    return m < n ? m : 2 * n - 1 - m;
  };
  const dx = variant * 577;
  const dy = variant * 313;
  for (let y = 0; y < h; y++) {
    const sy = mirror(y + dy, h);
    for (let x = 0; x < w; x++) {
      const s = (sy * w + mirror(x + dx, w)) * 3;
      const grain = (rand() - 0.5) * 4;
      const o = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = Math.max(0, Math.min(255, Math.round(data[s + c] + grain)));
    }
  }
  return out;
}

async function encodeCameraJpeg(E, rgbData, w, h, dir) {
  if (has("cjpeg")) {
    const ppm = join(dir, "variant.ppm");
    writeFileSync(ppm, Buffer.concat([Buffer.from(`P6\n${w} ${h}\n255\n`), rgbData]));
    return new Uint8Array(execFileSync("cjpeg", ["-quality", "92", ppm], { maxBuffer: 1 << 30 }));
  }
  return E.encodeJpeg(E.memorySource(rgbData, w, h, "rgb"), { quality: 92, encoder: await E.mozjpegEncoder() });
}

async function photoPdf(photos) {
  const doc = await PDFDocument.create();
  for (const file of photos) {
    const img = await doc.embedJpg(readFileSync(file));
    const page = doc.addPage([792, 612]);
    page.drawImage(img, { x: 36, y: 36, width: 720, height: 540 });
  }
  return doc.save();
}

/** The watermark qpdf overlays: what our watermark tool draws, as a one-page PDF. */
async function watermarkOverlay() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText("CONFIDENTIAL", {
    x: 120,
    y: 180,
    size: 72,
    font,
    rotate: degrees(52),
    color: rgb(0.5, 0.5, 0.5),
    opacity: 0.3,
  });
  return doc.save();
}

/** The logo qpdf overlays: the PNG centred on a letter page at 40% of its width, as our tool places it. */
async function logoOverlay(png) {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(readFileSync(png));
  const page = doc.addPage([612, 792]);
  const side = 612 * 0.4;
  page.drawImage(image, { x: (612 - side) / 2, y: (792 - side) / 2, width: side, height: side, opacity: 0.3 });
  return doc.save();
}

/** Builds (or reuses) every input; returns their paths. E: the compression bundle, T: the tools bundle. */
export async function buildToolsCorpus(E, T, dir) {
  mkdirSync(dir, { recursive: true });
  const shared = await buildCorpus(E, join(dir, "..", "corpus"));
  const f = {
    text200: join(dir, "text-200-pages.pdf"),
    photoPdf: join(dir, "photo-25mb.pdf"),
    small: Array.from({ length: 50 }, (_, i) => join(dir, `small-${String(i + 1).padStart(2, "0")}.pdf`)),
    photos: Array.from({ length: 12 }, (_, i) => join(dir, `photo-12mp-${i + 1}.jpg`)),
    screenshot: shared.screenshot,
    overlay: join(dir, "watermark-overlay.pdf"),
    // A 32 x 32 logo with alpha (PNG suite), and the page qpdf overlays for the same job.
    logo: fileURLToPath(new URL("../fixtures/corpus/img/png/pdflib__basn6a08.png", import.meta.url)),
    logoOverlay: join(dir, "logo-overlay.pdf"),
    // A real tax form of 76 fields and their widgets (pdf.js's test suite).
    form: fileURLToPath(new URL("../fixtures/corpus/pdf/valid/pdfjs__160F-2019.pdf", import.meta.url)),
    text200Locked: join(dir, "text-200-pages-aes256.pdf"),
    photoPdfLocked: join(dir, "photo-25mb-aes256.pdf"),
  };
  if (!existsSync(f.text200)) writeFileSync(f.text200, await textDocument(200, 200, "Annual report"));
  for (const [i, file] of f.small.entries()) {
    if (!existsSync(file)) writeFileSync(file, await textDocument(1 + ((i * 7) % 8), i + 1, `Letter ${i + 1}`));
  }
  if (!f.photos.every((p) => existsSync(p))) {
    const jpeg = new Uint8Array(readFileSync(shared.jpeg));
    const px = new E.JpegPixels(new E.JpegReader(jpeg));
    const base = { width: px.width, height: px.height, data: E.readAll(px) };
    for (const [i, file] of f.photos.entries()) {
      if (!existsSync(file))
        writeFileSync(file, await encodeCameraJpeg(E, photoVariant(base, i + 1), base.width, base.height, dir));
    }
  }
  if (!existsSync(f.photoPdf)) {
    // As many 12 MP photos as fit under the upload limit.
    const chosen = [];
    let total = 0;
    for (const p of f.photos) {
      const size = statSync(p).size + 1024;
      if (total + size > PHOTO_PDF_MAX) break;
      chosen.push(p);
      total += size;
    }
    writeFileSync(f.photoPdf, await photoPdf(chosen));
  }
  if (!existsSync(f.overlay)) writeFileSync(f.overlay, await watermarkOverlay());
  if (!existsSync(f.logoOverlay)) writeFileSync(f.logoOverlay, await logoOverlay(f.logo));
  for (const [plain, locked] of [
    [f.text200, f.text200Locked],
    [f.photoPdf, f.photoPdfLocked],
  ]) {
    if (existsSync(locked)) continue;
    if (has("qpdf")) execFileSync("qpdf", ["--encrypt", PASSWORD, `${PASSWORD}-owner`, "256", "--", plain, locked]);
    else writeFileSync(locked, await T.protectPdf(new Uint8Array(readFileSync(plain)), { password: PASSWORD }));
  }
  return f;
}
