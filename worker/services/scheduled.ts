import { lt } from "drizzle-orm";
import { sessions } from "../../schema/db";
import { getDb } from "./db";
import { sweepThrottle } from "./throttle";

/**
 * The cron sweep. Each step deletes only what has expired, so running it twice at once or
 * twice in a row is harmless.
 */
export async function runScheduled(env: Env, now: Date): Promise<{ sessions: number; throttle: number }> {
  const db = getDb(env.DB);
  const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const throttle = await sweepThrottle(env.DB, now);
  return { sessions: deleted.length, throttle };
}
