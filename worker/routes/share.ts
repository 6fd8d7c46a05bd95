import { and, eq, lt } from "drizzle-orm";
import { Hono } from "hono";
import { SHARE_EXPIRY, ShareBody } from "../../schema/api";
import { fileHistory, type Result, shares } from "../../schema/db";
import type { AppContext, AppEnv } from "../env";
import { AppError, isAppError } from "../errors";
import { getDb } from "../services/db";
import { guestKey } from "../services/guest";
import { randomId } from "../services/ids";
import { publicOrigin } from "../services/origin";
import { brake } from "../services/rate-limit";
import { extendResult, findResult, getResult, isExpired, MAX_RESULT_LIFE_MS, resultIdOf } from "../services/storage";
import { resolveViewer, type Viewer } from "../services/viewer";
import { readJson } from "../validation";

export const SHARE_NOT_FOUND = "File not found or has been removed";
export const SHARE_EXPIRED = "This shared file has expired";

const SHARE_ID = /^[A-Za-z0-9_-]{32}$/;

async function findShare(db: ReturnType<typeof getDb>, shareId: string, now: Date) {
  if (!SHARE_ID.test(shareId)) throw new AppError("not_found", SHARE_NOT_FOUND);
  const [share] = await db.select().from(shares).where(eq(shares.id, shareId)).limit(1);
  if (!share) throw new AppError("not_found", SHARE_NOT_FOUND);
  if (share.expiresAt.getTime() <= now.getTime()) throw new AppError("gone", SHARE_EXPIRED);
  return share;
}

/** Whether the asker made this result: its account, or (for a guest's result) the browser that made it. */
async function madeBy(c: AppContext, viewer: Viewer, row: Result): Promise<boolean> {
  if (row.userId !== null) return viewer.kind === "user" && viewer.userId === row.userId;
  if (!row.guestKey) return false;
  const mine = await guestKey(c);
  if (!mine) return false;
  const a = new TextEncoder().encode(mine);
  const b = new TextEncoder().encode(row.guestKey);
  return a.length === b.length && crypto.subtle.timingSafeEqual(a, b);
}

export const share = new Hono<AppEnv>()
  /**
   * POST /api/share { downloadUrl, expiresIn? }: a public link that lasts 1 hour, 24 hours or 7
   * days, never past the result's own life cap. Only the maker of a result may share it.
   */
  .post("/share", async (c) => {
    const body = await readJson(c, ShareBody);
    const now = new Date();
    const viewer = await resolveViewer(c);
    await brake(
      c.env.SHARE_LIMITER,
      viewer.kind === "user" ? `user:${viewer.userId}` : viewer.clientKey,
      "Too many share links made in the last minute. Please wait a minute and try again.",
    );
    const resultId = resultIdOf(body.downloadUrl);
    const row = resultId ? await findResult(c.env.DB, resultId) : null;
    if (!row) throw new AppError("not_found", SHARE_NOT_FOUND);
    if (isExpired(row, now)) throw new AppError("gone", "This file has expired and can no longer be shared");
    if (!(await madeBy(c, viewer, row))) {
      throw new AppError(
        "forbidden",
        "Only the person who made this file can share it. Convert the file yourself to get a link of your own.",
      );
    }
    const wanted = now.getTime() + SHARE_EXPIRY[body.expiresIn];
    const expiresAt = new Date(Math.min(wanted, row.createdAt.getTime() + MAX_RESULT_LIFE_MS));
    // The stored result must outlive its link (only its row changes).
    const resultExpiresAt = await extendResult(c.env.DB, row, expiresAt);
    const db = getDb(c.env.DB);
    if (viewer.kind === "user") {
      // The maker's history keeps offering the download for as long as the link lives.
      await db
        .update(fileHistory)
        .set({ expiresAt: resultExpiresAt })
        .where(
          and(
            eq(fileHistory.userId, viewer.userId),
            eq(fileHistory.downloadUrl, body.downloadUrl),
            lt(fileHistory.expiresAt, resultExpiresAt),
          ),
        );
    }
    const shareId = randomId(24);
    await db.insert(shares).values({
      id: shareId,
      resultId: row.id,
      userId: viewer.kind === "user" ? viewer.userId : null,
      fileName: row.fileName,
      contentType: row.contentType,
      size: row.size,
      createdAt: now,
      expiresAt,
    });
    return c.json(
      { shareId, shareUrl: `${publicOrigin(c)}/shared/${shareId}`, expiresAt: expiresAt.toISOString() },
      201,
    );
  })
  /** GET /api/shared/{id}/info: what the public page shows; 404 unknown, 410 expired. */
  .get("/shared/:shareId/info", async (c) => {
    const now = new Date();
    const s = await findShare(getDb(c.env.DB), c.req.param("shareId"), now);
    const row = await findResult(c.env.DB, s.resultId);
    if (!row) throw new AppError("gone", SHARE_EXPIRED);
    if (isExpired(row, now)) throw new AppError("gone", SHARE_EXPIRED);
    return c.json({
      fileName: s.fileName,
      // When the file was made, not when the link was.
      uploadTime: row.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      fileExpiresAt: row.expiresAt.toISOString(),
      size: s.size,
      contentType: s.contentType,
    });
  })
  /** GET /api/shared/{id}/download: the file itself, with its name. */
  .get("/shared/:shareId/download", async (c) => {
    const now = new Date();
    const s = await findShare(getDb(c.env.DB), c.req.param("shareId"), now);
    const { object, row } = await getResult(c.env, s.resultId, now).catch((err) => {
      if (isAppError(err) && (err.code === "gone" || err.code === "not_found"))
        throw new AppError("gone", SHARE_EXPIRED);
      throw err;
    });
    const headers = new Headers();
    object.writeHttpMetadata(headers);
    headers.set("Content-Type", row.contentType || "application/octet-stream");
    headers.set("Content-Length", String(object.size));
    headers.set("Cache-Control", "private, no-store");
    return new Response(object.body, { headers });
  });
