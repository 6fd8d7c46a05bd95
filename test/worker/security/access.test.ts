import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { convertOk, form, freshIp } from "../convert/support";
import { call, corpusFile, json } from "../helpers";
import { registerUser } from "../reliability/support";

/**
 * Who can read what. Routes that need an account answer 401 to anyone without a live session
 * (no token, a forged one, a signed-out one, a token in the wrong place); one person's history
 * and counters are never another's; results are reachable only through their unguessable id.
 * Sign-in and sign-up throttling are tested in auth/accounts.test.ts, webhook signatures in
 * payments/donations.test.ts, OAuth state tampering in cloud/save.test.ts.
 */
const PDF = "pdf/valid/pysample__minimal-document.pdf";

const AUTH_ONLY: [string, RequestInit][] = [
  ["/api/auth/me", { method: "GET" }],
  ["/api/history", { method: "GET" }],
  ["/api/history?page=1&pageSize=100", { method: "GET" }],
  ["/api/create-premium-checkout", { method: "POST" }],
];

async function asUser(token: string | null, path: string, init: RequestInit = {}, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": freshIp(), ...extra };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  return call(path, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
}

describe("routes that need an account", () => {
  it("answer 401 with no token, a forged token, or a malformed header", async () => {
    const forged = "A".repeat(40);
    for (const [path, init] of AUTH_ONLY) {
      for (const [label, res] of [
        ["none", await asUser(null, path, init)],
        ["forged", await asUser(forged, path, init)],
        ["malformed", await asUser(null, path, init, { authorization: "Bearer" })],
        ["basic", await asUser(null, path, init, { authorization: `Basic ${btoa("a:b")}` })],
        ["cookie", await asUser(null, path, init, { cookie: `__Host-session=${forged}` })],
      ] as const) {
        expect(res.status, `${path} with ${label}`).toBe(401);
        expect((await json(res)).code, `${path} with ${label}`).toBe("unauthorized");
      }
    }
  });

  it("answer 401 to a session that has signed out, and never take the token from the query string", async () => {
    const who = await registerUser();
    expect((await asUser(who.token, "/api/auth/me")).status).toBe(200);
    expect((await asUser(null, `/api/auth/me?sessionToken=${who.token}&token=${who.token}`)).status).toBe(401);
    await asUser(who.token, "/api/auth/logout", { method: "POST" });
    for (const [path, init] of AUTH_ONLY) expect((await asUser(who.token, path, init)).status, path).toBe(401);
  });

  it("answer 401 to a session past its expiry", async () => {
    const who = await registerUser();
    await env.DB.prepare("UPDATE sessions SET expiresAt = ? WHERE userId = ?")
      .bind(Date.now() - 1000, who.id)
      .run();
    expect((await asUser(who.token, "/api/auth/me")).status).toBe(401);
    expect((await asUser(who.token, "/api/history")).status).toBe(401);
  });
});

describe("one person's data is not another's", () => {
  it("history, counters and results stay with their owner", async () => {
    const ada = await registerUser();
    const bob = await registerUser();
    const pdf = await corpusFile(PDF);
    const res = await asUser(ada.token, "/api/convert/rotate-pdf", {
      method: "POST",
      body: form([{ name: "ada-secret.pdf", bytes: pdf }]),
    });
    expect(res.status).toBe(200);
    const adaFile = (await json<{ file: { downloadUrl: string } }>(res)).file;

    const adaHistory = await json<{ items: { originalFilename: string }[]; total: number }>(
      await asUser(ada.token, "/api/history"),
    );
    expect(adaHistory.total).toBe(1);
    expect(adaHistory.items[0].originalFilename).toBe("ada-secret.pdf");
    for (const q of ["", "?page=1&pageSize=100", "?page=2", `?userId=${ada.id}`]) {
      const bobs = await json<{ items: unknown[]; total: number }>(await asUser(bob.token, `/api/history${q}`));
      expect(bobs, q).toMatchObject({ items: [], total: 0 });
      expect(JSON.stringify(bobs)).not.toContain("ada-secret");
    }
    const me = async (token: string) =>
      (await json<{ user: { email: string; dailyConversions: number } }>(await asUser(token, "/api/auth/me"))).user;
    expect((await me(ada.token)).dailyConversions).toBe(1);
    expect((await me(bob.token)).dailyConversions).toBe(0);

    // A result is reachable only through its id: 32 random bytes, and a near miss finds nothing.
    const id = adaFile.downloadUrl.split("/").pop() as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const near = `${id.slice(0, -1)}${id.endsWith("A") ? "B" : "A"}`;
    expect((await call(`/api/download/${near}`)).status).toBe(404);
    for (const probe of ["..%2F..%2Fresults", "%2e%2e", "*", `${id}/..`, id.toLowerCase()]) {
      const r = await call(`/api/download/${probe}`);
      expect([404, 400], probe).toContain(r.status);
      await r.arrayBuffer();
    }
  });

  it("two people's conversions get unrelated ids", async () => {
    const pdf = await corpusFile(PDF);
    const ids = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const body = await convertOk("/api/convert/rotate-pdf", form([{ name: "a.pdf", bytes: pdf }]));
      ids.add(String(body.file?.downloadUrl).split("/").pop()?.slice(0, 8) ?? "");
    }
    expect(ids.size).toBe(6);
  });
});
