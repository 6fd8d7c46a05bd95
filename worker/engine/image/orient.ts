/** EXIF orientation applied to a whole image in memory (PNG and WebP paths; JPEG does it losslessly). */

export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The image turned upright for orientation `o` (1-8), `ch` bytes per pixel. */
export function orientPixels(img: Pixels, ch: number, o: number): Pixels {
  if (o <= 1 || o > 8) return img;
  const { width: w, height: h, data } = img;
  const t = o >= 5;
  const ow = t ? h : w;
  const oh = t ? w : h;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let sx: number;
      let sy: number;
      switch (o) {
        case 2:
          [sx, sy] = [w - 1 - x, y];
          break;
        case 3:
          [sx, sy] = [w - 1 - x, h - 1 - y];
          break;
        case 4:
          [sx, sy] = [x, h - 1 - y];
          break;
        case 5:
          [sx, sy] = [y, x];
          break;
        case 6:
          [sx, sy] = [y, h - 1 - x];
          break;
        case 7:
          [sx, sy] = [w - 1 - y, h - 1 - x];
          break;
        default:
          [sx, sy] = [w - 1 - y, x];
      }
      const s = (sy * w + sx) * ch;
      const d = (y * ow + x) * ch;
      for (let c = 0; c < ch; c++) out[d + c] = data[s + c];
    }
  }
  return { data: out, width: ow, height: oh };
}
