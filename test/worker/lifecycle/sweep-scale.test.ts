import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SWEEP_LIMITS, type SweepLimits, sweepResults, sweepStrays } from "../../../worker/services/scheduled";
import { resultKey } from "../../../worker/services/storage";

/**
 * Files are promised deleted after 24 hours, and that must hold with tens of thousands of
 * results: the sweep used to list the bucket from its first key every run, 20,000 keys at most,
 * so results past that were never reached (32,066 results, the last 7,066 expired: three sweeps
 * deleted none). Here the expired ones are, again, the last keys. The sweep's limits are a tenth
 * of production's (pages and batches of 100 keys, not 1,000), and so are the counts: the same
 * limits are reached with a tenth of the objects (the whole scale took three minutes).
 */
const SCALE = 10;
const LIMITS: SweepLimits = { ...SWEEP_LIMITS, batch: SWEEP_LIMITS.batch / SCALE };
const PAGE_RUN = LIMITS.batch * LIMITS.listPages;
const TOTAL = Math.round(32_066 / SCALE);
const EXPIRED = Math.round(7_066 / SCALE);
const HOUR = 3600_000;

const idOf = (i: number) => `sweep${String(i).padStart(38, "0")}`;

async function store(first: number, count: number, expiresAt: number, withRow = true) {
  const now = Date.now();
  const ids = Array.from({ length: count }, (_, k) => idOf(first + k));
  // R2 in parallel batches; rows 100 a statement (D1's bound-value limit), many statements a batch.
  for (let i = 0; i < ids.length; i += 500) {
    await Promise.all(
      ids.slice(i, i + 500).map((id) =>
        env.FILES.put(resultKey(id), "x", {
          customMetadata: { deleteBy: new Date(withRow ? now + 7 * 24 * HOUR : expiresAt).toISOString() },
        }),
      ),
    );
  }
  if (!withRow) return;
  const statements = [];
  for (let i = 0; i < ids.length; i += 10) {
    const chunk = ids.slice(i, i + 10);
    statements.push(
      env.DB.prepare(
        `INSERT INTO results (id, tool, fileName, originalName, contentType, size, createdAt, expiresAt) VALUES ${chunk
          .map(
            (_, k) =>
              `(?${k * 3 + 1}, 'rotate-pdf', 'a.pdf', 'a.pdf', 'application/pdf', 1, ?${k * 3 + 2}, ?${k * 3 + 3})`,
          )
          .join(", ")}`,
      ).bind(...chunk.flatMap((id) => [id, expiresAt - 24 * HOUR, expiresAt])),
    );
  }
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
}

async function countObjects(): Promise<number> {
  let n = 0;
  let cursor: string | undefined;
  do {
    const list = await env.FILES.list({ prefix: "results/", cursor, limit: 1000 });
    n += list.objects.length;
    cursor = list.truncated ? list.cursor : undefined;
  } while (cursor);
  return n;
}

describe("the expiry sweep at scale", () => {
  it(`deletes all ${EXPIRED.toLocaleString("en-US")} expired results of ${TOTAL.toLocaleString("en-US")} in one run, the last keys included`, {
    timeout: 300_000,
  }, async () => {
    const now = Date.now();
    // Other files' tests share the bucket and the table: what they left expired goes first, and
    // what stays is counted as the baseline.
    await sweepResults(env, new Date(now), LIMITS);
    const base = await countObjects();
    await store(0, TOTAL - EXPIRED, now + 12 * HOUR);
    await store(TOTAL - EXPIRED, EXPIRED, now - HOUR);
    expect(await countObjects()).toBe(base + TOTAL);

    expect(await sweepResults(env, new Date(now), LIMITS)).toBe(EXPIRED);
    expect(await countObjects()).toBe(base + TOTAL - EXPIRED);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n, min(expiresAt) AS soonest FROM results WHERE id LIKE 'sweep%'",
    ).first<{
      n: number;
      soonest: number;
    }>();
    expect(rows?.n).toBe(TOTAL - EXPIRED);
    expect(rows?.soonest).toBeGreaterThan(now);
    // Nothing is due any more: a second run finds nothing.
    expect(await sweepResults(env, new Date(now), LIMITS)).toBe(0);
  });

  it("walks the bucket on from where it stopped, so objects the table does not know are reached too", {
    timeout: 300_000,
  }, async () => {
    const now = Date.now();
    // More live objects than one run's 20 pages (2,050 at this scale), then, in key order after them,
    // objects stored before the table existed (or whose row was lost): only their own metadata
    // says when they go.
    await store(100_000, Math.round(20_500 / SCALE), now + 12 * HOUR, false);
    const strays = Array.from({ length: 30 }, (_, i) => `zstray${String(i).padStart(37, "0")}`);
    await Promise.all(
      strays.map((id) =>
        env.FILES.put(resultKey(id), "x", { customMetadata: { expiresAt: new Date(now - HOUR).toISOString() } }),
      ),
    );
    const before = await countObjects();
    // One run walks at most 20 pages and remembers where it stopped; the runs after it go on from
    // there (this file's first test may have left its objects too) until the end of the bucket.
    let deleted = await sweepStrays(env, new Date(now), LIMITS);
    expect(await env.COUNTERS.get("sweep:results-cursor")).not.toBeNull();
    let runs = 1;
    while ((await env.COUNTERS.get("sweep:results-cursor")) !== null && runs < 50) {
      deleted += await sweepStrays(env, new Date(now), LIMITS);
      runs++;
    }
    // (R2 may give fewer keys a page than asked when it includes their metadata.)
    expect(runs).toBeGreaterThanOrEqual(Math.ceil(before / PAGE_RUN));
    expect(runs).toBeLessThan(50);
    expect(deleted).toBe(strays.length);
    expect(await countObjects()).toBe(before - strays.length);
    // At the end of the bucket it starts again from the first key.
    expect(await env.COUNTERS.get("sweep:results-cursor")).toBeNull();
    expect(await env.FILES.head(resultKey(idOf(100_000)))).not.toBeNull();
  });
});
