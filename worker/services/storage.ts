import { and, eq, inArray, lt } from "drizzle-orm";
import { type Result, results } from "../../schema/db";
import { AppError, asUnavailable } from "../errors";
import { getDb } from "./db";
import { contentDisposition } from "./filenames";
import { ID_PATTERN, randomId } from "./ids";

/**
 * Results: the bytes live in R2 under an unguessable id; who made each one and when it goes live
 * in D1's `results` table, which downloads, shares, deletions and the expiry sweep all read. A
 * result's life is capped from its creation, whatever is shared: no link keeps it past that.
 */
const PREFIX = "results/";

/** The longest a result lives from its creation (the longest share link is 7 days). */
export const MAX_RESULT_LIFE_MS = 7 * 24 * 3600_000;
/** R2 deletes at most this many keys per call. */
const R2_DELETE_BATCH = 1000;
/** D1 binds at most 100 values per statement. */
const D1_BATCH = 100;

/** Who made a result: an account, or a guest's browser (a keyed hash of its guest cookie). */
export interface ResultOwner {
  userId: number | null;
  guestKey: string | null;
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

/** The id in "/api/download/{id}", or null for anything else. */
export function resultIdOf(url: string): string | null {
  const m = /^\/api\/download\/([^/?#]+)$/.exec(url);
  return m && ID_PATTERN.test(m[1]) ? m[1] : null;
}

function lifeCap(createdAt: Date): Date {
  return new Date(createdAt.getTime() + MAX_RESULT_LIFE_MS);
}

export async function putResult(
  env: Pick<Env, "FILES" | "DB">,
  input: { bytes: Uint8Array; fileName: string; contentType: string; tool: string; originalName: string },
  owner: ResultOwner,
  now: Date,
  ttlMs: number,
): Promise<StoredResult> {
  const id = randomId();
  const expiresAt = new Date(Math.min(now.getTime() + ttlMs, lifeCap(now).getTime()));
  const db = getDb(env.DB);
  // The row first: a result whose bytes failed to arrive is a row the sweep removes; bytes
  // without a row would be a file nobody could find or delete.
  await db.insert(results).values({
    id,
    userId: owner.userId,
    guestKey: owner.guestKey,
    tool: input.tool,
    fileName: input.fileName,
    originalName: input.originalName,
    contentType: input.contentType,
    size: input.bytes.byteLength,
    createdAt: now,
    expiresAt,
  });
  try {
    await env.FILES.put(resultKey(id), input.bytes, {
      httpMetadata: { contentType: input.contentType, contentDisposition: contentDisposition(input.fileName) },
      // The bucket's own record of the latest moment this object may exist: the second sweep
      // (and the R2 lifecycle rule) go by it when the table is not there to ask.
      customMetadata: { deleteBy: lifeCap(now).toISOString() },
    });
  } catch (err) {
    await db
      .delete(results)
      .where(eq(results.id, id))
      .catch(() => {});
    throw err;
  }
  return { id, downloadUrl: downloadUrl(id), expiresAt, size: input.bytes.byteLength };
}

export function isExpired(row: Pick<Result, "expiresAt">, now: Date): boolean {
  return row.expiresAt.getTime() <= now.getTime();
}

export const NOT_FOUND_MESSAGE = "File not found or has been removed";
export const EXPIRED_MESSAGE = "This file has expired";

function readFailed(err: unknown): never {
  throw asUnavailable(err, "Please try again in a moment.");
}

/** A result's row, or null when the id is malformed or unknown. */
export async function findResult(d1: D1Database, id: string): Promise<Result | null> {
  if (!ID_PATTERN.test(id)) return null;
  const [row] = await getDb(d1).select().from(results).where(eq(results.id, id)).limit(1).catch(readFailed);
  return row ?? null;
}

/** A live result's row: 404 for unknown ids, 410 once expired. */
export async function liveResult(d1: D1Database, id: string, now: Date): Promise<Result> {
  const row = await findResult(d1, id);
  if (!row) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  if (isExpired(row, now)) throw new AppError("gone", EXPIRED_MESSAGE);
  return row;
}

/** Reads a result for download: 404 for unknown ids, 410 once expired; never an expired body. */
export async function getResult(
  env: Pick<Env, "FILES" | "DB">,
  id: string,
  now: Date,
): Promise<{ object: R2ObjectBody; row: Result }> {
  const row = await liveResult(env.DB, id, now);
  const object = await env.FILES.get(resultKey(id)).catch(readFailed);
  if (!object) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  return { object, row };
}

/**
 * Keeps a result until `until` (share links extend it), never past its life cap; only the row
 * changes, the object is not written again. Returns the expiry it now has.
 */
export async function extendResult(d1: D1Database, row: Result, until: Date): Promise<Date> {
  const target = new Date(Math.min(until.getTime(), lifeCap(row.createdAt).getTime()));
  if (target.getTime() <= row.expiresAt.getTime()) return row.expiresAt;
  await getDb(d1)
    .update(results)
    .set({ expiresAt: target })
    .where(and(eq(results.id, row.id), lt(results.expiresAt, target)));
  return target;
}

/** Deletes results, bytes first (in batches R2 accepts), then their rows. */
export async function deleteResults(env: Pick<Env, "FILES" | "DB">, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += R2_DELETE_BATCH) {
    await env.FILES.delete(ids.slice(i, i + R2_DELETE_BATCH).map(resultKey));
  }
  const db = getDb(env.DB);
  for (let i = 0; i < ids.length; i += D1_BATCH) {
    await db.delete(results).where(inArray(results.id, ids.slice(i, i + D1_BATCH)));
  }
}
