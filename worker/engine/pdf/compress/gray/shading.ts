import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFName,
  type PDFObject,
  PDFRawStream,
  type PDFRef,
} from "@cantoo/pdf-lib";
import { readStream } from "../../filters";
import { compileFunction } from "../../functions";
import { numberArray, resolve } from "../../objects";
import { deflate, numberIn } from "../streams";
import type { GraySpace, SpaceReader } from "./colour";

/**
 * Shadings in grey. A shading's colours come from its function (axial, radial, function-based,
 * and meshes with a /Function) or from its mesh data. Functions are replaced by one-output
 * functions giving the grey of the colour: exactly for exponential and stitching functions over
 * grey or RGB (luma is linear) and for PostScript ones (the luma appended to the program), and
 * otherwise sampled (1024 points, 16-bit, or a 33 x 33 grid; CMYK's grey is not linear). Mesh data is rewritten vertex by
 * vertex with one grey component. The shading's space becomes DeviceGray.
 */

export type ShadingOutcome = "converted" | "gray" | "unsupported";

/** Mesh data decoded at most: a shading is not megabytes of triangles. */
const MAX_MESH_BYTES = 16 * 1024 * 1024;
const SAMPLES_1D = 1024;
const SAMPLES_2D = 33;

export function grayShading(ctx: PDFContext, spaces: SpaceReader, obj: PDFObject): ShadingOutcome {
  const d = obj instanceof PDFRawStream ? obj.dict : obj instanceof PDFDict ? obj : null;
  if (!d) return "unsupported";
  const space = spaces.read(d.get(PDFName.of("ColorSpace")));
  if (!space || space.pattern) return "unsupported";
  if (space.gray) return "gray";
  const type = numberIn(ctx, d, "ShadingType", 0);
  const fnObj = d.get(PDFName.of("Function"));
  if (fnObj !== undefined) {
    const fn = grayFunction(ctx, fnObj, space, type === 1 ? 2 : 1);
    if (!fn) return "unsupported";
    d.set(PDFName.of("Function"), fn);
  } else if (type >= 4 && type <= 7 && obj instanceof PDFRawStream) {
    if (!grayMesh(ctx, obj, space, type)) return "unsupported";
  } else return "unsupported";
  const bg = numberArray(ctx, d.get(PDFName.of("Background")));
  if (bg && bg.length === space.n) d.set(PDFName.of("Background"), ctx.obj([space.toGray(bg)]));
  d.set(PDFName.of("ColorSpace"), PDFName.of("DeviceGray"));
  return "converted";
}

/** A one-output function giving the grey of `fnObj`'s colour in `space`, or null. */
function grayFunction(ctx: PDFContext, fnObj: PDFObject, space: GraySpace, inputs: number): PDFObject | null {
  return exactGray(ctx, fnObj, space, 0) ?? sampledGray(ctx, fnObj, space, inputs);
}

function exactGray(ctx: PDFContext, fnObj: PDFObject, space: GraySpace, depth: number): PDFObject | null {
  const f = resolve(ctx, fnObj);
  const d = f instanceof PDFRawStream ? f.dict : f instanceof PDFDict ? f : null;
  if (!d || depth > 8) return null;
  const type = numberIn(ctx, d, "FunctionType", -1);
  const domain = d.get(PDFName.of("Domain"));
  if (type === 2 && (space.model === "rgb" || space.model === "gray")) {
    const c0 = numberArray(ctx, d.get(PDFName.of("C0"))) ?? [0];
    const c1 = numberArray(ctx, d.get(PDFName.of("C1"))) ?? [1];
    if (c0.length !== space.n || c1.length !== space.n) return null;
    return ctx.obj({
      FunctionType: 2,
      Domain: domain,
      C0: [space.toGray(c0)],
      C1: [space.toGray(c1)],
      N: d.get(PDFName.of("N")),
    });
  }
  if (type === 3) {
    const fns = resolve(ctx, d.get(PDFName.of("Functions")));
    if (!(fns instanceof PDFArray)) return null;
    const parts = fns.asArray().map((x) => exactGray(ctx, x, space, depth + 1));
    if (parts.some((p) => p === null)) return null;
    return ctx.obj({
      FunctionType: 3,
      Domain: domain,
      Functions: parts as PDFObject[],
      Bounds: d.get(PDFName.of("Bounds")),
      Encode: d.get(PDFName.of("Encode")),
    });
  }
  if (type === 4 && f instanceof PDFRawStream && space.model === "rgb") {
    const program = readStream(ctx, f, 64 * 1024);
    if (!program) return null;
    const text = new TextDecoder("latin1").decode(program);
    const end = text.lastIndexOf("}");
    if (end < 0) return null;
    // r g b -> luma, on the stack the program leaves.
    const tail = " 0.114 mul exch 0.587 mul add exch 0.299 mul add";
    const bytes = new TextEncoder().encode(`${text.slice(0, end)}${tail} }`);
    const ref: PDFRef = ctx.register(ctx.stream(bytes, { FunctionType: 4, Domain: domain, Range: [0, 1] } as never));
    return ref;
  }
  return null;
}

function sampledGray(ctx: PDFContext, fnObj: PDFObject, space: GraySpace, inputs: number): PDFObject | null {
  const fn = compileFunction(ctx, fnObj);
  const f = resolve(ctx, fnObj);
  const first = f instanceof PDFArray ? resolve(ctx, f.get(0)) : f;
  const d = first instanceof PDFRawStream ? first.dict : first instanceof PDFDict ? first : null;
  const domain = d ? numberArray(ctx, d.get(PDFName.of("Domain"))) : null;
  if (!fn || !domain || domain.length !== 2 * inputs || inputs > 2) return null;
  const size = inputs === 1 ? [SAMPLES_1D] : [SAMPLES_2D, SAMPLES_2D];
  const count = size.reduce((a, b) => a * b, 1);
  const out = new Uint8Array(count * 2);
  for (let i = 0; i < count; i++) {
    const x = size.map((s, k) => {
      const idx = k === 0 ? i % s : Math.floor(i / size[0]);
      return domain[2 * k] + (idx / (s - 1)) * (domain[2 * k + 1] - domain[2 * k]);
    });
    const v = Math.round(space.toGray(fn(x)) * 65535);
    out[2 * i] = v >> 8;
    out[2 * i + 1] = v & 255;
  }
  return ctx.register(
    ctx.stream(deflate(out), {
      FunctionType: 0,
      Domain: domain,
      Range: [0, 1],
      Size: size,
      BitsPerSample: 16,
      Filter: "FlateDecode",
    } as never),
  );
}

/** Bits read and written most significant first, as mesh data packs them. */
class Bits {
  private bit = 0;
  constructor(private readonly data: Uint8Array) {}
  get done(): boolean {
    return this.bit >= this.data.length * 8;
  }
  read(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++, this.bit++) {
      const byte = this.data[this.bit >> 3];
      if (byte === undefined) throw new RangeError("mesh data ends early");
      v = v * 2 + ((byte >> (7 - (this.bit & 7))) & 1);
    }
    return v;
  }
  align(): void {
    this.bit = Math.ceil(this.bit / 8) * 8;
  }
}

class BitWriter {
  private bytes: number[] = [];
  private acc = 0;
  private used = 0;
  write(v: number, n: number): void {
    for (let i = n - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | (Math.floor(v / 2 ** i) & 1);
      if (++this.used === 8) this.flush();
    }
  }
  private flush(): void {
    this.bytes.push(this.acc);
    this.acc = 0;
    this.used = 0;
  }
  align(): void {
    if (this.used > 0) {
      this.acc <<= 8 - this.used;
      this.flush();
    }
  }
  finish(): Uint8Array {
    this.align();
    return Uint8Array.from(this.bytes);
  }
}

/** Rewrites a mesh's vertex colours (types 4 to 7, no function) as one grey component each. */
function grayMesh(ctx: PDFContext, s: PDFRawStream, space: GraySpace, type: number): boolean {
  const d = s.dict;
  const coord = numberIn(ctx, d, "BitsPerCoordinate", 0);
  const comp = numberIn(ctx, d, "BitsPerComponent", 0);
  const flagBits = numberIn(ctx, d, "BitsPerFlag", 0);
  const decode = numberArray(ctx, d.get(PDFName.of("Decode")));
  const n = space.n;
  if (!coord || !comp || comp > 16 || coord > 32 || !decode || decode.length !== 4 + 2 * n) return false;
  if (type !== 5 && ![2, 4, 8].includes(flagBits)) return false;
  const data = readStream(ctx, s, MAX_MESH_BYTES);
  if (!data) return false;
  const inBits = new Bits(data);
  const out = new BitWriter();
  const cmax = 2 ** comp - 1;
  const values = new Array<number>(n);
  // One vertex or patch at a time, written only once read whole: padding after the last ends it.
  let record: [number, number][] = [];
  const copy = (bits: number) => {
    const v = inBits.read(bits);
    record.push([v, bits]);
    return v;
  };
  const colour = () => {
    for (let c = 0; c < n; c++) {
      const lo = decode[4 + 2 * c];
      values[c] = lo + (inBits.read(comp) / cmax) * (decode[5 + 2 * c] - lo);
    }
    record.push([Math.round(space.toGray(values) * cmax), comp]);
  };
  try {
    while (!inBits.done) {
      record = [];
      if (type === 4 || type === 5) {
        if (type === 4) copy(flagBits);
        copy(coord);
        copy(coord);
        colour();
      } else {
        const flag = copy(flagBits);
        const points = (type === 6 ? 12 : 16) - (flag === 0 ? 0 : 4);
        for (let i = 0; i < 2 * points; i++) copy(coord);
        for (let i = 0; i < (flag === 0 ? 4 : 2); i++) colour();
      }
      inBits.align();
      for (const [v, bits] of record) out.write(v, bits);
      out.align();
    }
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
  d.set(PDFName.of("Decode"), ctx.obj([...decode.slice(0, 4), 0, 1]));
  d.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
  d.delete(PDFName.of("DecodeParms"));
  s.updateContents(deflate(out.finish()));
  return true;
}
