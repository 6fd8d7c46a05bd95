import { concat, latin1 } from "../../core/bytes";
import { invalidImage } from "../jpeg/markers";

/**
 * An animated WebP's first frame as a still WebP the decoder reads (libwebp's simple decoder
 * refuses animations): the frame's own ALPH and VP8/VP8L chunks, under a VP8X header of the
 * frame's size when it has alpha. A still WebP comes back as it is.
 */
export function firstFrame(b: Uint8Array): Uint8Array {
  const chunks = readChunks(b, 12, b.length);
  const anmf = chunks.find((c) => c.id === "ANMF");
  if (!anmf) return b;
  const d = anmf.data;
  if (d.length < 16) throw invalidImage("This animated WebP is truncated or damaged and could not be read.");
  const u24 = (at: number) => d[at] | (d[at + 1] << 8) | (d[at + 2] << 16);
  const width = u24(6) + 1;
  const height = u24(9) + 1;
  const inner = readChunks(d, 16, d.length).filter((c) => c.id === "ALPH" || c.id === "VP8 " || c.id === "VP8L");
  const image = inner.find((c) => c.id === "VP8 " || c.id === "VP8L");
  if (!image) throw invalidImage("This animated WebP's first frame has no image and could not be read.");
  const alph = image.id === "VP8 " ? inner.find((c) => c.id === "ALPH") : undefined;
  const parts: Uint8Array[] = [];
  if (alph) {
    const x = new Uint8Array(10);
    x[0] = 0x10;
    x.set([(width - 1) & 255, ((width - 1) >> 8) & 255, (width - 1) >> 16], 4);
    x.set([(height - 1) & 255, ((height - 1) >> 8) & 255, (height - 1) >> 16], 7);
    parts.push(chunk("VP8X", x), chunk("ALPH", alph.data));
  }
  parts.push(chunk(image.id, image.data));
  const body = concat(parts);
  const head = new Uint8Array(12);
  head.set([0x52, 0x49, 0x46, 0x46]);
  new DataView(head.buffer).setUint32(4, body.length + 4, true);
  head.set([0x57, 0x45, 0x42, 0x50], 8);
  return concat([head, body]);
}

function readChunks(b: Uint8Array, from: number, to: number): { id: string; data: Uint8Array }[] {
  const out: { id: string; data: Uint8Array }[] = [];
  for (let p = from; p + 8 <= to; ) {
    const id = latin1(b.subarray(p, p + 4));
    const size = (b[p + 4] | (b[p + 5] << 8) | (b[p + 6] << 16) | (b[p + 7] << 24)) >>> 0;
    if (p + 8 + size > to) throw invalidImage("This WebP is truncated or damaged and could not be read.");
    out.push({ id, data: b.subarray(p + 8, p + 8 + size) });
    p += 8 + size + (size & 1);
  }
  return out;
}

function chunk(id: string, data: Uint8Array): Uint8Array {
  const head = new Uint8Array(8);
  head.set([...id].map((c) => c.charCodeAt(0)));
  new DataView(head.buffer).setUint32(4, data.length, true);
  return data.length & 1 ? concat([head, data, new Uint8Array(1)]) : concat([head, data]);
}
