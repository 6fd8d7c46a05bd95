import { describe, expect, it } from "vitest";
import { corpusFile, oracle } from "../tools/readers";
import { type ConvertedFile, convertFails, convertOk, download, form } from "./answers";
import { ascii, djpeg, dwebp, jpegFrame, psnr, type Raster, readPng, webpIcc } from "./support";

const PATH = "/api/convert/compress-image";
const C = "img/jpeg/";

interface Compressed extends ConvertedFile {
  compressedSize: number;
  compressionRatio: string;
  originalSize: number;
}

async function compress(name: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const body = await convertOk(PATH, form([{ name, bytes, type: "image/jpeg" }], fields));
  const file = body.file as Compressed;
  const out = await download(file);
  expect(file.compressedSize).toBe(out.length);
  expect(file.originalSize).toBe(bytes.length);
  expect(out.length).toBeLessThanOrEqual(bytes.length);
  expect(file.compressionRatio).toBe(`${Math.round((1 - out.length / bytes.length) * 100)}%`);
  return { file, out, message: body.message };
}

describe("compress-image: JPEG", () => {
  it("shrinks a photo with no visible loss at the default quality", async () => {
    const input = await corpusFile(`${C}sharp__gain-map.jpg`);
    const { file, out, message } = await compress("photo.jpg", input);
    expect(message).toBe("Files processed successfully");
    expect(file.convertedName).toBe("photo-compressed.jpg");
    expect(out.length).toBeLessThan(input.length * 0.5);
    const [a, b] = [await djpeg(input), await djpeg(out)];
    expect([b.width, b.height]).toEqual([3840, 2160]);
    expect(psnr(a, b)).toBeGreaterThan(36);
    expect(file.message).toMatch(/^Saved \d+%: /);
  });

  it("gets smaller with a lower quality setting, and refuses a nonsense one", async () => {
    const input = await corpusFile(`${C}sharp__gain-map.jpg`);
    const high = await compress("a.jpg", input);
    const small = await compress("b.jpg", input, { quality: "small" });
    const fixed = await compress("c.jpg", input, { quality: "10" });
    expect(small.out.length).toBeLessThan(high.out.length);
    expect(fixed.out.length).toBeLessThan(small.out.length);
    const bad = await convertFails(PATH, form([{ name: "a.jpg", bytes: input }], { quality: "ultra" }), 400);
    expect(bad.error).toBe("Quality must be high, balanced, small, or a whole number from 1 to 100.");
  });

  it("applies the EXIF orientation and strips metadata", async () => {
    const upright = await djpeg(await corpusFile(`${C}sharp__Landscape_1.jpg`));
    for (const n of [3, 5, 6, 8]) {
      const input = await corpusFile(`${C}sharp__Landscape_${n}.jpg`);
      const { out } = await compress(`l${n}.jpg`, input);
      const img = await djpeg(out);
      // Every file shows the same landscape upright; pixels left as stored would not even fit...
      expect([img.width, img.height]).toEqual([600, 450]);
      expect(ascii(out)).not.toContain("Exif");
      // ...except upside down (3), which must match the upright one far better than the stored one does.
      if (n === 3) expect(psnr(upright, img)).toBeGreaterThan(psnr(upright, await djpeg(input)) + 6);
    }
    const { out } = await compress("meta.jpg", await corpusFile(`${C}sharp__Landscape_9.jpg`));
    const text = ascii(out);
    for (const marker of ["Exif", "http://ns.adobe.com", "Photoshop 3.0"]) expect(text).not.toContain(marker);
  });

  it("keeps CMYK as CMYK and grey as grey", async () => {
    const cmyk = await compress(
      "cmyk.jpg",
      await corpusFile(`${C}sharp__Channel_digital_image_CMYK_color_no_profile.jpg`),
    );
    expect((await jpegFrame(cmyk.out)).components).toBe(4);
    const grey = await compress("grey.jpg", await corpusFile(`${C}sharp__concert.jpg`));
    expect((await jpegFrame(grey.out)).components).toBe(1);
  });

  it("converts to WebP on request", async () => {
    const input = await corpusFile(`${C}sharp__gain-map.jpg`);
    const failed = await convertFails(PATH, form([{ name: "big.jpg", bytes: input }], { format: "webp" }), 413);
    expect(failed.error).toContain("The limit for this job is 4 megapixels");
    const small = await corpusFile(`${C}progressive_3.jpg`);
    const { file, out } = await compress("p.jpg", small, { format: "webp" });
    expect(file.convertedName).toBe("p-compressed.webp");
    const img = await dwebp(out);
    expect([img.width, img.height]).toEqual([650, 470]);
  });

  it("compresses a 12-megapixel phone photo inside the worker", { timeout: 120_000 }, async () => {
    // A camera-like fixture: the 8 MP corpus photo mirrored out to 4000 x 3000, then cjpeg -quality 92.
    const src = await djpeg(await corpusFile(`${C}sharp__gain-map.jpg`));
    const w = 4000;
    const h = 3000;
    const ppm = new Uint8Array(w * h * 3 + 20);
    const header = new TextEncoder().encode(`P6\n${w} ${h}\n255\n`);
    ppm.set(header);
    for (let y = 0; y < h; y++) {
      const sy = y < src.height ? y : 2 * src.height - 1 - y;
      for (let x = 0; x < w; x++) {
        const sx = x < src.width ? x : 2 * src.width - 1 - x;
        const s = (sy * src.width + sx) * 3;
        ppm.set(src.data.subarray(s, s + 3), header.length + (y * w + x) * 3);
      }
    }
    const made = await oracle(
      "cjpeg",
      ["-quality", "92", "-outfile", "{out}", "{in}"],
      ppm.subarray(0, header.length + w * h * 3),
    );
    const input = Uint8Array.from(atob(made.out!), (c) => c.charCodeAt(0));
    const { out } = await compress("phone.jpg", input);
    expect(out.length).toBeLessThan(input.length * 0.7);
    const frame = await jpegFrame(out);
    expect([frame.width, frame.height]).toEqual([4000, 3000]);
  });
});

function overWhite(r: Raster): Raster {
  const data = new Uint8Array(r.width * r.height * 3);
  for (let i = 0; i < r.width * r.height; i++) {
    const a = r.data[i * 4 + 3] / 255;
    for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round(r.data[i * 4 + c] * a + 255 * (1 - a));
  }
  return { width: r.width, height: r.height, channels: 3, data };
}

describe("compress-image: PNG and WebP", () => {
  async function pixelsEqual(a: Raster, b: Raster) {
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    expect(psnr(a, b)).toBe(Number.POSITIVE_INFINITY);
  }

  it("re-encodes PNGs losslessly, keeping every pixel", async () => {
    for (const name of ["pdflib__z00n2c08.png", "pdflib__basi2c16.png", "pdflib__etwe.png", "pdflib__oi9n2c16.png"]) {
      const input = await corpusFile(`img/png/${name}`);
      const { out, file } = await compress(name, input);
      expect(file.convertedName).toBe(name.replace(".png", "-compressed.png"));
      expect(out.length, name).toBeLessThan(input.length);
      await pixelsEqual(await readPng(input), await readPng(out));
    }
  });

  it("uses a palette when that is much smaller and looks the same", async () => {
    const input = await corpusFile("img/png/sharp__alpha-layer-1-fill.png");
    const { out, file } = await compress("layers.png", input);
    expect(file.message).toContain("256-colour palette");
    expect(out.length).toBeLessThan(input.length * 0.5);
    expect(psnr(await readPng(input), await readPng(out))).toBeGreaterThan(35);
  });

  it("returns an already optimal image unchanged and says so", async () => {
    const input = await corpusFile("img/png/pdflib__basn0g02.png");
    const { out, file } = await compress("tiny.png", input);
    expect(file.message).toBe("Already optimised: returned unchanged");
    expect(file.compressionRatio).toBe("0%");
    expect(out).toEqual(input);
  });

  it("re-encodes WebP and keeps animations intact", async () => {
    const input = await corpusFile("img/webp/sharp__5_webp_a.webp");
    const { out } = await compress("a.webp", input);
    const [a, b] = [await dwebp(input), await dwebp(out)];
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    // Fully transparent pixels may change colour; what shows (over white) must not.
    expect(psnr(overWhite(a), overWhite(b))).toBeGreaterThan(30);
    const anim = await corpusFile("img/webp/sharp__animated-loop-3.webp");
    const kept = await compress("anim.webp", anim);
    expect(ascii(kept.out)).toContain("ANMF");
  });

  it("carries a PNG's colour profile into WebP, and drops one that inflates into a bomb", {
    timeout: 60_000,
  }, async () => {
    // A Display P3 profile (from sharp's p3 fixture) put into a picture large enough to be worth converting.
    const iccp = pngChunks(await corpusFile("img/png/sharp__p3.png")).find((c) => c.type === "iCCP")!;
    const [ihdr, ...rest] = pngChunks(await corpusFile("img/png/pdflib__etwe.png"));
    const chunks = [ihdr, iccp, ...rest.filter((c) => !["iCCP", "sRGB"].includes(c.type))];
    const input = writePng(chunks);
    const profile = await pipe(iccp.data.subarray(iccp.data.indexOf(0) + 2), new DecompressionStream("deflate"));
    expect(profile.length).toBe(548);
    const kept = await compress("p3.png", input, { format: "webp" });
    expect(kept.file.convertedName).toBe("p3-compressed.webp");
    expect(await webpIcc(kept.out)).toEqual(profile);

    // The same image whose profile unpacks to 256 MB of zeros (from about 250 KB).
    const zeros = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 256; i++) c.enqueue(new Uint8Array(1 << 20));
        c.close();
      },
    }).pipeThrough(new CompressionStream("deflate"));
    const bomb = new Uint8Array(await new Response(zeros).arrayBuffer());
    const name = new TextEncoder().encode("bomb\0\0");
    const swapped = writePng(
      chunks.map((c) => (c.type === "iCCP" ? { type: c.type, data: new Uint8Array([...name, ...bomb]) } : c)),
    );
    const dropped = await compress("p3-bomb.png", swapped, { format: "webp" });
    expect(await webpIcc(dropped.out)).toBeNull();
    const [a, b] = [await dwebp(kept.out), await dwebp(dropped.out)];
    expect(psnr(a, b)).toBe(Number.POSITIVE_INFINITY);
  });
});

async function pipe(bytes: Uint8Array, through: TransformStream<Uint8Array, Uint8Array>): Promise<Uint8Array> {
  const stream = new Response(bytes).body!.pipeThrough(through);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A PNG's chunks as stored (no checks: the fixtures are known good). */
function pngChunks(png: Uint8Array): { type: string; data: Uint8Array }[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = view.getUint32(at);
    out.push({ type: ascii(png.subarray(at + 4, at + 8)), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

function writePng(chunks: { type: string; data: Uint8Array }[]): Uint8Array {
  const out = new Uint8Array(8 + chunks.reduce((n, c) => n + 12 + c.data.length, 0));
  const view = new DataView(out.buffer);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  for (const c of chunks) {
    view.setUint32(at, c.data.length);
    out.set(new TextEncoder().encode(c.type), at + 4);
    out.set(c.data, at + 8);
    view.setUint32(at + 8 + c.data.length, crc32(out.subarray(at + 4, at + 8 + c.data.length)));
    at += 12 + c.data.length;
  }
  return out;
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

describe("compress-image: refusals", () => {
  it("refuses decompression bombs from the header", async () => {
    const bomb = await convertFails(
      PATH,
      form([{ name: "bomb.png", bytes: await corpusFile("img/malformed/65536-uint32-limit.png") }]),
      413,
    );
    expect(bomb.code).toBe("job_too_large");
    expect(bomb.error).toBe(
      "bomb.png is 65536 x 65536 pixels (4,295 megapixels). The limit for this job is 40 megapixels.",
    );
    // A JPEG header declaring 60000 x 60000 and nothing else.
    const header = new Uint8Array([
      0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0xea, 0x60, 0xea, 0x60, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]);
    const jpeg = await convertFails(PATH, form([{ name: "huge.jpg", bytes: header }]), 413);
    expect(jpeg.error).toContain("60000 x 60000");
  });

  it("refuses damaged images with a clear message", async () => {
    for (const path of [
      "img/malformed/truncated.png",
      "img/malformed/broken.png",
      "img/malformed/truncated_jpeg.jpg",
    ]) {
      const name = path.split("/").pop()!;
      const r = await convertFails(PATH, form([{ name, bytes: await corpusFile(path) }]), 400);
      expect(r.error, path).toMatch(/damaged|truncated/);
    }
    const lossless = await convertFails(
      PATH,
      form([{ name: "l.jpg", bytes: await corpusFile(`${C}sharp__testimgl.jpg`) }]),
      400,
    );
    expect(lossless.error).toContain("lossless encoding");
  });

  it("fails one file without losing the others", async () => {
    const good = await corpusFile(`${C}progressive_cat.jpg`);
    const bad = await corpusFile("img/malformed/truncated_jpeg.jpg");
    const body = await convertOk(
      PATH,
      form([
        { name: "good.jpg", bytes: good },
        { name: "bad.jpg", bytes: bad },
      ]),
    );
    expect(body.files.map((f) => f.status)).toEqual(["completed", "error"]);
    expect(body.files[1].error).toContain("truncated");
  });
});
