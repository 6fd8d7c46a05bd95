import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { form, freshIp } from "../convert/support";
import { call, corpusFile, json } from "../helpers";
import { registerUser } from "../reliability/support";

/**
 * GET /api/usage: what is left of today's allowance, so a page can say it before anything is
 * uploaded. Reading it never counts; a guest is the keyed hash of their address.
 */
const PDF = "pdf/valid/pysample__minimal-document.pdf";

interface Usage {
  tier: string;
  used: number;
  daily: number | null;
  remaining: number | null;
}

const usage = async (headers: Record<string, string>) => {
  const res = await call("/api/usage", { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return json<Usage>(res);
};

const rotate = async (headers: Record<string, string>) =>
  call("/api/convert/rotate-pdf", {
    method: "POST",
    body: form([{ name: "a.pdf", bytes: await corpusFile(PDF) }]),
    headers,
  });

describe("GET /api/usage", () => {
  it("a guest: 2 a day, counted by address, each conversion once; reading it counts nothing", async () => {
    const guest = { "cf-connecting-ip": freshIp() };
    for (let i = 0; i < 3; i++) expect(await usage(guest)).toEqual({ tier: "guest", used: 0, daily: 2, remaining: 2 });
    expect((await rotate(guest)).status).toBe(200);
    expect(await usage(guest)).toEqual({ tier: "guest", used: 1, daily: 2, remaining: 1 });
    expect((await rotate(guest)).status).toBe(200);
    expect(await usage(guest)).toEqual({ tier: "guest", used: 2, daily: 2, remaining: 0 });
    expect((await rotate(guest)).status).toBe(429);
    expect(await usage(guest)).toEqual({ tier: "guest", used: 2, daily: 2, remaining: 0 });
    // Another address has its own allowance.
    expect(await usage({ "cf-connecting-ip": freshIp() })).toMatchObject({ used: 0, remaining: 2 });
  });

  it("a failed conversion is not counted", async () => {
    const guest = { "cf-connecting-ip": freshIp() };
    const res = await call("/api/convert/rotate-pdf", {
      method: "POST",
      body: form([{ name: "a.pdf", bytes: new TextEncoder().encode("not a pdf at all") }]),
      headers: guest,
    });
    expect(res.status).toBe(400);
    expect(await usage(guest)).toMatchObject({ used: 0, remaining: 2 });
  });

  it("a free account: its own count, whatever address it comes from", async () => {
    const who = await registerUser();
    const headers = { authorization: `Bearer ${who.token}`, "cf-connecting-ip": freshIp() };
    expect(await usage(headers)).toEqual({ tier: "free", used: 0, daily: 10, remaining: 10 });
    expect((await rotate(headers)).status).toBe(200);
    expect(await usage({ ...headers, "cf-connecting-ip": freshIp() })).toEqual({
      tier: "free",
      used: 1,
      daily: 10,
      remaining: 9,
    });
  });

  it("premium is unlimited", async () => {
    const who = await registerUser();
    await env.DB.prepare("UPDATE users SET role = 'premium' WHERE id = ?").bind(who.id).run();
    expect(await usage({ authorization: `Bearer ${who.token}` })).toEqual({
      tier: "premium",
      used: 0,
      daily: null,
      remaining: null,
    });
  });

  it("is rate limited per address (60 a minute)", async () => {
    const guest = { "cf-connecting-ip": freshIp() };
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const res = await call("/api/usage", { headers: guest });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await call("/api/usage", { headers: { "cf-connecting-ip": freshIp() } })).status).toBe(200);
  });

  it("a session keeps the sign-in address only as a keyed hash", async () => {
    const address = "198.51.100.77";
    const res = await call("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": address },
      body: JSON.stringify({
        email: `hash-${Date.now()}@example.com`,
        password: "tulip-canyon-raft",
        confirmPassword: "tulip-canyon-raft",
        firstName: "H",
        lastName: "T",
      }),
    });
    expect(res.status).toBe(201);
    const { user } = await json<{ user: { id: number } }>(res);
    const row = await env.DB.prepare("SELECT ipAddress FROM sessions WHERE userId = ?")
      .bind(user.id)
      .first<{ ipAddress: string }>();
    expect(row?.ipAddress).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.ipAddress).not.toContain(address);
  });
});
