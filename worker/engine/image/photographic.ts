import { CHANNELS, type PixelSource } from "./pixels";

/**
 * Whether an image is a photograph (continuous tone, where JPEG's loss hides) or drawn content
 * (screenshots, diagrams, charts, text scans, line art, flat colour), which a lossless encoding
 * keeps sharp and usually small. Decided from the pixels: on rows sampled across the image, each
 * pixel is compared with its left neighbour. Drawn content is mostly runs of one exact colour
 * broken by hard edges; a photograph's neighbours differ a little almost everywhere (sensor
 * noise, gradients, texture), and it has thousands of distinct colours.
 */

/** At most this many pixels are looked at, whatever the image's size. */
const SAMPLE_PIXELS = 1 << 17;
/** Distinct colours are counted up to here: past it the image is not drawn with a palette. */
const COLOUR_CAP = 4096;
/** A step of at most this much in every channel is tone, not an edge. */
const SMOOTH_STEP = 24;

export interface PhotoStats {
  /** Neighbours of exactly the same colour. */
  flat: number;
  /** Neighbours that differ by 1..SMOOTH_STEP in their most different channel. */
  smooth: number;
  /** Neighbours further apart: edges. */
  edge: number;
  /** Distinct colours among the sampled pixels, up to COLOUR_CAP. */
  colours: number;
  /** Of 32 equal bands of lightness, how many hold at least 1% of the sampled pixels. */
  tones: number;
}

/** One pass over the source (rows sampled evenly, at most SAMPLE_PIXELS pixels). */
export function photoStats(src: PixelSource): PhotoStats {
  const { width: w, height: h } = src;
  const ch = CHANNELS[src.layout];
  const every = Math.max(1, Math.ceil((w * h) / SAMPLE_PIXELS));
  const stats: PhotoStats = { flat: 0, smooth: 0, edge: 0, colours: 0, tones: 0 };
  const seen = new Set<number>();
  const hist = new Uint32Array(32);
  src.rewind();
  for (let band = src.nextBand(); band; band = src.nextBand()) {
    const first = Math.ceil(band.y0 / every) * every;
    for (let y = first; y < band.y0 + band.rows; y += every) {
      const row = band.data.subarray((y - band.y0) * w * ch, (y - band.y0 + 1) * w * ch);
      countRow(row, w, ch, stats, seen);
      for (let x = 0; x < w; x++) hist[lightness(row, x * ch, ch) >> 3]++;
    }
  }
  stats.colours = seen.size;
  const sampled = hist.reduce((a, b) => a + b, 0);
  stats.tones = hist.filter((n) => n >= sampled / 100).length;
  return stats;
}

/** A lightness for the histogram only: any monotone measure counts tones as well. */
function lightness(row: Uint8Array, o: number, ch: number): number {
  if (ch === 1) return row[o];
  if (ch === 3) return (77 * row[o] + 150 * row[o + 1] + 29 * row[o + 2]) >> 8;
  return 255 - Math.min(255, ((row[o] + row[o + 1] + row[o + 2]) / 3 + row[o + 3]) | 0);
}

function countRow(row: Uint8Array, w: number, ch: number, stats: PhotoStats, seen: Set<number>) {
  for (let x = 0; x < w; x++) {
    const o = x * ch;
    if (seen.size < COLOUR_CAP) {
      let key = 0;
      for (let c = 0; c < ch; c++) key = key * 256 + row[o + c];
      seen.add(key);
    }
    if (x === 0) continue;
    let d = 0;
    for (let c = 0; c < ch; c++) d = Math.max(d, Math.abs(row[o + c] - row[o - ch + c]));
    if (d === 0) stats.flat++;
    else if (d <= SMOOTH_STEP) stats.smooth++;
    else stats.edge++;
  }
}

/**
 * A photograph: most neighbours differ a little, not many are exactly alike, the colours are
 * many and spread over the range of lightness. Measured on the corpus's images and renders of the
 * producer documents (docs/compression.md): photos have 55-90% smooth steps, at most 41% flat,
 * 14-31 tone bands; page renders and screenshots 88-93% flat; charts, diagrams and logos over 40%
 * flat and at most 8 tone bands; a clean text scan 33% flat but 3 tone bands (paper and ink); a
 * grey image has at most 256 colours, so its bar is lower.
 */
export function isPhotographic(s: PhotoStats, layout: PixelSource["layout"]): boolean {
  const pairs = s.flat + s.smooth + s.edge;
  if (pairs < 64) return false;
  const minColours = layout === "gray" ? 64 : 1024;
  return s.smooth / pairs >= 0.45 && s.flat / pairs <= 0.5 && s.tones >= 10 && s.colours >= minColours;
}
