import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { ZipWriter } from "../core/zip";
import { type ExtractedImage, extractImages, skippedNote } from "../pdf/extract-images";
import type { Tool } from "./types";

const TYPES = { jpg: "image/jpeg", jp2: "image/jp2", png: "image/png" } as const;

/** "page-3-image-1.jpg": the page it is first on, its number there. */
export const imageName = (i: Pick<ExtractedImage, "page" | "index" | "ext">) =>
  `page-${i.page}-image-${i.index}.${i.ext}`;

/**
 * Extract Images: the images of one PDF (all pages or those chosen) as they are, in one ZIP;
 * a single image is that image itself. JPEG and PNG entries are already compressed: stored.
 */
export const extractImagesTool: Tool<OptionsOf<"extract-images">> = {
  tool: "extract-images",
  conversionType: "extract-images",
  async run([file], { pages, minSize }, budget) {
    const result = await extractImages(file.bytes, {
      pages,
      minSize,
      name: file.name,
      password: file.password,
      budget,
    });
    const n = result.images.length;
    const note = skippedNote(result);
    const message = `${n} image${n === 1 ? "" : "s"} extracted.${note ? ` ${note}` : ""}`;
    if (n === 1) {
      const image = result.images[0];
      return {
        outputs: [
          {
            ok: true,
            bytes: image.bytes,
            fileName: derivedName(file.name, imageName(image).replace(/\.\w+$/, ""), `.${image.ext}`),
            contentType: TYPES[image.ext],
            originalName: file.name,
            message,
            extra: { imageCount: 1 },
          },
        ],
        message: "Images extracted successfully",
      };
    }
    const zip = new ZipWriter();
    for (const image of result.images) zip.add(imageName(image), image.bytes);
    budget.take(
      result.images.reduce((s, i) => s + i.bytes.length + 100, 0),
      "The ZIP of the extracted images",
    );
    return {
      outputs: [
        {
          ok: true,
          bytes: zip.finish(),
          fileName: derivedName(file.name, "images", ".zip"),
          contentType: "application/zip",
          originalName: file.name,
          message,
          extra: { imageCount: n },
        },
      ],
      message: "Images extracted successfully",
    };
  },
};
