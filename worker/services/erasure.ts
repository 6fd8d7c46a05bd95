import { and, eq, gt, inArray, isNotNull, notInArray } from "drizzle-orm";
import { fileHistory, results, shares, subscriptions, type User, users } from "../../schema/db";
import { AppError } from "../errors";
import { getDb } from "./db";
import { deleteResults, resultIdOf } from "./storage";
import { stripeClient } from "./stripe";
import { clearAttempts } from "./throttle";

/** D1 binds at most 100 values per statement. */
const D1_BATCH = 100;

/**
 * Share links of deleted results stop at once: they answer 410 ("This shared file has expired")
 * until the sweep removes them.
 */
async function endShares(d1: D1Database, resultIds: string[], now: Date): Promise<void> {
  const db = getDb(d1);
  for (let i = 0; i < resultIds.length; i += D1_BATCH) {
    await db
      .update(shares)
      .set({ expiresAt: now })
      .where(and(inArray(shares.resultId, resultIds.slice(i, i + D1_BATCH)), gt(shares.expiresAt, now)));
  }
}

/** Deletes one history item of `userId`: its result, its share links and its row. False if it is not theirs. */
export async function eraseHistoryItem(
  env: Pick<Env, "DB" | "FILES">,
  userId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  const db = getDb(env.DB);
  const [item] = await db
    .select()
    .from(fileHistory)
    .where(and(eq(fileHistory.id, id), eq(fileHistory.userId, userId)))
    .limit(1);
  if (!item) return false;
  const resultId = item.downloadUrl ? resultIdOf(item.downloadUrl) : null;
  if (resultId) {
    // Only a result this account made: a history row never reaches someone else's file.
    const [own] = await db
      .select({ id: results.id })
      .from(results)
      .where(and(eq(results.id, resultId), eq(results.userId, userId)))
      .limit(1);
    if (own) {
      await endShares(env.DB, [resultId], now);
      await deleteResults(env, [resultId]);
    }
  }
  await db.delete(fileHistory).where(and(eq(fileHistory.id, id), eq(fileHistory.userId, userId)));
  return true;
}

/** Subscription states Stripe still bills (or may bill): cancelled before the account goes. */
const ENDED = ["canceled", "incomplete_expired"];

async function cancelSubscriptions(env: Env, userId: number): Promise<void> {
  const db = getDb(env.DB);
  const live = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNotNull(subscriptions.stripeSubscriptionId),
        notInArray(subscriptions.status, ENDED),
      ),
    );
  if (live.length === 0) return;
  const stripe = stripeClient(env, "Subscriptions");
  for (const sub of live) {
    try {
      await stripe.subscriptions.cancel(sub.stripeSubscriptionId as string);
    } catch (err) {
      console.error("cancelling a subscription before erasure failed", err);
      throw new AppError(
        "upstream_failed",
        "Your Premium subscription could not be cancelled with the payment provider, so nothing was deleted. Please try again in a moment.",
      );
    }
    await db
      .update(subscriptions)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id));
  }
}

/**
 * Deletes an account and everything it made: its live subscription is cancelled first (nothing
 * is deleted if that fails), then its results and their share links, history, sessions and
 * sign-in counters, and the account itself. Payment records stay, without the link to the
 * person (users.id is set null on them), because tax law requires them to be kept.
 */
export async function eraseAccount(env: Env, user: User, now: Date): Promise<void> {
  await cancelSubscriptions(env, user.id);
  const db = getDb(env.DB);
  for (;;) {
    const batch = await db.select({ id: results.id }).from(results).where(eq(results.userId, user.id)).limit(1000);
    if (batch.length === 0) break;
    const ids = batch.map((r) => r.id);
    await endShares(env.DB, ids, now);
    await deleteResults(env, ids);
  }
  await db
    .update(shares)
    .set({ expiresAt: now })
    .where(and(eq(shares.userId, user.id), gt(shares.expiresAt, now)));
  await clearAttempts(env, "login-account", user.email);
  // History, sessions and subscriptions go with the row (ON DELETE CASCADE); payments keep no link.
  await db.delete(users).where(eq(users.id, user.id));
}
