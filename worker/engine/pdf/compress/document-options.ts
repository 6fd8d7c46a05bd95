import type { PDFDocument, PDFObject } from "@cantoo/pdf-lib";
import type { Budget } from "../../core/budget";
import {
  type AttachmentRemoval,
  dropOrphans,
  type MetadataRemoval,
  removeAttachments,
  removeMetadata,
  removeThumbnails,
} from "./cleanup";
import { type GrayscaleReport, grayscaleDocument } from "./gray/grayscale";
import { pruneResources } from "./prune";

/** Compress PDF's options beyond the level (schema/options.ts CompressPdfOptions: the same names and defaults). */
export interface DocumentOptions {
  grayscale?: boolean;
  removeMetadata?: boolean;
  /** Default true. */
  removeThumbnails?: boolean;
  removeAttachments?: boolean;
  /** Default true: unreferenced objects dropped, unused page resources removed. */
  removeUnused?: boolean;
}

export interface OptionsReport {
  metadata: MetadataRemoval | null;
  thumbnails: number;
  attachments: AttachmentRemoval | null;
  /** Resource entries pages listed but never used. */
  unusedResources: number;
  grayscale: GrayscaleReport | null;
  /** Something was asked for and done: the output must come back even if it is not smaller. */
  changed: boolean;
}

/**
 * The removals and the grey conversion, before the lossless steps (which then drop what these
 * left unreferenced). With removeUnused off, only what these steps detached is dropped.
 */
export async function applyDocumentOptions(
  doc: PDFDocument,
  opts: DocumentOptions,
  job: { budget?: Budget; name?: string },
): Promise<OptionsReport> {
  const detached: PDFObject[] = [];
  const thumbnails = opts.removeThumbnails === false ? 0 : removeThumbnails(doc, detached);
  const metadata = opts.removeMetadata ? removeMetadata(doc, detached) : null;
  const attachments = opts.removeAttachments ? removeAttachments(doc, detached) : null;
  job.budget?.check();
  const grayscale = opts.grayscale ? await grayscaleDocument(doc, job) : null;
  const keepUnused = opts.removeUnused === false;
  const unusedResources = keepUnused ? 0 : await pruneResources(doc, job.budget);
  if (keepUnused) dropOrphans(doc.context, detached);
  const converted = grayscale ? grayscale.images + grayscale.streams + grayscale.shadings > 0 : false;
  return {
    metadata,
    thumbnails,
    attachments,
    unusedResources,
    grayscale,
    changed: thumbnails > 0 || !!metadata?.removed || !!attachments?.files || converted,
  };
}
