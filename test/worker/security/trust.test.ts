import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/index";
import { form, freshIp, post } from "../convert/support";
import { call, corpusFile, inOneWindow, json } from "../helpers";

const PDF = "pdf/valid/pysample__pdflatex-4-pages.pdf";
type Converted = { file: { downloadUrl: string; convertedName: string } };

/** One browser: its cookies (the guest cookie, a session) go with every request it makes. */
function browser(address = freshIp()) {
  let cookies = "";
  const keep = (res: Response) => {
    const set = res.headers.get("set-cookie") ?? "";
    for (const m of set.matchAll(/(__Host-[a-z-]+)=([^;]*)/g)) {
      cookies = [...cookies.split("; ").filter((c) => c && !c.startsWith(`${m[1]}=`)), `${m[1]}=${m[2]}`].join("; ");
    }
    return res;
  };
  return {
    address,
    get cookies() {
      return cookies;
    },
    async convert(name = "paper.pdf", bytes?: Uint8Array) {
      const res = keep(
        await post("/api/convert/rotate-pdf", form([{ name, bytes: bytes ?? (await corpusFile(PDF)) }]), {
          "cf-connecting-ip": address,
          cookie: cookies,
        }),
      );
      expect(res.status).toBe(200);
      return (await json<Converted>(res)).file;
    },
    async json(path: string, body: unknown, method = "POST") {
      return keep(
        await call(path, {
          method,
          headers: { "content-type": "application/json", "cf-connecting-ip": address, cookie: cookies },
          body: JSON.stringify(body),
        }),
      );
    },
  };
}

async function register(b: ReturnType<typeof browser>, email: string) {
  const res = await b.json("/api/auth/register", {
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    password: "correct horse battery",
    confirmPassword: "correct horse battery",
  });
  expect(res.status).toBe(201);
}

const historyExpiry = async (downloadUrl: string) =>
  (
    await env.DB.prepare("SELECT expiresAt FROM file_history WHERE downloadUrl = ?1")
      .bind(downloadUrl)
      .first<{ expiresAt: number }>()
  )?.expiresAt;

describe("only the maker of a result can share it", () => {
  it("a guest's result: the browser that made it, not anyone holding its URL", async () => {
    const alice = browser();
    const file = await alice.convert();
    const stranger = browser();
    const res = await stranger.json("/api/share", { downloadUrl: file.downloadUrl, expiresIn: "7d" });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe(
      "Only the person who made this file can share it. Convert the file yourself to get a link of your own.",
    );
    // The same address without the cookie is a stranger too; a forged cookie as well.
    const sameAddress = browser(alice.address);
    expect((await sameAddress.json("/api/share", { downloadUrl: file.downloadUrl })).status).toBe(403);
    const forged = await call("/api/share", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `__Host-guest=${"A".repeat(43)}` },
      body: JSON.stringify({ downloadUrl: file.downloadUrl }),
    });
    expect(forged.status).toBe(403);
    expect((await alice.json("/api/share", { downloadUrl: file.downloadUrl })).status).toBe(201);
  });

  it("an account's result: that account only, and nobody else's history is rewritten", async () => {
    const alice = browser();
    await register(alice, "alice-share@example.com");
    const file = await alice.convert();
    const before = await historyExpiry(file.downloadUrl);

    const mallory = browser();
    await register(mallory, "mallory-share@example.com");
    expect((await mallory.json("/api/share", { downloadUrl: file.downloadUrl, expiresIn: "7d" })).status).toBe(403);
    expect((await browser().json("/api/share", { downloadUrl: file.downloadUrl, expiresIn: "7d" })).status).toBe(403);
    expect(await historyExpiry(file.downloadUrl)).toBe(before);

    const mine = await alice.json("/api/share", { downloadUrl: file.downloadUrl, expiresIn: "7d" });
    expect(mine.status).toBe(201);
    expect(await historyExpiry(file.downloadUrl)).toBe(Date.parse((await json<{ expiresAt: string }>(mine)).expiresAt));
  });

  it("caps a result's whole life at 7 days from its creation, however often it is shared", async () => {
    const alice = browser();
    const file = await alice.convert();
    const id = file.downloadUrl.split("/").pop();
    // The result is six days old: a new 7-day link ends when the result does, a day from now.
    const created = Date.now() - 6 * 24 * 3600_000;
    await env.DB.prepare("UPDATE results SET createdAt = ?1 WHERE id = ?2").bind(created, id).run();
    const stored = await env.FILES.head(`results/${id}`);
    for (let i = 0; i < 3; i++) {
      const res = await alice.json("/api/share", { downloadUrl: file.downloadUrl, expiresIn: "7d" });
      expect(res.status).toBe(201);
      expect(Date.parse((await json<{ expiresAt: string }>(res)).expiresAt)).toBe(created + 7 * 24 * 3600_000);
    }
    const row = await env.DB.prepare("SELECT expiresAt FROM results WHERE id = ?1")
      .bind(id)
      .first<{ expiresAt: number }>();
    expect(row?.expiresAt).toBe(created + 7 * 24 * 3600_000);
    // The object in R2 is never written again (a rewrite would restart the bucket's lifecycle clock).
    const head = await env.FILES.head(`results/${id}`);
    expect(head?.uploaded.getTime()).toBe(stored?.uploaded.getTime());
    expect(head?.customMetadata).toEqual(stored?.customMetadata);
  });

  it("limits how many links one person makes in a minute", async () => {
    const alice = browser();
    const file = await alice.convert();
    await inOneWindow(60_000, 15_000);
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await alice.json("/api/share", { downloadUrl: file.downloadUrl })).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("what the server believes", () => {
  const withEnv = (extra: Partial<Env>, path: string, init: RequestInit) =>
    app.fetch(new Request(`http://evil.example${path}`, init), { ...env, ...extra }, createExecutionContext());

  it("builds links that leave the site on PUBLIC_ORIGIN, never on the Host header", async () => {
    const alice = browser();
    const file = await alice.convert();
    const init = (body: unknown) => ({
      method: "POST",
      headers: { "content-type": "application/json", cookie: alice.cookies, host: "evil.example" },
      body: JSON.stringify(body),
    });
    const shared = await withEnv(
      { PUBLIC_ORIGIN: "https://pdftools.example" },
      "/api/share",
      init({ downloadUrl: file.downloadUrl }),
    );
    expect(shared.status).toBe(201);
    expect((await json<{ shareUrl: string }>(shared)).shareUrl).toMatch(
      /^https:\/\/pdftools\.example\/shared\/[\w-]{32}$/,
    );
    const cloud = await withEnv(
      { PUBLIC_ORIGIN: "https://pdftools.example" },
      "/api/cloud/google/start",
      init({ downloadUrl: file.downloadUrl }),
    );
    expect(cloud.status).toBe(200);
    const consent = new URL((await json<{ authUrl: string }>(cloud)).authUrl);
    expect(consent.searchParams.get("redirect_uri")).toBe("https://pdftools.example/auth/google/callback");
    // In production without it: said plainly, never a link to whatever host was asked for.
    const unset = await withEnv({ ENVIRONMENT: "production" }, "/api/share", init({ downloadUrl: file.downloadUrl }));
    expect(unset.status).toBe(503);
    expect((await json(unset)).error).toBe("This server's public address is not configured (PUBLIC_ORIGIN).");
  });

  it("makes its own request ids", async () => {
    const res = await call("/api/health", { headers: { "x-request-id": "attacker-chosen" } });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await call("/api/health")).headers.get("x-request-id")).not.toBe(id);
  });

  it("removes bidirectional controls from the file names it writes", async () => {
    // Shown as "invoiceexe.pdf" where the controls are honoured.
    const file = await browser().convert("invoice\u202Efdp.exe\u2066.pdf");
    expect(file.convertedName).toBe("invoicefdp.exe-rotated.pdf");
    const res = await call(file.downloadUrl);
    expect(res.headers.get("content-disposition")).not.toMatch(/%E2%80%AE|%E2%81%A6/);
  });

  it("keeps client addresses only as an HMAC under a secret, not a hash anyone can reverse", async () => {
    const address = "203.0.113.231";
    await browser(address).convert();
    const plain = [
      ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`client:${address}`))),
    ]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(env.SIGNING_SECRET),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const keyed = [
      ...new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`client:${address}`))),
    ]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    const keys = (await env.COUNTERS.list({ prefix: "guest:" })).keys.map((k) => k.name);
    expect(keys.some((k) => k.endsWith(keyed))).toBe(true);
    expect(keys.some((k) => k.includes(plain))).toBe(false);
  });
});
