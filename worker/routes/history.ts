import { count, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import type { HistoryItem } from "../../schema/api";
import { fileHistory } from "../../schema/db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { getDb } from "../services/db";
import { eraseHistoryItem } from "../services/erasure";
import { resolveViewer } from "../services/viewer";
import { parseWith } from "../validation";

/** A query parameter that must be a whole number from 1 to `max`, with one message for every way it is not. */
const wholeNumber = (name: string, max: number) => {
  const message = `${name} must be a whole number from 1 to ${max.toLocaleString("en-US")}.`;
  return v.pipe(
    v.string(message),
    v.toNumber(message),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(max, message),
  );
};

const Query = v.object({
  page: v.optional(wholeNumber("page", 10_000), "1"),
  pageSize: v.optional(wholeNumber("pageSize", 100), "20"),
});

/** The stored list of inputs, or the one original name when there is none (or it cannot be read). */
function sourcesOf(stored: string | null, original: string): string[] {
  if (!stored) return [original];
  try {
    const names: unknown = JSON.parse(stored);
    if (Array.isArray(names) && names.length > 0 && names.every((n) => typeof n === "string")) return names;
  } catch {
    // A row written by hand (wrangler d1 execute) may hold anything: its one name still stands.
  }
  return [original];
}

const ItemId = v.object({ id: wholeNumber("The history item id", Number.MAX_SAFE_INTEGER) });

export const history = new Hono<AppEnv>()
  /** DELETE /api/history/{id}: deletes one of the signed-in user's items, its result and share links. */
  .delete("/history/:id", async (c) => {
    const viewer = await resolveViewer(c);
    if (viewer.kind !== "user") throw new AppError("unauthorized", "Please sign in to manage your file history");
    const { id } = parseWith(ItemId, { id: c.req.param("id") });
    if (!(await eraseHistoryItem(c.env, viewer.userId, id, new Date()))) {
      throw new AppError("not_found", "This item is not in your file history.");
    }
    return c.json({ success: true });
  })
  /** GET /api/history: the signed-in user's own conversions, newest first, paged. */
  .get("/history", async (c) => {
    const viewer = await resolveViewer(c);
    if (viewer.kind !== "user") throw new AppError("unauthorized", "Please sign in to see your file history");
    const { page, pageSize } = parseWith(Query, c.req.query());
    const db = getDb(c.env.DB);
    const mine = eq(fileHistory.userId, viewer.userId);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(fileHistory)
        .where(mine)
        .orderBy(desc(fileHistory.createdAt), desc(fileHistory.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(fileHistory).where(mine),
    ]);
    const now = Date.now();
    const items: HistoryItem[] = rows.map((r) => ({
      id: r.id,
      conversionType: r.conversionType,
      originalFilename: r.originalFilename,
      sourceFilenames: sourcesOf(r.sourceFilenames, r.originalFilename),
      convertedFilename: r.convertedFilename,
      fileSize: r.fileSize,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt?.toISOString() ?? null,
      downloadUrl: r.downloadUrl && r.expiresAt && r.expiresAt.getTime() > now ? r.downloadUrl : null,
    }));
    return c.json({ items, page, pageSize, total });
  });
