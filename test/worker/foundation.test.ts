import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { fileHistory, payments, sessions, subscriptions, users } from "../../schema/db";
import { ENGINE_ERROR_CODES, EngineError } from "../../worker/engine/core/errors";
import type { AppEnv } from "../../worker/env";
import { AppError, errorStatus, statusOf } from "../../worker/errors";
import { requestBodyLimit } from "../../worker/middleware/body-limit";
import { errorHandler, notFoundHandler } from "../../worker/middleware/error-handler";
import { securityHeaders } from "../../worker/middleware/security-headers";
import { getDb } from "../../worker/services/db";
import { readJson } from "../../worker/validation";
import { call, json } from "./helpers";

describe("health", () => {
  it("answers with the database reachable", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: "ok", db: true });
  });
});

describe("public config", () => {
  it("reports optional features as not configured when their secrets are absent", async () => {
    const { app } = await import("../../worker/index");
    const bare = {
      ...env,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      GOOGLE_CLIENT_ID: undefined,
      DROPBOX_CLIENT_ID: undefined,
    };
    const body = await json(await app.fetch(new Request("http://localhost/api/config"), bare));
    expect(body).toMatchObject({
      donations: { enabled: false, publishableKey: null },
      cloud: { google: false, dropbox: false },
      limits: { maxFileSizeMB: 25, daily: { guest: 2, free: 10, premium: null } },
    });
  });

  it("turns donations on, with the public key, once Stripe is configured", async () => {
    const body = await json(await call("/api/config"));
    expect(body).toMatchObject({
      donations: { enabled: true, publishableKey: "pk_test_imitation" },
      premium: { enabled: true },
    });
  });
});

describe("errors", () => {
  it("answers an unknown /api path with a JSON 404, never the SPA", async () => {
    for (const path of ["/api/no-such-thing", "/api", "/api/convert/nothing"]) {
      const res = await call(path, { method: path === "/api" ? "GET" : "POST" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ error: "Not found", code: "not_found" });
    }
  });

  it("answers a known /api path called with the wrong method with a 405 that names the right one", async () => {
    const cases: [string, string, string][] = [
      ["/api/convert/merge-pdf", "GET", "POST"],
      ["/api/auth/login", "GET", "POST"],
      ["/api/health", "POST", "GET"],
      ["/api/shared/abc/info", "DELETE", "GET"],
    ];
    for (const [path, method, allow] of cases) {
      const res = await call(path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect(await res.json()).toEqual({
        error: `${path} does not take ${method} requests (it takes ${allow}).`,
        code: "method_not_allowed",
      });
    }
  });

  it("maps every code to one status, the engine's codes included", () => {
    for (const [code, status] of Object.entries(errorStatus)) {
      expect(statusOf(new AppError(code as keyof typeof errorStatus, "x"))).toBe(status);
    }
    for (const code of ENGINE_ERROR_CODES) expect(statusOf(new EngineError(code, "x"))).toBe(errorStatus[code]);
  });

  // A small app wired exactly like the real one, to reach the shared JSON and error paths.
  const probe = new Hono<AppEnv>()
    .use("*", securityHeaders)
    .use("/api/*", requestBodyLimit)
    .post("/api/echo", async (c) =>
      c.json(await readJson(c, v.object({ name: v.pipe(v.string(), v.minLength(1, "Name is required")) }))),
    )
    .post("/api/form", async (c) => c.json({ n: (await c.req.formData()).getAll("files").length }))
    .get("/api/boom", () => {
      throw new Error("secret internals");
    });
  probe.onError(errorHandler);
  probe.notFound(notFoundHandler);
  const probeCall = (path: string, init?: RequestInit) =>
    probe.fetch(new Request(`http://localhost${path}`, init), env);

  it("answers malformed JSON with a 400", async () => {
    const res = await probeCall("/api/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "The request body is not valid JSON.", code: "invalid_json" });
  });

  it("answers a body that fails its schema with a 400 naming the field", async () => {
    const res = await probeCall("/api/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":""}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "Name is required",
      code: "validation_failed",
      fields: { name: "Name is required" },
    });
  });

  it("refuses an oversized body by its Content-Length before reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(ctl) {
        pulled++;
        ctl.enqueue(new Uint8Array(1024));
      },
    });
    const res = await probeCall("/api/form", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(51 * 1024 * 1024) },
      body,
      // @ts-expect-error workerd needs duplex for a streamed body
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect((await json(res)).code).toBe("payload_too_large");
    expect(pulled).toBeLessThan(5);
  });

  it("refuses an oversized streamed body without a length once the limit is passed", async () => {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream({
      pull(ctl) {
        if (sent >= 60) return ctl.close();
        sent++;
        ctl.enqueue(chunk);
      },
    });
    const res = await probeCall("/api/form", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body,
      // @ts-expect-error workerd needs duplex for a streamed body
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(55);
  });

  it("turns an unexpected exception into a 500 that leaks nothing", async () => {
    const res = await probeCall("/api/boom");
    expect(res.status).toBe(500);
    const body = await json(res);
    expect(body.code).toBe("internal");
    expect(JSON.stringify(body)).not.toContain("secret internals");
  });
});

describe("security headers", () => {
  it("are on API responses, errors included", async () => {
    for (const path of ["/api/health", "/api/missing"]) {
      const res = await call(path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("cache-control")).toBe("no-store");
      // Not production: no HSTS on plain-http development.
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("add HSTS in production", async () => {
    const app = new Hono<AppEnv>().use("*", securityHeaders).get("/api/x", (c) => c.text("ok"));
    const res = await app.fetch(new Request("http://localhost/api/x"), { ...env, ENVIRONMENT: "production" });
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });
});

describe("the schema in D1", () => {
  it("round-trips every table with the spec's defaults", async () => {
    const db = getDb(env.DB);
    const [user] = await db
      .insert(users)
      .values({ email: "ada-schema@example.com", password: "hash", firstName: "Ada", lastName: "Lovelace" })
      .returning();
    expect(user).toMatchObject({
      role: "free",
      subscriptionStatus: "inactive",
      dailyConversions: 0,
      emailVerified: false,
      resetToken: null,
    });
    expect(user.createdAt).toBeInstanceOf(Date);

    await expect(db.insert(users).values({ email: "ada-schema@example.com", password: "x" })).rejects.toThrow();

    const [history] = await db
      .insert(fileHistory)
      .values({ userId: user.id, originalFilename: "a.pdf", conversionType: "merge-pdf" })
      .returning();
    expect(history.status).toBe("processing");

    const [sub] = await db
      .insert(subscriptions)
      .values({ userId: user.id, stripeSubscriptionId: "sub_1", status: "active", amount: 9.99 })
      .returning();
    expect(sub).toMatchObject({ cancelAtPeriodEnd: false, currency: "usd", amount: 9.99 });

    const [pay] = await db
      .insert(payments)
      .values({ userId: user.id, subscriptionId: sub.id, amount: 12.5, status: "succeeded" })
      .returning();
    expect(pay).toMatchObject({ amount: 12.5, currency: "usd" });
    await expect(db.insert(payments).values({ amount: 1.234, status: "x" })).rejects.toThrow();

    const expiresAt = new Date(Date.now() + 1000);
    await db.insert(sessions).values({ userId: user.id, sessionToken: "hash-1", expiresAt });
    await expect(db.insert(sessions).values({ userId: user.id, sessionToken: "hash-1", expiresAt })).rejects.toThrow();

    // Deleting the user takes their sessions and history with them.
    await db.delete(users).where(eq(users.id, user.id));
    // (Other files' tests share the tables: only this user's rows are looked at.)
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(fileHistory).where(eq(fileHistory.userId, user.id))).toHaveLength(0);
    expect((await db.select().from(payments).where(eq(payments.id, pay.id)))[0].userId).toBeNull();
  });
});
