import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { compressionExtra, formatBytes, formatSize, savingMessage } from "../image/compress/report";
import { type CompressedPdf, compressPdf, imagesQuality } from "../pdf/compress/compress";
import type { OptionsReport } from "../pdf/compress/document-options";
import { targetExtra, targetSentence } from "./compress-report";
import { convertEach } from "./each-file";
import type { Tool } from "./types";

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What each option did, in the words of the message ("metadata removed, 3 thumbnails removed"). */
export function optionNotes(r: OptionsReport): string[] {
  const notes: string[] = [];
  const g = r.grayscale;
  if (g) {
    const kept: string[] = [];
    if (g.keptJpx) kept.push(`${plural(g.keptJpx, "JPEG 2000 image")} (not decodable here)`);
    if (g.keptLarge) kept.push(`${plural(g.keptLarge, "image")} too large to convert here`);
    if (g.keptOther) kept.push(`${plural(g.keptOther, "image")} that could not be read`);
    if (g.keptShadings) kept.push(`${plural(g.keptShadings, "gradient")} that could not be read`);
    if (g.keptContent) kept.push(`${plural(g.keptContent, "content stream")} too damaged to read`);
    notes.push(kept.length ? `converted to grayscale, except ${kept.join(", ")}` : "converted to grayscale");
  }
  if (r.metadata?.removed) {
    notes.push(
      r.metadata.pdfa
        ? `metadata removed (this file claimed PDF/A-${r.metadata.pdfa} conformance, which needs its metadata: it no longer conforms)`
        : "metadata removed",
    );
  }
  if (r.thumbnails) notes.push(`${plural(r.thumbnails, "thumbnail")} removed`);
  if (r.attachments?.files) {
    const a = r.attachments;
    notes.push(
      `${plural(a.files, "attachment")} removed${a.associated ? " (associated files of the document: an electronic invoice, such as ZUGFeRD or Factur-X, loses its data)" : ""}`,
    );
  }
  if (r.unusedResources) notes.push(`${plural(r.unusedResources, "unused page resource")} removed`);
  return notes;
}

/** Compress PDF: each file on its own; a damaged or locked file fails only itself. */
export const compressPdfTool: Tool<OptionsOf<"compress-pdf">> = {
  tool: "compress-pdf",
  conversionType: "compress-pdf",
  async run(
    files,
    { level, targetSize, grayscale, removeMetadata, removeThumbnails, removeAttachments, removeUnused },
    budget,
  ) {
    const { outputs, errors } = await convertEach(files, async (f) => {
      const r = await compressPdf(f.bytes, {
        level,
        targetSize,
        name: f.name,
        password: f.password,
        budget,
        grayscale,
        removeMetadata,
        removeThumbnails,
        removeAttachments,
        removeUnused,
      });
      const before = f.bytes.length;
      const images =
        r.images.recompressed > 0
          ? `, ${r.images.recompressed} image${r.images.recompressed === 1 ? "" : "s"} re-encoded`
          : "";
      const fonts = r.fontsSubset > 0 ? `, ${r.fontsSubset} font${r.fontsSubset === 1 ? "" : "s"} subset` : "";
      return {
        ok: true,
        bytes: r.bytes,
        fileName: derivedName(f.name, "compressed", ".pdf"),
        contentType: "application/pdf",
        originalName: f.name,
        message: pdfMessage(r, before, `${r.target ? "" : level}${images}${fonts}`),
        extra: {
          ...compressionExtra(before, r.bytes.length),
          pageCount: r.pageCount,
          fontsSubset: r.fontsSubset,
          ...targetExtra(imagesQuality(r.images), r.target),
        },
      };
    });
    if (errors.length === outputs.length) throw errors[0];
    return { outputs, message: "Files processed successfully" };
  },
};

/**
 * "Saved 40%: ... (recommended, 3 images re-encoded, 2 fonts subset; metadata removed)", with the
 * target's sentence first when one was asked.
 */
function pdfMessage(r: CompressedPdf, before: number, what: string): string {
  const notes = optionNotes(r.options);
  const asked = notes.length ? `; ${notes.join(", ")}` : "";
  const detail = `${what.replace(/^, /, "")}${asked}`.replace(/^; /, "");
  const size =
    r.bytes.length < before
      ? savingMessage(before, r.bytes.length)
      : `${formatBytes(before)} to ${formatBytes(r.bytes.length)}`;
  const done = r.unchanged
    ? "Already optimised: returned unchanged"
    : r.repaired
      ? `This PDF was damaged and could not be made smaller: here is a repaired copy (${formatBytes(before)} to ${formatBytes(r.bytes.length)}${asked})`
      : `${size}${detail ? ` (${detail})` : ""}`;
  if (!r.target) return done;
  if (r.target.met && r.unchanged) return `Already under ${formatSize(r.target.size)}: returned unchanged`;
  return `${targetSentence(r.target)}. ${done}`;
}
