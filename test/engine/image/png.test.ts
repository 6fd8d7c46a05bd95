import { readdirSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { Zlib } from "fflate";
import { describe, expect, it } from "vitest";
import { CHANNELS, readAll } from "../../../worker/engine/image/pixels";
import { parseHeader, readChunks } from "../../../worker/engine/image/png/chunks";
import { PngRawRows } from "../../../worker/engine/image/png/decode";
import { PngWriter } from "../../../worker/engine/image/png/encode";
import { PngPixels } from "../../../worker/engine/image/png/pixels";
import { parsePng } from "../../../worker/engine/pdf/embed/png";
import { decodePng } from "../../../worker/engine/pdf/embed/png-pixels";
import { randomBytes } from "../support/bytes";
import { CORPUS, corpus, type Raster, readPng } from "../support/oracles";

/** The engine's own PNG code, judged by libpng (read through cwebp's exact lossless path). */
const PNGS = readdirSync(join(CORPUS, "img/png"))
  .filter((f) => f.endsWith(".png") && f !== "apng_ball.png")
  .map((f) => `img/png/${f}`);

function decode(png: Uint8Array): Raster {
  const chunks = readChunks(png);
  const pixels = new PngPixels(new PngRawRows(parseHeader(chunks), chunks), chunks);
  return { width: pixels.width, height: pixels.height, channels: CHANNELS[pixels.layout], data: readAll(pixels) };
}

/** Any layout as RGBA, to compare with what libwebp hands back. */
function rgba(r: Raster): Uint8Array {
  const out = new Uint8Array(r.width * r.height * 4);
  for (let i = 0, j = 0; i < out.length; i += 4, j += r.channels) {
    const g = r.channels < 3;
    out[i] = r.data[j];
    out[i + 1] = g ? r.data[j] : r.data[j + 1];
    out[i + 2] = g ? r.data[j] : r.data[j + 2];
    out[i + 3] = r.channels === 4 ? r.data[j + 3] : r.channels === 2 ? r.data[j + 1] : 255;
  }
  return out;
}

describe("PNG decoding", () => {
  it.each(PNGS)(
    "%s: every pixel as libpng reads it (all colour types, depths, palettes, tRNS, Adam7)",
    async (path) => {
      const bytes = await corpus(path);
      const mine = decode(bytes);
      const theirs = await readPng(bytes);
      expect([mine.width, mine.height]).toEqual([theirs.width, theirs.height]);
      expect(Buffer.compare(Buffer.from(rgba(mine)), Buffer.from(theirs.data))).toBe(0);
    },
  );
});

describe("PNG writing", () => {
  it("writes rows that libpng reads back exactly, whatever the filter chosen per row", async () => {
    const width = 97;
    const height = 61;
    const noise = randomBytes(width * height * 3, 7);
    // Smooth rows (filters pay off) next to noise (none does).
    for (let y = 0; y < height; y += 2)
      for (let x = 0; x < width * 3; x++) noise[y * width * 3 + x] = (x * 3 + y) & 255;
    const writer = new PngWriter({ width, height, bitDepth: 8, colorType: 2, interlace: 0 }, []);
    for (let y = 0; y < height; y++) await writer.addRow(noise.subarray(y * width * 3, (y + 1) * width * 3));
    const back = await readPng(await writer.finish());
    expect(Buffer.compare(Buffer.from(back.data), Buffer.from(rgba({ width, height, channels: 3, data: noise })))).toBe(
      0,
    );
  });
});

/** fflate's streaming compressor on `data`, pushed as one chunk, as the PDF path once used it. */
function fflateStream(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  const z = new Zlib({ level: 6 }, (c) => parts.push(c));
  z.push(data);
  z.push(new Uint8Array(0), true);
  return Buffer.concat(parts);
}

/** A grey PNG of one row holding `row`, written with node:zlib. */
function greyPng(row: Uint8Array): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), Buffer.from(data)]);
    let c = 0xffffffff;
    for (const b of body) c = crcTable[(c ^ b) & 255] ^ (c >>> 8);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE((c ^ 0xffffffff) >>> 0, body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(row.length, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  const { deflateSync } = require("node:zlib") as typeof import("node:zlib");
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat([Buffer.from([0]), Buffer.from(row)]))),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

describe("PNG pixels into a PDF image stream", () => {
  it("compresses with a zlib that stays valid where fflate's streaming one does not (its issue #260)", async () => {
    // Rows that start dark then turn to noise: found here, deterministically, by trying seeds until
    // fflate's streaming compressor writes a back-reference from before the start of the data.
    let row: Uint8Array | null = null;
    for (let seed = 1; seed < 5000 && !row; seed++) {
      const r = randomBytes(300, seed);
      for (let i = 0; i < r.length; i++) if (i < 4 || r[i] & 1) r[i] = 0;
      try {
        inflateSync(fflateStream(r));
      } catch {
        row = r;
      }
    }
    expect(row, "no input found that trips fflate #260").not.toBeNull();
    const png = greyPng(row as Uint8Array);
    const decoded = await decodePng(parsePng(png, "dark.png"));
    expect(decoded.gray).toBe(true);
    expect(Buffer.compare(inflateSync(decoded.color), Buffer.from(row as Uint8Array))).toBe(0);
  });
});
