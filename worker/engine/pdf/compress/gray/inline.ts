import { type PDFContext, PDFDict, PDFHexString, PDFName, PDFNumber, type PDFObject } from "@cantoo/pdf-lib";
import { zlibSync } from "fflate";
import { type DecodeStep, decodeSteps, FILTER_ALIASES } from "../../../core/decode";
import { JpegReader } from "../../../image/jpeg/decode";
import { JpegPixels } from "../../../image/jpeg/pixels";
import { readAll } from "../../../image/pixels";
import { asDict, asName, asNum, type Op, type Operand } from "../../content/lexer";
import { writeOperand } from "../../content/writer";
import { resolve } from "../../objects";
import type { SpaceReader } from "./colour";
import { decodeOf, grayPalette } from "./image";
import { memoryRowSource, RowConverter, rowBytes, type SampleLayout } from "./pixels";

/**
 * Inline images (BI ... ID ... EI) in grey. A palette or one-ink image keeps its data and gets a
 * grey palette; any other is decoded and written back as 8-bit grey, deflated and hex-encoded
 * (hex data cannot hold a stray "EI" that would end the image early for a reader).
 */

/** Inline images are meant to be small (a few KB); past this one is left as it is. */
const MAX_INLINE_BYTES = 4 * 1024 * 1024;

const ABBREVIATIONS: Record<string, string> = {
  BPC: "BitsPerComponent",
  CS: "ColorSpace",
  D: "Decode",
  DP: "DecodeParms",
  F: "Filter",
  H: "Height",
  IM: "ImageMask",
  I: "Interpolate",
  W: "Width",
  L: "Length",
};

const SPACE_NAMES: Record<string, string> = { G: "DeviceGray", RGB: "DeviceRGB", CMYK: "DeviceCMYK", I: "Indexed" };

/** An operand as a pdf-lib object, so the colour space reader can read it. */
function toPdf(ctx: PDFContext, o: Operand): PDFObject {
  if (o === null) return ctx.obj(null);
  if (typeof o === "number") return PDFNumber.of(o);
  if (typeof o === "boolean") return ctx.obj(o);
  if (Array.isArray(o)) return ctx.obj(o.map((x) => toPdf(ctx, x)));
  if (o.kind === "name") return PDFName.of(SPACE_NAMES[o.name] ?? o.name);
  if (o.kind === "str") return PDFHexString.of(Array.from(o.bytes, (b) => b.toString(16).padStart(2, "0")).join(""));
  const d = ctx.obj({}) as PDFDict;
  for (const [k, v] of o.map) d.set(PDFName.of(k), toPdf(ctx, v));
  return d;
}

function hex(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) {
    s += bytes[i].toString(16).padStart(2, "0");
    if (i % 64 === 63) s += "\n";
  }
  return `${s}>`;
}

export function grayInlineImage(
  ctx: PDFContext,
  spaces: SpaceReader,
  op: Op,
  content: Uint8Array,
  resources: PDFDict | undefined,
): Uint8Array | null {
  const dict = asDict(op.args[0]);
  if (!dict || !op.data) return null;
  const entries = new Map<string, Operand>();
  for (const [k, v] of dict.map) entries.set(ABBREVIATIONS[k] ?? k, v);
  if (entries.get("ImageMask") === true) return null;
  const csOperand = entries.get("ColorSpace");
  if (csOperand === undefined) return null;
  const csName = asName(csOperand);
  let csObject: PDFObject | undefined;
  if (csName !== null && !SPACE_NAMES[csName] && !csName.startsWith("Device")) {
    const named = resources ? resolve(ctx, resources.get(PDFName.of("ColorSpace"))) : undefined;
    csObject = named instanceof PDFDict ? named.get(PDFName.of(csName)) : undefined;
  } else csObject = toPdf(ctx, csOperand);
  const space = spaces.read(csObject);
  if (!space || space.gray || space.pattern) return null;
  const width = asNum(entries.get("Width")) ?? 0;
  const height = asNum(entries.get("Height")) ?? 0;
  const bpc = asNum(entries.get("BitsPerComponent")) ?? 8;
  if (!(width >= 1 && height >= 1) || ![1, 2, 4, 8, 16].includes(bpc)) return null;
  const given = entries.get("Decode");
  const decode = decodeOf(
    space,
    Array.isArray(given) && given.every((v) => typeof v === "number") ? (given as number[]) : null,
    bpc,
  );
  const filterOperand = entries.get("Filter");
  const filters = (Array.isArray(filterOperand) ? filterOperand : filterOperand === undefined ? [] : [filterOperand])
    .map(asName)
    .map((n) => (n === null ? null : (FILTER_ALIASES[n] ?? n)));
  if (filters.some((f) => f === null)) return null;
  const names = filters as string[];
  const data = content.subarray(op.data.start, op.data.end);
  const lossless = names.every((f) => f !== "DCTDecode" && f !== "JPXDecode");
  if (space.n === 1 && lossless && bpc <= 8) {
    // The samples stay; only the palette changes.
    const p = grayPalette(space, decode, bpc);
    const kept = [...dict.map].filter(([k]) => !["CS", "ColorSpace", "D", "Decode", "L", "Length"].includes(k));
    const head = kept.map(([k, v]) => `/${k} ${writeOperand(v)}`).join(" ");
    const cs = `[/I /G ${p.hival} <${Array.from(p.table, (b) => b.toString(16).padStart(2, "0")).join("")}>]`;
    const text = new TextEncoder().encode(`BI ${head} /CS ${cs} ID `);
    const tail = new TextEncoder().encode("\nEI");
    const out = new Uint8Array(text.length + data.length + tail.length);
    out.set(text);
    out.set(data, text.length);
    out.set(tail, text.length + data.length);
    return out;
  }
  const layout: SampleLayout = { width, height, n: space.n, bpc, decode, space, colorKey: null };
  const samples = inlineSamples(names, entries.get("DecodeParms"), data, layout);
  if (!samples) return null;
  const source = memoryRowSource(samples.data, { ...layout, bpc: samples.bpc });
  const conv = new RowConverter({ ...layout, bpc: samples.bpc });
  const gray = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = source.next();
    if (!row) break;
    conv.convert(row, gray.subarray(y * width, (y + 1) * width), null);
  }
  const interpolate = entries.get("Interpolate") === true ? " /I true" : "";
  return new TextEncoder().encode(
    `BI /W ${width} /H ${height} /BPC 8 /CS /G /F [/AHx /Fl]${interpolate} ID\n${hex(zlibSync(gray, { level: 9 }))}\nEI`,
  );
}

/** The inline image's samples decoded (DCT last, through our JPEG decoder), or null. */
function inlineSamples(
  names: string[],
  params: Operand | undefined,
  data: Uint8Array,
  l: SampleLayout,
): { data: Uint8Array; bpc: number } | null {
  const expected = rowBytes(l) * l.height;
  if (expected > MAX_INLINE_BYTES) return null;
  const dct = names[names.length - 1] === "DCTDecode";
  const general = dct ? names.slice(0, -1) : names;
  const paramList = Array.isArray(params) ? params : [params];
  const steps: DecodeStep[] = general.map((name, i) => {
    const p = asDict(paramList[i] ?? null);
    const num = (k: string, fallback: number) => asNum(p?.map.get(k)) ?? fallback;
    return p
      ? {
          name,
          earlyChange: num("EarlyChange", 1),
          predictor: {
            predictor: num("Predictor", 1),
            colors: num("Colors", 1),
            bitsPerComponent: num("BitsPerComponent", 8),
            columns: num("Columns", 1),
          },
        }
      : { name };
  });
  if (
    general.some((f) => !["FlateDecode", "LZWDecode", "ASCII85Decode", "ASCIIHexDecode", "RunLengthDecode"].includes(f))
  )
    return null;
  try {
    const raw = decodeSteps(data, steps, { max: MAX_INLINE_BYTES, strict: false });
    if (!dct) return raw.length >= expected ? { data: raw, bpc: l.bpc } : null;
    const reader = new JpegReader(raw, { maxStoreBytes: MAX_INLINE_BYTES });
    const pixels = new JpegPixels(reader);
    if (pixels.channels !== l.n || pixels.width !== l.width || pixels.height !== l.height) return null;
    return { data: readAll(pixels), bpc: 8 };
  } catch {
    return null;
  }
}
