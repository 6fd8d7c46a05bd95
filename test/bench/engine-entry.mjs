// What the benchmark runs: the Worker's own engine modules, bundled for Node by bundle.mjs.

export { mozjpegEncoder } from "../../worker/engine/codecs/mozjpeg.ts";
export { webpEncoder } from "../../worker/engine/codecs/webp.ts";
export { Budget } from "../../worker/engine/core/budget.ts";
export { compressImage } from "../../worker/engine/image/compress/compress.ts";
export { JpegReader } from "../../worker/engine/image/jpeg/decode.ts";
export { encodeJpeg } from "../../worker/engine/image/jpeg/encode.ts";
export { JpegPixels } from "../../worker/engine/image/jpeg/pixels.ts";
export { memorySource, readAll } from "../../worker/engine/image/pixels.ts";
export { filteredRows } from "../../worker/engine/image/png/encode.ts";
export { ssim } from "../../worker/engine/image/ssim.ts";
export { prepareJob, runJob } from "../../worker/engine/jobs/convert.ts";
export { compressPdf, imagesQuality } from "../../worker/engine/pdf/compress/compress.ts";
