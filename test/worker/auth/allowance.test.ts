import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../schema/db";
import { getDb } from "../../../worker/services/db";
import { ipv6Network } from "../../../worker/services/viewer";
import { call, corpusFile, json } from "../helpers";

let n = 0;
async function signUp(role?: string) {
  const email = `user${++n}@example.com`;
  const res = await call("/api/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `198.19.0.${n}` },
    body: JSON.stringify({
      firstName: "T",
      lastName: "U",
      email,
      password: "tulip-canyon-raft",
      confirmPassword: "tulip-canyon-raft",
    }),
  });
  const { sessionToken } = await json<{ sessionToken: string }>(res);
  if (role) await getDb(env.DB).update(users).set({ role }).where(eq(users.email, email));
  return { token: sessionToken, email };
}

let pdf: Uint8Array;
async function rotate(headers: Record<string, string>) {
  pdf ??= await corpusFile("pdf/valid/pysample__minimal-document.pdf");
  const body = new FormData();
  body.append("files", new File([pdf], "a.pdf", { type: "application/pdf" }));
  return call("/api/convert/rotate-pdf", { method: "POST", body, headers });
}

async function me(token: string) {
  return (
    await json<{ user: { dailyConversions: number; dailyLimit: number | null } }>(
      await call("/api/auth/me", { headers: { authorization: `Bearer ${token}` } }),
    )
  ).user;
}

describe("daily allowances", () => {
  it("counts an IPv6 guest by its /64, not by each of its addresses", async () => {
    for (const address of ["2001:db8:77:1::1", "2001:DB8:77:1:0:0:0:2"]) {
      expect((await rotate({ "cf-connecting-ip": address })).status, address).toBe(200);
    }
    expect((await rotate({ "cf-connecting-ip": "2001:db8:77:1:ffff::9" })).status).toBe(429);
    // The next network along is someone else.
    expect((await rotate({ "cf-connecting-ip": "2001:db8:77:2::1" })).status).toBe(200);
    expect(ipv6Network("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipv6Network("::1")).toBe("0:0:0:0::/64");
    expect(ipv6Network("203.0.113.9")).toBe("203.0.113.9");
    expect(ipv6Network("not:an:address::x::y")).toBe("not:an:address::x::y");
  });

  it("gives a free user 10 a day, reported by /me, then a 429 that offers Premium", async () => {
    const { token } = await signUp();
    const auth = { authorization: `Bearer ${token}`, "cf-connecting-ip": "203.0.113.200" };
    for (let i = 1; i <= 10; i++) {
      expect((await rotate(auth)).status, `conversion ${i}`).toBe(200);
    }
    expect(await me(token)).toMatchObject({ dailyConversions: 10, dailyLimit: 10 });
    const over = await rotate(auth);
    expect(over.status).toBe(429);
    expect(await json(over)).toEqual({
      error: "Daily conversion limit reached",
      code: "quota_exceeded",
      upgradeMessage: "Upgrade to Premium for unlimited conversions",
    });
    expect((await me(token)).dailyConversions).toBe(10);
  });

  it("does not count failed or refused requests", async () => {
    const { token } = await signUp();
    const body = new FormData();
    body.append("files", new File([new TextEncoder().encode("not a pdf")], "x.pdf"));
    const res = await call("/api/convert/rotate-pdf", {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    expect((await me(token)).dailyConversions).toBe(0);
  });

  it("never lets two requests at once share the last slot", async () => {
    const { token, email } = await signUp();
    await getDb(env.DB)
      .update(users)
      .set({ dailyConversions: 9, dailyConversionsReset: new Date(new Date().setUTCHours(0, 0, 0, 0)) })
      .where(eq(users.email, email));
    const auth = { authorization: `Bearer ${token}` };
    const results = await Promise.all(Array.from({ length: 4 }, () => rotate(auth)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 429, 429, 429]);
    expect((await me(token)).dailyConversions).toBe(10);
  });

  it("starts a new count at midnight UTC", async () => {
    const { token, email } = await signUp();
    const yesterday = new Date(new Date().setUTCHours(0, 0, 0, 0) - 86_400_000);
    await getDb(env.DB)
      .update(users)
      .set({ dailyConversions: 10, dailyConversionsReset: yesterday })
      .where(eq(users.email, email));
    expect((await me(token)).dailyConversions).toBe(0);
    expect((await rotate({ authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await me(token)).dailyConversions).toBe(1);
  });

  it("gives premium users no limit, and any other role a guest's 2", async () => {
    const premium = await signUp("premium");
    await getDb(env.DB)
      .update(users)
      .set({ dailyConversions: 500, dailyConversionsReset: new Date() })
      .where(eq(users.email, premium.email));
    expect((await rotate({ authorization: `Bearer ${premium.token}` })).status).toBe(200);
    expect(await me(premium.token)).toMatchObject({ dailyConversions: 501, dailyLimit: null });

    const other = await signUp("moderator");
    const auth = { authorization: `Bearer ${other.token}` };
    expect((await rotate(auth)).status).toBe(200);
    expect((await rotate(auth)).status).toBe(200);
    const over = await rotate(auth);
    expect(over.status).toBe(429);
    expect((await json(over)).upgradeMessage).toBe("Please try again tomorrow");
  });

  it("counts a signed-in user by their session cookie when no header is sent (watermark, unlock, split)", async () => {
    const { token } = await signUp();
    expect((await rotate({ cookie: `__Host-session=${token}`, "cf-connecting-ip": "203.0.113.201" })).status).toBe(200);
    expect((await me(token)).dailyConversions).toBe(1);
  });

  it("treats a bad token as a guest, counted by address", async () => {
    const ip = { authorization: "Bearer nonsense", "cf-connecting-ip": "203.0.113.202" };
    expect((await rotate(ip)).status).toBe(200);
    expect((await rotate(ip)).status).toBe(200);
    const over = await rotate(ip);
    expect(over.status).toBe(429);
    expect((await json(over)).upgradeMessage).toContain("free account");
  });
});
