import type { JpegReader } from "./decode";
import { CoefStore } from "./store";
import { writeJpeg } from "./write";

const FROM_RIGHT = new Set([2, 3, 7, 8]);
const FROM_BOTTOM = new Set([3, 4, 6, 7]);

/**
 * Whether an orientation can be applied without touching pixels: flips move the padding of a
 * partial MCU to the top or left, so they are exact only when the image fills whole MCUs there
 * (jpegtran's -perfect rule).
 */
export function losslessOrientationPossible(reader: JpegReader, orientation: number): boolean {
  const f = reader.frame;
  const single = f.components.length === 1;
  const mw = single ? 8 : 8 * f.hmax;
  const mh = single ? 8 : 8 * f.vmax;
  return (!FROM_RIGHT.has(orientation) || f.width % mw === 0) && (!FROM_BOTTOM.has(orientation) || f.height % mh === 0);
}

/**
 * The same image, coefficient for coefficient: Huffman tables refitted, metadata dropped and,
 * when `orientation` is given, the rotation applied losslessly (jpegtran -optimize -copy none).
 */
export function rewriteJpeg(
  reader: JpegReader,
  opts: { orientation: number; segments: Uint8Array[]; check?: () => void },
): Uint8Array {
  const f = reader.frame;
  const single = f.components.length === 1;
  const grids = f.components.map((c) =>
    single
      ? { blocksPerLine: c.dataBlocksPerLine, blocksPerColumn: c.dataBlocksPerColumn }
      : { blocksPerLine: c.blocksPerLine, blocksPerColumn: c.blocksPerColumn },
  );
  const store = new CoefStore(grids);
  reader.rewind();
  const rows = single ? f.components[0].dataBlocksPerColumn : f.mcusPerColumn;
  for (let m = 0; m < rows; m++) {
    reader.readMcuRow(m);
    f.components.forEach((c, i) => {
      const perLine = grids[i].blocksPerLine;
      for (let by = 0; by < c.v; by++) {
        for (let bx = 0; bx < perLine; bx++) store.append(i, reader.row[i], (by * c.blocksPerLine + bx) * 64);
      }
    });
    if ((m & 15) === 0) opts.check?.();
  }
  if (!store.isComplete()) throw new Error("JPEG rewrite did not cover the image");
  return writeJpeg({
    width: f.width,
    height: f.height,
    components: f.components.map(({ id, h, v, tq }) => ({ id, h, v, tq })),
    quant: reader.quantTables.map((t) => t ?? new Uint16Array(64)),
    store,
    orientation: opts.orientation,
    segments: opts.segments,
  });
}
