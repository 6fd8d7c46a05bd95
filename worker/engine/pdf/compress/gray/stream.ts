import { PDFArray, type PDFContext, PDFName, PDFNumber, type PDFObject, type PDFRawStream } from "@cantoo/pdf-lib";
import type { Budget } from "../../../core/budget";
import type { MozjpegEncoder } from "../../../image/jpeg/encode";
import { resolve } from "../../objects";
import type { SpaceReader } from "./colour";

/** What converting an image needs, and how a converted one is written back into its stream. */

export interface GrayImageJob {
  ctx: PDFContext;
  spaces: SpaceReader;
  budget?: Budget;
  name?: string;
  encoder(): Promise<MozjpegEncoder>;
}

/** The image's stream, now grey samples in `bytes` under `filter`. */
export function setGray(
  ctx: PDFContext,
  stream: PDFRawStream,
  bytes: Uint8Array,
  filter: string,
  params: PDFObject | null,
) {
  const d = stream.dict;
  d.set(PDFName.of("ColorSpace"), PDFName.of("DeviceGray"));
  d.set(PDFName.of("BitsPerComponent"), PDFNumber.of(8));
  d.set(PDFName.of("Filter"), PDFName.of(filter));
  if (params) d.set(PDFName.of("DecodeParms"), params);
  else d.delete(PDFName.of("DecodeParms"));
  d.delete(PDFName.of("Decode"));
  // A colour-key mask names ranges of the old components: it no longer applies.
  if (resolve(ctx, d.get(PDFName.of("Mask"))) instanceof PDFArray) d.delete(PDFName.of("Mask"));
  stream.updateContents(bytes);
}
