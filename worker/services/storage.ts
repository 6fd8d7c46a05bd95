import { AppError, asUnavailable } from "../errors";
import { contentDisposition } from "./filenames";
import { ID_PATTERN, randomId } from "./ids";

/**
 * Results live in R2 under an unguessable id, with their expiry in the object's metadata so
 * every read can refuse an expired object even before the cron sweep deletes it.
 */
const PREFIX = "results/";

export interface ResultMeta {
  fileName: string;
  contentType: string;
  tool: string;
  originalName: string;
  /** The user id, or "" for guests. */
  owner: string;
  createdAt: string;
  expiresAt: string;
}

export interface StoredResult {
  id: string;
  downloadUrl: string;
  expiresAt: Date;
  size: number;
}

export function resultKey(id: string): string {
  return `${PREFIX}${id}`;
}

export function downloadUrl(id: string): string {
  return `/api/download/${id}`;
}

export async function putResult(
  bucket: R2Bucket,
  input: {
    bytes: Uint8Array;
    fileName: string;
    contentType: string;
    tool: string;
    originalName: string;
    owner: string | number | null;
  },
  now: Date,
  ttlMs: number,
): Promise<StoredResult> {
  const id = randomId();
  const expiresAt = new Date(now.getTime() + ttlMs);
  const meta: ResultMeta = {
    fileName: input.fileName,
    contentType: input.contentType,
    tool: input.tool,
    originalName: input.originalName,
    owner: input.owner === null ? "" : String(input.owner),
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
  await bucket.put(resultKey(id), input.bytes, {
    httpMetadata: { contentType: input.contentType, contentDisposition: contentDisposition(input.fileName) },
    customMetadata: { ...meta },
  });
  return { id, downloadUrl: downloadUrl(id), expiresAt, size: input.bytes.byteLength };
}

export function isExpired(meta: Pick<ResultMeta, "expiresAt">, now: Date): boolean {
  const t = Date.parse(meta.expiresAt);
  return !Number.isFinite(t) || t <= now.getTime();
}

export const NOT_FOUND_MESSAGE = "File not found or has been removed";

function readFailed(err: unknown): never {
  throw asUnavailable(err, "Please try again in a moment.");
}
export const EXPIRED_MESSAGE = "This file has expired";

/** Reads a result for download: 404 for unknown ids, 410 once expired; never an expired body. */
export async function getResult(
  bucket: R2Bucket,
  id: string,
  now: Date,
): Promise<{ object: R2ObjectBody; meta: ResultMeta }> {
  if (!ID_PATTERN.test(id)) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const object = await bucket.get(resultKey(id)).catch(readFailed);
  if (!object) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const meta = object.customMetadata as unknown as ResultMeta;
  if (isExpired(meta, now)) {
    await object.body.cancel();
    throw new AppError("gone", EXPIRED_MESSAGE);
  }
  return { object, meta };
}

/** Reads only the metadata (no body): for share links and the history page. */
export async function headResult(bucket: R2Bucket, id: string): Promise<{ meta: ResultMeta; size: number } | null> {
  if (!ID_PATTERN.test(id)) return null;
  const head = await bucket.head(resultKey(id)).catch(readFailed);
  return head ? { meta: head.customMetadata as unknown as ResultMeta, size: head.size } : null;
}

/** Moves a result's expiry (share links extend it); keeps the bytes and the other metadata. */
export async function extendResult(bucket: R2Bucket, id: string, expiresAt: Date): Promise<void> {
  const object = await bucket.get(resultKey(id));
  if (!object) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const meta = object.customMetadata as unknown as ResultMeta;
  if (Date.parse(meta.expiresAt) >= expiresAt.getTime()) {
    await object.body.cancel();
    return;
  }
  // R2 needs a known length for a stream; results are bounded (25 MB), so read them whole.
  await bucket.put(resultKey(id), await object.arrayBuffer(), {
    httpMetadata: object.httpMetadata,
    customMetadata: { ...meta, expiresAt: expiresAt.toISOString() },
  });
}

export async function deleteResults(bucket: R2Bucket, ids: string[]): Promise<void> {
  if (ids.length > 0) await bucket.delete(ids.map(resultKey));
}
