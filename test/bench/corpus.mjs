/**
 * The benchmark's generated inputs, built once into a cache directory. Photos derive from the
 * one real camera photo in the test corpus (3840 x 2160), mirrored out to 12 megapixels with
 * sensor-like grain added, so encoders meet real detail and real noise.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import fontkit from "@cantoo/fontkit";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";

const require = createRequire(import.meta.url);
const ROOT = new URL("../../", import.meta.url).pathname;
const PHOTO = join(ROOT, "test/fixtures/corpus/img/jpeg/sharp__gain-map.jpg");

export function has(tool) {
  try {
    execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

/** The source photo's RGB pixels (decoded by our engine, so no tool is needed to build the corpus). */
function basePhoto(E) {
  const px = new E.JpegPixels(new E.JpegReader(new Uint8Array(readFileSync(PHOTO))));
  return { width: px.width, height: px.height, data: E.readAll(px) };
}

/** w x h of the photo, mirrored at its edges, shifted per variant, with deterministic grain. */
function photo(base, w, h, variant) {
  const out = new Uint8Array(w * h * 3);
  let seed = 0x9e3779b9 ^ variant;
  const rand = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const mirror = (v, n) => {
    const m = ((v % (2 * n)) + 2 * n) % (2 * n);
    return m < n ? m : 2 * n - 1 - m;
  };
  const dx = variant * 977;
  const dy = variant * 431;
  for (let y = 0; y < h; y++) {
    const sy = mirror(y + dy, base.height);
    for (let x = 0; x < w; x++) {
      const s = (sy * base.width + mirror(x + dx, base.width)) * 3;
      // Triangular noise, about 2.5 levels: what a phone sensor leaves after its own denoising.
      const grain = (rand() + rand() - 1) * 6;
      for (let c = 0; c < 3; c++)
        out[(y * w + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(base.data[s + c] + grain)));
    }
  }
  return out;
}

function ppm(rgb, w, h) {
  const head = Buffer.from(`P6\n${w} ${h}\n255\n`);
  return Buffer.concat([head, Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength)]);
}

/** A camera-like JPEG: libjpeg-turbo quality 92 when cjpeg is installed, else our encoder. */
async function cameraJpeg(E, rgb, w, h, dir, name) {
  if (has("cjpeg")) {
    const src = join(dir, `${name}.ppm`);
    writeFileSync(src, ppm(rgb, w, h));
    const jpeg = new Uint8Array(execFileSync("cjpeg", ["-quality", "92", src], { maxBuffer: 1 << 30 }));
    rmSync(src);
    return jpeg;
  }
  const encoder = await E.mozjpegEncoder();
  return E.encodeJpeg(E.memorySource(rgb, w, h, "rgb"), { quality: 92, encoder });
}

function png(rgb, w, h, E) {
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  // Adaptive filters and zlib level 6: what libpng writes by default.
  const idat = deflateSync(E.filteredRows(rgb, w, h, 3), { level: 6 });
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk("IHDR", ihdr), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);
}

/** A 1920 x 1080 application screenshot: flat panels, anti-aliased text-like glyph rows, icons, a gradient. */
function screenshot() {
  const w = 1920;
  const h = 1080;
  const rgb = new Uint8Array(w * h * 3);
  const set = (x, y, r, g, b, a = 1) => {
    const i = (y * w + x) * 3;
    rgb[i] = rgb[i] * (1 - a) + r * a;
    rgb[i + 1] = rgb[i + 1] * (1 - a) + g * a;
    rgb[i + 2] = rgb[i + 2] * (1 - a) + b * a;
  };
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) set(x, y, 246, 247, 249);
  for (let y = 0; y < 64; y++) for (let x = 0; x < w; x++) set(x, y, 30 + (x * 40) / w, 60 + y, 120 + (x * 60) / w);
  for (let y = 64; y < h; y++) for (let x = 0; x < 280; x++) set(x, y, 232, 234, 238);
  let seed = 7;
  const rand = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  // Lines of "text": glyph boxes with soft edges, in a few colours, as a UI renders them.
  for (let line = 0; line < 60; line++) {
    const y0 = 90 + line * 16;
    const x0 = line % 7 === 0 ? 24 : 310;
    const colour = line % 5 === 0 ? [37, 99, 235] : [40, 44, 52];
    let x = x0;
    while (x < (x0 === 24 ? 260 : 1880)) {
      const gw = 4 + rand(5);
      for (let gy = 0; gy < 11; gy++) {
        for (let gx = 0; gx < gw; gx++) {
          const edge = gx === 0 || gx === gw - 1 || gy === 0 || gy === 10 ? 0.45 : 0.9;
          if (rand(10) < 8) set(x + gx, y0 + gy, ...colour, edge);
        }
      }
      x += gw + 1 + (rand(6) === 0 ? 6 : 0);
    }
  }
  for (let i = 0; i < 12; i++) {
    const cx = 340 + i * 120;
    const cy = 1020;
    for (let y = cy - 20; y <= cy + 20; y++) {
      for (let x = cx - 20; x <= cx + 20; x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d < 20) set(x, y, 80 + i * 10, 160, 220 - i * 8, Math.min(1, 20 - d));
      }
    }
  }
  return { rgb, w, h };
}

async function textPdf() {
  const font = readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
  const words = "the a compression stream object image page font text of to and in is that for it as with".split(" ");
  let n = 1;
  const next = () => {
    n = (n * 31 + 7) % 9973;
    return words[n % words.length];
  };
  const sentence = () => Array.from({ length: 12 }, next).join(" ");
  const merged = await PDFDocument.create();
  // Three documents, each embedding the whole font, merged: the duplicate fonts of real merges.
  for (let d = 0; d < 3; d++) {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const f = await doc.embedFont(font, { subset: false });
    for (let p = 0; p < 10; p++) {
      const page = doc.addPage([612, 792]);
      for (let l = 0; l < 45; l++) page.drawText(sentence(), { x: 54, y: 740 - l * 15, size: 10, font: f });
    }
    const copied = await merged.copyPages(doc, doc.getPageIndices());
    for (const page of copied) merged.addPage(page);
  }
  await merged.embedFont(StandardFonts.Helvetica);
  return merged.save({ useObjectStreams: false });
}

/** Ten pages, each a 12 MP camera JPEG: about 21 MB, near the 25 MB upload limit. */
async function photoPdf(E, base, dir) {
  const doc = await PDFDocument.create();
  for (let v = 0; v < 10; v++) {
    const jpeg = await cameraJpeg(E, photo(base, 4000, 3000, v + 1), 4000, 3000, dir, `pdfpage${v}`);
    const img = await doc.embedJpg(jpeg);
    const page = doc.addPage([612, 792]);
    // Full width of a letter page, less margins: about 530 ppi.
    page.drawImage(img, { x: 36, y: 396 - 270, width: 540, height: 405 });
  }
  return doc.save();
}

/** Builds (or reuses) the inputs; returns their paths. */
export async function buildCorpus(E, dir) {
  mkdirSync(dir, { recursive: true });
  const files = {
    jpeg: join(dir, "photo-12mp.jpg"),
    photoPdf: join(dir, "photo-10x12mp.pdf"),
    textPdf: join(dir, "text-30-pages.pdf"),
    screenshot: join(dir, "screenshot-1080p.png"),
    pngPhoto: join(dir, "photo.png"),
    webp: join(dir, "photo-12mp.webp"),
  };
  if (Object.values(files).every((f) => existsSync(f))) return files;
  const base = basePhoto(E);
  writeFileSync(files.jpeg, await cameraJpeg(E, photo(base, 4000, 3000, 0), 4000, 3000, dir, "photo"));
  writeFileSync(files.photoPdf, await photoPdf(E, base, dir));
  writeFileSync(files.textPdf, await textPdf());
  const s = screenshot();
  writeFileSync(files.screenshot, png(s.rgb, s.w, s.h, E));
  // The largest photo PNG under the 25 MB upload limit.
  let [w, h] = [4000, 3000];
  let p = png(photo(base, w, h, 5), w, h, E);
  while (p.length > 25 * 1024 * 1024) {
    [w, h] = [Math.round(w * 0.9), Math.round(h * 0.9)];
    p = png(photo(base, w, h, 5), w, h, E);
  }
  writeFileSync(files.pngPhoto, p);
  const encoder = await E.webpEncoder();
  // A phone-sized WebP: 12 MP, past the edge's 3 MP (run on a device's budget).
  const [ww, wh] = [4000, 3000];
  const rgba = new Uint8Array(ww * wh * 4);
  const rgb = photo(base, ww, wh, 9);
  for (let i = 0; i < ww * wh; i++) rgba.set([rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], 255], i * 4);
  writeFileSync(files.webp, encoder.encode(rgba, ww, wh, { quality: 90 }));
  return files;
}
