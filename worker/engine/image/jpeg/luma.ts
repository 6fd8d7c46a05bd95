import type { JpegReader } from "./decode";
import { CoefStore } from "./store";
import { writeJpeg } from "./write";

/**
 * A YCbCr JPEG's grey version without decoding a pixel: its luma component's coefficients,
 * written as a one-component JPEG with Huffman tables fitted to it (what jpegtran -grayscale
 * does). Y is BT.601 luma, so the result is exactly the grey a reader would compute, with no
 * generation loss. Null when luma is not at full resolution (then the image must be decoded).
 */
export function lumaJpeg(reader: JpegReader, check?: () => void): Uint8Array | null {
  const f = reader.frame;
  const y = f.components[0];
  if (f.components.length !== 3 || y.h !== f.hmax || y.v !== f.vmax) return null;
  const table = reader.quantTables[y.tq];
  if (!table) return null;
  const grid = { blocksPerLine: y.dataBlocksPerLine, blocksPerColumn: y.dataBlocksPerColumn };
  const store = new CoefStore([grid]);
  reader.rewind();
  for (let m = 0; m < f.mcusPerColumn; m++) {
    reader.readMcuRow(m);
    for (let by = 0; by < y.v; by++) {
      // The MCU grid is padded past the image; a one-component scan covers only its data blocks.
      if (m * y.v + by >= grid.blocksPerColumn) break;
      for (let bx = 0; bx < grid.blocksPerLine; bx++) store.append(0, reader.row[0], (by * y.blocksPerLine + bx) * 64);
    }
    if ((m & 15) === 0) check?.();
  }
  if (!store.isComplete()) return null;
  return writeJpeg({
    width: f.width,
    height: f.height,
    components: [{ id: 1, h: 1, v: 1, tq: 0 }],
    quant: [table],
    store,
    orientation: 1,
    segments: [],
  });
}

/** Whether a three-component JPEG holds YCbCr (a reader converts it to RGB) rather than RGB. */
export function isYcc(reader: JpegReader, colorTransform: number): boolean {
  const { frame, meta } = reader;
  if (frame.components.length !== 3) return false;
  if (meta.adobeTransform >= 0) return meta.adobeTransform !== 0;
  if (colorTransform >= 0) return colorTransform !== 0;
  // As JpegPixels reads it: component ids R, G, B without JFIF mean RGB.
  return !(!meta.jfif && frame.components.map((c) => c.id).join(",") === "82,71,66");
}
