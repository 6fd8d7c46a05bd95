import { and, eq, lt } from "drizzle-orm";
import { Hono } from "hono";
import { SHARE_EXPIRY, ShareBody } from "../../schema/api";
import { fileHistory, shares } from "../../schema/db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { getDb } from "../services/db";
import { randomId } from "../services/ids";
import { extendResult, getResult, headResult, isExpired } from "../services/storage";
import { resolveViewer } from "../services/viewer";
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

export const share = new Hono<AppEnv>()
  /** POST /api/share { downloadUrl, expiresIn? }: a public link that lasts 1 hour, 24 hours or 7 days. */
  .post("/share", async (c) => {
    const body = await readJson(c, ShareBody);
    const now = new Date();
    const resultId = body.downloadUrl.slice("/api/download/".length);
    const head = await headResult(c.env.FILES, resultId);
    if (!head) throw new AppError("not_found", SHARE_NOT_FOUND);
    if (isExpired(head.meta, now)) throw new AppError("gone", "This file has expired and can no longer be shared");
    const expiresAt = new Date(now.getTime() + SHARE_EXPIRY[body.expiresIn]);
    // The stored result must outlive its link.
    await extendResult(c.env.FILES, resultId, expiresAt);
    const viewer = await resolveViewer(c);
    const shareId = randomId(24);
    const db = getDb(c.env.DB);
    // The owner's history keeps offering the download for as long as the link lives.
    await db
      .update(fileHistory)
      .set({ expiresAt })
      .where(and(eq(fileHistory.downloadUrl, body.downloadUrl), lt(fileHistory.expiresAt, expiresAt)));
    await db.insert(shares).values({
      id: shareId,
      resultId,
      userId: viewer.kind === "user" ? viewer.userId : null,
      fileName: head.meta.fileName,
      contentType: head.meta.contentType,
      size: head.size,
      createdAt: now,
      expiresAt,
    });
    const origin = new URL(c.req.url).origin;
    return c.json({ shareId, shareUrl: `${origin}/shared/${shareId}`, expiresAt: expiresAt.toISOString() }, 201);
  })
  /** GET /api/shared/{id}/info: what the public page shows; 404 unknown, 410 expired. */
  .get("/shared/:shareId/info", async (c) => {
    const now = new Date();
    const s = await findShare(getDb(c.env.DB), c.req.param("shareId"), now);
    const head = await headResult(c.env.FILES, s.resultId);
    if (!head) throw new AppError("not_found", SHARE_NOT_FOUND);
    if (isExpired(head.meta, now)) throw new AppError("gone", SHARE_EXPIRED);
    return c.json({
      fileName: s.fileName,
      // When the file was made, not when the link was.
      uploadTime: head.meta.createdAt,
      expiresAt: s.expiresAt.toISOString(),
      size: s.size,
      contentType: s.contentType,
    });
  })
  /** GET /api/shared/{id}/download: the file itself, with its name. */
  .get("/shared/:shareId/download", async (c) => {
    const now = new Date();
    const s = await findShare(getDb(c.env.DB), c.req.param("shareId"), now);
    const { object, meta } = await getResult(c.env.FILES, s.resultId, now).catch((err) => {
      if (err instanceof AppError && err.code === "gone") throw new AppError("gone", SHARE_EXPIRED);
      throw err;
    });
    const headers = new Headers();
    object.writeHttpMetadata(headers);
    headers.set("Content-Type", meta.contentType || "application/octet-stream");
    headers.set("Content-Length", String(object.size));
    headers.set("Cache-Control", "private, no-store");
    return new Response(object.body, { headers });
  });
