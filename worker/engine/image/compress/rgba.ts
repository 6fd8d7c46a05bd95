import { EngineError } from "../../core/errors";
import { readExif } from "../exif";
import { iccFromJpeg, iccFromPng } from "../icc";
import { JpegReader } from "../jpeg/decode";
import { JpegPixels } from "../jpeg/pixels";
import { orientPixels, type Pixels } from "../orient";
import { type PixelSource, readAll } from "../pixels";
import { parseHeader, readChunks } from "../png/chunks";
import { PngRawRows } from "../png/decode";
import { PngPixels } from "../png/pixels";
import { MAX_JPEG_STORE_BYTES } from "./jpeg";

/**
 * A JPEG or PNG as upright RGBA in memory, with its ICC profile: what WebP's encoder takes.
 * A CMYK JPEG is refused (WebP has no CMYK: its colours would change).
 */
export function uprightRgba(
  bytes: Uint8Array,
  format: "jpeg" | "png",
  check?: () => void,
): { image: Pixels; icc: Uint8Array | null } {
  let src: PixelSource;
  let orientation: number;
  let icc: Uint8Array | null;
  if (format === "jpeg") {
    const reader = new JpegReader(bytes, { maxStoreBytes: MAX_JPEG_STORE_BYTES, check });
    src = new JpegPixels(reader);
    if (src.layout === "cmyk") {
      throw new EngineError(
        "invalid_file",
        "This is a CMYK JPEG (made for print): converting it to WebP would change its colours. Compress it as JPEG instead.",
      );
    }
    orientation = reader.meta.orientation;
    icc = iccFromJpeg(reader.meta.icc);
  } else {
    const chunks = readChunks(bytes);
    src = new PngPixels(new PngRawRows(parseHeader(chunks), chunks), chunks);
    const exif = chunks.find((c) => c.type === "eXIf");
    orientation = exif ? readExif(exif.data).orientation : 1;
    icc = iccFromPng(chunks);
  }
  return { image: orientPixels(toRgba(src), 4, orientation), icc };
}

function toRgba(src: PixelSource): Pixels {
  const px = readAll(src);
  if (src.layout === "rgba") return { data: px, width: src.width, height: src.height };
  const n = src.width * src.height;
  const gray = src.layout === "gray";
  const ch = gray ? 1 : 3;
  const out = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) {
    out[i * 4] = px[i * ch];
    out[i * 4 + 1] = px[i * ch + (gray ? 0 : 1)];
    out[i * 4 + 2] = px[i * ch + (gray ? 0 : 2)];
    out[i * 4 + 3] = 255;
  }
  return { data: out, width: src.width, height: src.height };
}
