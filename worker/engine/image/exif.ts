/**
 * The EXIF the image tools read and write: orientation and resolution from IFD0 of a TIFF
 * structure (a JPEG's APP1 "Exif" payload after its 6-byte header, a PNG's eXIf chunk, a WebP's
 * EXIF chunk), and a block holding an orientation alone. Every offset is bounds-checked;
 * anything malformed simply yields nothing.
 */
export interface ExifInfo {
  /** 1-8 as EXIF defines it; 1 when absent or invalid. */
  orientation: number;
  /** Pixels per inch, when the file says so. */
  dpiX?: number;
  dpiY?: number;
}

const TAG_ORIENTATION = 0x0112;
const TAG_X_RESOLUTION = 0x011a;
const TAG_Y_RESOLUTION = 0x011b;
const TAG_RESOLUTION_UNIT = 0x0128;
const TYPE_SHORT = 3;
const TYPE_LONG = 4;
const TYPE_RATIONAL = 5;
const MAX_ENTRIES = 512;

export function readExif(tiff: Uint8Array): ExifInfo {
  const none: ExifInfo = { orientation: 1 };
  if (tiff.length < 8) return none;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = String.fromCharCode(tiff[0], tiff[1]);
  if (order !== "II" && order !== "MM") return none;
  const le = order === "II";
  const u16 = (at: number) => (at + 2 <= tiff.length ? view.getUint16(at, le) : undefined);
  const u32 = (at: number) => (at + 4 <= tiff.length ? view.getUint32(at, le) : undefined);
  if (u16(2) !== 42) return none;
  const ifd = u32(4);
  if (ifd === undefined) return none;
  const count = u16(ifd);
  if (count === undefined) return none;

  const info: ExifInfo = { ...none };
  let xRes: number | undefined;
  let yRes: number | undefined;
  let unit = 2;
  for (let i = 0; i < Math.min(count, MAX_ENTRIES); i++) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    const type = u16(entry + 2);
    if (tag === undefined || type === undefined || entry + 12 > tiff.length) break;
    const short = () => (type === TYPE_SHORT ? u16(entry + 8) : type === TYPE_LONG ? u32(entry + 8) : undefined);
    const rational = () => {
      const at = type === TYPE_RATIONAL ? u32(entry + 8) : undefined;
      const num = at === undefined ? undefined : u32(at);
      const den = at === undefined ? undefined : u32(at + 4);
      return num !== undefined && den ? num / den : undefined;
    };
    if (tag === TAG_ORIENTATION) {
      const o = short();
      if (o !== undefined && o >= 1 && o <= 8) info.orientation = o;
    } else if (tag === TAG_X_RESOLUTION) xRes = rational();
    else if (tag === TAG_Y_RESOLUTION) yRes = rational();
    else if (tag === TAG_RESOLUTION_UNIT) unit = short() ?? 2;
  }
  // ResolutionUnit 2 is inches, 3 centimetres; 1 means "no unit" (an aspect ratio only).
  const perInch = unit === 2 ? 1 : unit === 3 ? 2.54 : 0;
  if (perInch && xRes && yRes) {
    info.dpiX = xRes * perInch;
    info.dpiY = yRes * perInch;
  }
  return info;
}

/** A minimal EXIF APP1 payload holding only an orientation (when the original is returned). */
export function orientationExif(orientation: number): Uint8Array {
  // "Exif\0\0", big-endian TIFF header, one IFD with one SHORT entry.
  return new Uint8Array([
    0x45,
    0x78,
    0x69,
    0x66,
    0,
    0,
    0x4d,
    0x4d,
    0,
    42,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
}
