import { describe, expect, it } from "vitest";
import { readExif } from "../../../worker/engine/image/exif";
import { corpus as corpusFile } from "../support/oracles";

/** A TIFF header and one IFD with the given SHORT and RATIONAL entries. */
function tiff(le: boolean, shorts: [number, number][], rationals: [number, number, number][] = []): Uint8Array {
  const count = shorts.length + rationals.length;
  const ifdEnd = 8 + 2 + count * 12 + 4;
  const b = new Uint8Array(ifdEnd + rationals.length * 8);
  const v = new DataView(b.buffer);
  b.set(le ? [0x49, 0x49] : [0x4d, 0x4d]);
  v.setUint16(2, 42, le);
  v.setUint32(4, 8, le);
  v.setUint16(8, count, le);
  let at = 10;
  for (const [tag, value] of shorts) {
    v.setUint16(at, tag, le);
    v.setUint16(at + 2, 3, le);
    v.setUint32(at + 4, 1, le);
    v.setUint16(at + 8, value, le);
    at += 12;
  }
  rationals.forEach(([tag, num, den], i) => {
    const data = ifdEnd + i * 8;
    v.setUint16(at, tag, le);
    v.setUint16(at + 2, 5, le);
    v.setUint32(at + 4, 1, le);
    v.setUint32(at + 8, data, le);
    v.setUint32(data, num, le);
    v.setUint32(data + 4, den, le);
    at += 12;
  });
  return b;
}

describe("readExif", () => {
  it("reads orientation and resolution in both byte orders", () => {
    for (const le of [true, false]) {
      const t = tiff(
        le,
        [
          [0x0112, 6],
          [0x0128, 2],
        ],
        [
          [0x011a, 300, 1],
          [0x011b, 600, 2],
        ],
      );
      expect(readExif(t)).toEqual({ orientation: 6, dpiX: 300, dpiY: 300 });
    }
    expect(
      readExif(
        tiff(
          true,
          [[0x0128, 3]],
          [
            [0x011a, 100, 1],
            [0x011b, 100, 1],
          ],
        ),
      ),
    ).toEqual({
      orientation: 1,
      dpiX: 254,
      dpiY: 254,
    });
  });

  it("ignores what is out of range or cut short", () => {
    expect(readExif(tiff(true, [[0x0112, 9]]))).toEqual({ orientation: 1 });
    expect(readExif(tiff(true, [[0x0112, 8]]).subarray(0, 20))).toEqual({ orientation: 1 });
    expect(readExif(new Uint8Array([0x49, 0x49, 42, 0, 0xff, 0xff, 0xff, 0xff]))).toEqual({ orientation: 1 });
    expect(readExif(new Uint8Array(3))).toEqual({ orientation: 1 });
    const notTiff = tiff(false, [[0x0112, 6]]);
    notTiff[3] = 43;
    expect(readExif(notTiff)).toEqual({ orientation: 1 });
  });

  it("reads an orientation written as a LONG, in both byte orders, and no other type", () => {
    for (const le of [true, false]) {
      const t = tiff(le, [[0x0112, 0]]);
      const v = new DataView(t.buffer);
      v.setUint16(12, 4, le);
      v.setUint32(18, 6, le);
      expect(readExif(t).orientation).toBe(6);
      v.setUint16(12, 7, le); // UNDEFINED bytes
      expect(readExif(t).orientation).toBe(1);
    }
  });

  it("finds the orientation a camera wrote", async () => {
    const jpeg = await corpusFile("img/jpeg/sharp__Landscape_8.jpg");
    const at = jpeg.findIndex(
      (_, i) => jpeg[i] === 0x45 && String.fromCharCode(...jpeg.subarray(i, i + 6)) === "Exif\0\0",
    );
    expect(readExif(jpeg.subarray(at + 6)).orientation).toBe(8);
  });
});
