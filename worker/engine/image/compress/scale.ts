import { MappedSource, type PixelSource } from "../pixels";
import { Downsampler } from "../resample";

/**
 * An image made smaller by area averaging. Transparent pixels carry colours nobody sees (often
 * black): averaged as they are, they would darken the edges of a logo, so RGBA is averaged with
 * its colour weighted by alpha (premultiplied) and divided back after.
 */
export function downscale(src: PixelSource, width: number, height: number): PixelSource {
  if (src.layout !== "rgba") return new Downsampler(src, width, height);
  const mapped = (source: PixelSource, f: (d: Uint8Array) => Uint8Array) =>
    new MappedSource(source, (b) => ({ ...b, data: f(b.data) }));
  return mapped(new Downsampler(mapped(src, premultiply), width, height), unpremultiply);
}

function premultiply(d: Uint8Array): Uint8Array {
  const out = new Uint8Array(d.length);
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3];
    out[i] = (d[i] * a + 127) / 255;
    out[i + 1] = (d[i + 1] * a + 127) / 255;
    out[i + 2] = (d[i + 2] * a + 127) / 255;
    out[i + 3] = a;
  }
  return out;
}

function unpremultiply(d: Uint8Array): Uint8Array {
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3];
    if (a === 0 || a === 255) continue;
    d[i] = Math.min(255, (d[i] * 255 + (a >> 1)) / a);
    d[i + 1] = Math.min(255, (d[i + 1] * 255 + (a >> 1)) / a);
    d[i + 2] = Math.min(255, (d[i + 2] * 255 + (a >> 1)) / a);
  }
  return d;
}
