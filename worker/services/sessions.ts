import { timingSafeEqual } from "node:crypto";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { sessions, type User, users } from "../../schema/db";
import type { Db } from "./db";

/**
 * Sessions: 25 random bytes go to the client as the token; the table keeps only its SHA-256.
 * They last 30 days from the last use, extended at most once an hour.
 */
export const SESSION_TTL_MS = 30 * 24 * 3600_000;
const EXTEND_AFTER_MS = 3600_000;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(25);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

const TOKEN_PATTERN = /^[a-z2-7]{40}$/;

export async function createSession(
  db: Db,
  userId: number,
  meta: { ipAddress: string | null; userAgent: string | null },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    userId,
    sessionToken: hashToken(token),
    expiresAt,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
  });
  return { token, expiresAt };
}

export interface ValidSession {
  sessionId: number;
  user: User;
}

/** The session and its user for a token, or null when unknown or expired (expired rows are removed). */
export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<ValidSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const hash = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.sessionToken, hash))
    .limit(1);
  if (!row) return null;
  // The index lookup already matched; compare again in constant time before trusting it.
  if (!timingSafeEqual(Buffer.from(row.session.sessionToken), Buffer.from(hash))) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (row.session.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - EXTEND_AFTER_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.session.id));
  }
  return { sessionId: row.session.id, user: row.user };
}

export async function invalidateSession(db: Db, token: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return;
  await db.delete(sessions).where(eq(sessions.sessionToken, hashToken(token)));
}
