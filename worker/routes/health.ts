import { Hono } from "hono";
import type { AppEnv } from "../env";

export const health = new Hono<AppEnv>().get("/health", async (c) => {
  const started = Date.now();
  const db = await c.env.DB.prepare("select 1 as ok")
    .first<{ ok: number }>()
    .then((r) => r?.ok === 1)
    .catch(() => false);
  return c.json(
    { status: db ? "ok" : "degraded", db, time: new Date().toISOString(), ms: Date.now() - started },
    db ? 200 : 503,
  );
});
