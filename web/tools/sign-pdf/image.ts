/**
 * Signatures as images: drawn strokes, typed names and uploaded pictures each become a PNG with a
 * transparent background (or the uploaded JPEG), trimmed to the ink.
 */
import { type Bounds, inkBounds, padBounds, removeWhite, type Stroke, strokeSegments, strokesBounds } from "./ink";

export interface SignatureImage {
  blob: Blob;
  /** An object URL of the blob, for previews. */
  url: string;
  width: number;
  height: number;
}

export const INK = { black: "#111827", blue: "#1e3a8a" } as const;
export type InkColour = keyof typeof INK;
/** The stroke width on the pad, in CSS pixels. */
export const PEN_WIDTH = 2.6;
/** Exported images are drawn at three times the pad's size, so they stay sharp when printed. */
export const EXPORT_SCALE = 3;
/** The largest side of an uploaded image kept: plenty for a signature, and well under 5 MB. */
const MAX_UPLOAD_SIDE = 2400;

export function imageOf(blob: Blob, width: number, height: number): SignatureImage {
  return { blob, url: URL.createObjectURL(blob), width, height };
}

function canvas(width: number, height: number) {
  const c = document.createElement("canvas");
  c.width = Math.max(1, Math.round(width));
  c.height = Math.max(1, Math.round(height));
  const ctx = c.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw images.");
  return { c, ctx };
}

function toBlob(c: HTMLCanvasElement, type = "image/png", quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    c.toBlob((b) => (b ? resolve(b) : reject(new Error("The image could not be made."))), type, quality),
  );
}

/** Draws the strokes, smoothed, at `scale`, shifted by (-ox, -oy). */
export function drawStrokes(
  ctx: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  colour: string,
  scale = 1,
  ox = 0,
  oy = 0,
) {
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  const sx = (v: number) => (v - ox) * scale;
  const sy = (v: number) => (v - oy) * scale;
  for (const s of strokes) {
    for (const seg of strokeSegments(s, PEN_WIDTH)) {
      if (seg.from === seg.to) {
        ctx.beginPath();
        ctx.arc(sx(seg.from.x), sy(seg.from.y), (seg.width * scale) / 2, 0, Math.PI * 2);
        ctx.fill();
        continue;
      }
      ctx.lineWidth = seg.width * scale;
      ctx.beginPath();
      ctx.moveTo(sx(seg.from.x), sy(seg.from.y));
      ctx.quadraticCurveTo(sx(seg.via.x), sy(seg.via.y), sx(seg.to.x), sy(seg.to.y));
      ctx.stroke();
    }
  }
}

/** The drawn signature, trimmed to its ink, as a transparent PNG three times the pad's size. */
export async function exportStrokes(strokes: readonly Stroke[], colour: string): Promise<SignatureImage | null> {
  const b = strokesBounds(strokes, PEN_WIDTH);
  if (!b) return null;
  const box = padBounds(b, 2);
  const { c, ctx } = canvas((box.x1 - box.x0) * EXPORT_SCALE, (box.y1 - box.y0) * EXPORT_SCALE);
  drawStrokes(ctx, strokes, colour, EXPORT_SCALE, box.x0, box.y0);
  return imageOf(await toBlob(c), c.width, c.height);
}

/** The part of a canvas inside `b`, on a canvas of its own. */
function crop(src: HTMLCanvasElement, b: Bounds) {
  const { c, ctx } = canvas(b.x1 - b.x0, b.y1 - b.y0);
  ctx.drawImage(src, b.x0, b.y0, c.width, c.height, 0, 0, c.width, c.height);
  return c;
}

/** A name written in a script font (already loaded), trimmed to its ink, as a transparent PNG. */
export async function renderTyped(
  text: string,
  family: string,
  colour: string,
  px = 120,
): Promise<SignatureImage | null> {
  const name = text.trim();
  if (!name) return null;
  const font = `${px}px "${family}"`;
  const probe = canvas(1, 1).ctx;
  probe.font = font;
  // Script fonts' flourishes reach well past the advance width: measure generously, then trim.
  const w = probe.measureText(name).width + px * 2;
  const { c, ctx } = canvas(w, px * 2.4);
  ctx.font = font;
  ctx.fillStyle = colour;
  ctx.textBaseline = "alphabetic";
  ctx.fillText(name, px, px * 1.5);
  const b = inkBounds(ctx.getImageData(0, 0, c.width, c.height).data, c.width, c.height);
  if (!b) return null;
  const out = crop(c, padBounds(b, 4, c.width, c.height));
  return imageOf(await toBlob(out), out.width, out.height);
}

export const UPLOAD_TYPES = ["image/png", "image/jpeg"];

/**
 * An uploaded picture of a signature, upright (a phone's JPEG carries its turn in EXIF) and no
 * larger than needed; with `clearWhite`, its paper made transparent and the rest trimmed away.
 */
export async function processUpload(file: File, clearWhite: boolean): Promise<SignatureImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, MAX_UPLOAD_SIDE / Math.max(bitmap.width, bitmap.height));
  const { c, ctx } = canvas(bitmap.width * scale, bitmap.height * scale);
  ctx.drawImage(bitmap, 0, 0, c.width, c.height);
  bitmap.close();
  if (!clearWhite) {
    const jpeg = file.type === "image/jpeg";
    return imageOf(await toBlob(c, jpeg ? "image/jpeg" : "image/png", 0.92), c.width, c.height);
  }
  const data = ctx.getImageData(0, 0, c.width, c.height);
  removeWhite(data.data);
  ctx.putImageData(data, 0, 0);
  const b = inkBounds(data.data, c.width, c.height, 24);
  if (!b) throw new Error("No signature found in this image: it looks blank once the white is removed.");
  const out = crop(c, padBounds(b, 4, c.width, c.height));
  return imageOf(await toBlob(out), out.width, out.height);
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(blob);
  });
}

/** A base64 data: URL as a blob (decoded here: the page's policy does not let fetch read data: URLs). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, body = ""] = dataUrl.split(",", 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? "application/octet-stream";
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** The image as the request's `signature` file. */
export function signatureFile(img: SignatureImage): File {
  const jpeg = img.blob.type === "image/jpeg";
  return new File([img.blob], jpeg ? "signature.jpg" : "signature.png", { type: jpeg ? "image/jpeg" : "image/png" });
}
