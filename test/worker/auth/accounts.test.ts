import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../../schema/db";
import { app } from "../../../worker/index";
import { getDb } from "../../../worker/services/db";
import { hashPassword } from "../../../worker/services/passwords";
import { runScheduled } from "../../../worker/services/scheduled";
import { slowDownMs } from "../../../worker/services/throttle";
import { call, json } from "../helpers";

let ipCounter = 0;
const freshIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return call(path, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": freshIp(), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const person = (email: string) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email,
  password: "correct horse",
  confirmPassword: "correct horse",
});

type AuthBody = {
  success: boolean;
  sessionToken?: string;
  user?: Record<string, unknown>;
  error?: string;
  code?: string;
};

describe("register", () => {
  it("refuses common passwords and common words with digits or symbols around them, by the password field", async () => {
    const common =
      "This password is easy to guess: it is a common password, word, name or keyboard pattern, perhaps with numbers or symbols added. Please choose another; a few unrelated words make a strong password.";
    const guessable = ["123456", "password", "Qwerty123", "iloveyou", "Password1!", "Qwerty123!", "Summer2024!"];
    for (const [i, password] of [...guessable, "Welcome2025", "P@ssw0rd", "iloveyou99"].entries()) {
      const res = await postJson("/api/auth/register", {
        ...person(`common-${i}@example.com`),
        password,
        confirmPassword: password,
      });
      expect(res.status, password).toBe(400);
      expect(await json(res), password).toEqual({
        success: false,
        error: common,
        code: "validation_failed",
        fields: { password: common },
        passwordProblem: "common",
      });
    }
    expect((await postJson("/api/auth/register", person("uncommon@example.com"))).status).toBe(201);
  });

  it("refuses a new password of fewer than 8 characters, and one made of the person's own name or email", async () => {
    const short = await postJson("/api/auth/register", {
      ...person("short@example.com"),
      password: "x7#Kq2!",
      confirmPassword: "x7#Kq2!",
    });
    expect(short.status).toBe(400);
    expect(await json(short)).toMatchObject({
      error: "Please choose a password of at least 8 characters.",
      passwordProblem: "too_short",
    });
    for (const password of ["Lovelace1815!", "ada.lovelace99", "PDFTools2024"]) {
      const res = await postJson("/api/auth/register", {
        ...person("ada.lovelace@example.com"),
        password,
        confirmPassword: password,
      });
      expect(res.status, password).toBe(400);
      expect(await json(res), password).toMatchObject({
        error:
          "This password is easy to guess: it is made of your name, your email address or this site's name. Please choose another.",
        passwordProblem: "personal",
      });
    }
    // The 6-character rule both sides share is still the spec's, word for word.
    const six = await postJson("/api/auth/register", {
      ...person("six@example.com"),
      password: "x7#Kq",
      confirmPassword: "x7#Kq",
    });
    expect(await json(six)).toMatchObject({ error: "Password must be at least 6 characters" });
  });

  it("still signs in an account whose password predates the stronger rule", async () => {
    await postJson("/api/auth/register", person("older@example.com"));
    await env.DB.prepare("UPDATE users SET password = ?1 WHERE email = 'older@example.com'")
      .bind(await hashPassword("secret12"))
      .run();
    const res = await postJson("/api/auth/login", { email: "older@example.com", password: "secret12" });
    expect(res.status).toBe(200);
  });

  it("creates a free account, normalises the email and signs the person in", async () => {
    const res = await postJson("/api/auth/register", person("  Ada@Example.COM "));
    expect(res.status).toBe(201);
    const body = await json<AuthBody>(res);
    expect(body.success).toBe(true);
    expect(body.sessionToken).toMatch(/^[a-z2-7]{40}$/);
    expect(body.user).toMatchObject({
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      role: "free",
      dailyConversions: 0,
      dailyLimit: 10,
    });
    expect(body.user).not.toHaveProperty("password");
    expect(body.user).not.toHaveProperty("resetToken");
    expect(body.user).not.toHaveProperty("stripeCustomerId");
    expect(res.headers.get("set-cookie")).toMatch(
      /__Host-session=[a-z2-7]{40}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Strict/,
    );
  });

  it("stores a versioned scrypt hash and only the SHA-256 of the session token", async () => {
    const res = await postJson("/api/auth/register", person("grace@example.com"));
    const { sessionToken } = await json<AuthBody>(res);
    const db = getDb(env.DB);
    const [row] = await db.select().from(users).where(eq(users.email, "grace@example.com"));
    expect(row.password).toMatch(/^scrypt\$N=16384,r=8,p=5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row.password).not.toContain("correct horse");
    const dump = JSON.stringify(await env.DB.prepare("SELECT * FROM sessions").all());
    expect(dump).not.toContain(sessionToken);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sessionToken));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(dump).toContain(hex);
  });

  it("refuses a duplicate email with a 409 that says only that", async () => {
    await postJson("/api/auth/register", person("dup@example.com"));
    const res = await postJson("/api/auth/register", { ...person("DUP@example.com"), firstName: "Other" });
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({
      success: false,
      code: "conflict",
      error: "An account with this email already exists. Please sign in instead.",
    });
  });

  it("answers every validation rule with the spec's message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...person("not-an-email") }, "Please enter a valid email address"],
      [{ ...person("a@b.co"), password: "12345", confirmPassword: "12345" }, "Password must be at least 6 characters"],
      [{ ...person("a@b.co"), firstName: "" }, "First name is required"],
      [{ ...person("a@b.co"), lastName: "  " }, "Last name is required"],
      [{ ...person("a@b.co"), confirmPassword: "different" }, "Passwords do not match"],
    ];
    for (const [body, message] of cases) {
      const res = await postJson("/api/auth/register", body);
      expect(res.status, message).toBe(400);
      const out = await json<AuthBody & { fields: Record<string, string> }>(res);
      expect(out.success).toBe(false);
      expect(Object.values(out.fields)).toContain(message);
    }
    const mismatch = await json<{ fields: Record<string, string> }>(
      await postJson("/api/auth/register", { ...person("a@b.co"), confirmPassword: "different" }),
    );
    expect(mismatch.fields.confirmPassword).toBe("Passwords do not match");
    expect((await postJson("/api/auth/register", "{broken")).status).toBe(400);
  });

  it("words a missing field, or a body that is not an object, with the field's own message", async () => {
    const { confirmPassword: _, ...noConfirm } = person("a@b.co");
    const cases: [unknown, string, string][] = [
      [{}, "firstName", "First name is required"],
      [noConfirm, "confirmPassword", "Passwords do not match"],
      [null, "firstName", "First name is required"],
      [[1, 2], "firstName", "First name is required"],
    ];
    for (const [body, field, message] of cases) {
      const res = await postJson("/api/auth/register", JSON.stringify(body));
      expect(res.status, message).toBe(400);
      const out = await json<AuthBody & { fields: Record<string, string> }>(res);
      expect(out.error).toBe(message);
      expect(out.fields[field]).toBe(message);
      expect(JSON.stringify(out)).not.toContain("Invalid key");
    }
    const login = await json<AuthBody>(await postJson("/api/auth/login", { email: "zz@example.com" }));
    expect(login.error).toBe("Password must be at least 6 characters");
  });
});

describe("cross-site requests", () => {
  it("refuses a sign-in posted by another site's form, and sets no cookie", async () => {
    await postJson("/api/auth/register", person("csrf@example.com"));
    // What an HTML form with enctype=text/plain sends: a body that parses as JSON.
    const form = await call("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "text/plain", "cf-connecting-ip": freshIp() },
      body: '{"email":"csrf@example.com","password":"correct horse","x":"="}',
    });
    expect(form.status).toBe(415);
    expect(form.headers.get("set-cookie")).toBeNull();
    const creds = { email: "csrf@example.com", password: "correct horse" };
    const attempts: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
    ];
    for (const headers of attempts) {
      const res = await postJson("/api/auth/login", creds, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await json(res)).toEqual({
        success: false,
        error: "Please sign in from the PDFTools site itself.",
        code: "forbidden",
      });
    }
    const logout = await call("/api/auth/logout", { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(logout.status).toBe(403);
    expect(logout.headers.get("set-cookie")).toBeNull();
    // The site's own pages still sign in.
    const own = await postJson("/api/auth/login", creds, {
      "sec-fetch-site": "same-origin",
      origin: "http://localhost",
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("set-cookie")).toContain("__Host-session=");
  });
});

describe("login, me and logout", () => {
  it("signs in, reads the current user with the bearer token, and signs out", async () => {
    await postJson("/api/auth/register", person("lin@example.com"));
    const login = await postJson("/api/auth/login", { email: "LIN@example.com ", password: "correct horse" });
    expect(login.status).toBe(200);
    const { sessionToken, user } = await json<AuthBody>(login);
    expect(user?.email).toBe("lin@example.com");

    const me = await call("/api/auth/me", { headers: { authorization: `Bearer ${sessionToken}` } });
    expect(me.status).toBe(200);
    expect((await json<{ user: Record<string, unknown> }>(me)).user).toMatchObject({
      email: "lin@example.com",
      role: "free",
    });

    const cookieMe = await call("/api/auth/me", { headers: { cookie: `__Host-session=${sessionToken}` } });
    expect(cookieMe.status).toBe(200);

    const out = await call("/api/auth/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("__Host-session=;");
    const after = await call("/api/auth/me", { headers: { authorization: `Bearer ${sessionToken}` } });
    expect(after.status).toBe(401);
    expect(await json(after)).toEqual({ error: "Not signed in", code: "unauthorized" });
  });

  it("gives the same answer for an unknown email and a wrong password", async () => {
    await postJson("/api/auth/register", person("enum@example.com"));
    const wrong = await postJson("/api/auth/login", { email: "enum@example.com", password: "not the password" });
    const unknown = await postJson("/api/auth/login", { email: "nobody@example.com", password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await json(wrong)).toEqual(await json(unknown));
  });

  it("validates login bodies with the spec's messages", async () => {
    const bad = await json<AuthBody>(await postJson("/api/auth/login", { email: "x", password: "123456" }));
    expect(bad.error).toBe("Please enter a valid email address");
    const short = await json<AuthBody>(await postJson("/api/auth/login", { email: "x@y.zz", password: "123" }));
    expect(short.error).toBe("Password must be at least 6 characters");
  });

  it("never locks the owner out: after 5 failures from anywhere, signing in needs a Turnstile challenge", {
    timeout: 300_000, // about 130 password hashes: minutes on a busy 2-core machine
  }, async () => {
    await postJson("/api/auth/register", person("target@example.com"));
    const from = (net: number) => ({ "cf-connecting-ip": `2001:db8:${net.toString(16)}::1` });
    const attempt = (password: string, net: number, challenge?: string) =>
      postJson("/api/auth/login", { email: "target@example.com", password, challenge }, from(net));
    for (let i = 0; i < 5; i++) expect((await attempt(`guess-${i}`, 1)).status).toBe(401);
    // From now on, the right password alone is not enough, from any address...
    const asked = await attempt("correct horse", 2);
    expect(asked.status).toBe(403);
    expect(await json(asked)).toMatchObject({
      success: false,
      code: "challenge_required",
      siteKey: "turnstile-site-imitation",
    });
    // ...a challenge Turnstile does not vouch for is refused the same way...
    expect(await json(await attempt("correct horse", 2, "fail-token"))).toMatchObject({ code: "challenge_required" });
    // ...and guessing goes on only through challenges. Ten wrong guesses from each of eleven
    // networks (what used to lock the account everywhere) stop each network, not the owner.
    for (let net = 10; net < 21; net++) {
      const round = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(`guess-${net}-${i}`, net, "pass")));
      for (const res of round) expect(res.status).toBe(401);
      expect((await attempt("correct horse", net, "pass")).status).toBe(429);
    }
    const owner = await attempt("correct horse", 99, "pass-owner");
    expect(owner.status).toBe(200);
    // A sign-in that succeeds clears the account's failures: no challenge next time.
    expect((await attempt("correct horse", 99)).status).toBe(200);
  });

  it("counts parallel guesses before checking any of them", async () => {
    await postJson("/api/auth/register", person("race@example.com"));
    const ip = { "cf-connecting-ip": "192.0.2.77" };
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        postJson("/api/auth/login", { email: "race@example.com", password: `guess-${i}` }, ip),
      ),
    );
    const statuses = results.map((r) => r.status);
    // Counts 1-5 are checked (wrong), 6-10 need a challenge, 11-25 are past this address's ten.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("slows an account under attack down where no challenge is configured, and still lets the owner in", async () => {
    expect([4, 5, 6, 7, 12].map(slowDownMs)).toEqual([0, 500, 1000, 2000, 8000]);
    const unchallenged = { ...env, TURNSTILE_SITE_KEY: undefined, TURNSTILE_SECRET_KEY: undefined };
    const login = (password: string, net: number) =>
      app.fetch(
        new Request("http://localhost/api/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": `192.0.2.${net}` },
          body: JSON.stringify({ email: "slow@example.com", password }),
        }),
        unchallenged,
        createExecutionContext(),
      );
    await postJson("/api/auth/register", person("slow@example.com"));
    for (let i = 0; i < 5; i++) expect((await login(`guess-${i}`, 200 + i)).status).toBe(401);
    expect((await login("correct horse", 210)).status).toBe(200);
  });

  it("throttles an address after 10 failures, across accounts", async () => {
    const ip = { "cf-connecting-ip": "192.0.2.99" };
    for (let i = 0; i < 10; i++) {
      await postJson("/api/auth/login", { email: `someone${i}@example.com`, password: "whatever1" }, ip);
    }
    expect((await postJson("/api/auth/login", { email: "fresh@example.com", password: "whatever1" }, ip)).status).toBe(
      429,
    );
    expect((await postJson("/api/auth/login", { email: "fresh@example.com", password: "whatever1" })).status).toBe(401);
  });

  it("limits sign-ups per address", async () => {
    const ip = { "cf-connecting-ip": "192.0.2.150" };
    for (let i = 0; i < 10; i++)
      expect((await postJson("/api/auth/register", person(`bulk${i}@example.com`), ip)).status).toBe(201);
    expect((await postJson("/api/auth/register", person("bulk10@example.com"), ip)).status).toBe(429);
  });

  it("rejects expired sessions, extends live ones at most hourly, and the cron removes the dead", async () => {
    const reg = await json<AuthBody>(await postJson("/api/auth/register", person("exp@example.com")));
    const db = getDb(env.DB);
    const [user] = await db.select().from(users).where(eq(users.email, "exp@example.com"));
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    const original = session.expiresAt.getTime();

    await call("/api/auth/me", { headers: { authorization: `Bearer ${reg.sessionToken}` } });
    const [same] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(same.expiresAt.getTime()).toBe(original);

    const soon = new Date(Date.now() + 10 * 24 * 3600_000);
    await db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, session.id));
    await call("/api/auth/me", { headers: { authorization: `Bearer ${reg.sessionToken}` } });
    const [extended] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(extended.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    const expired = await call("/api/auth/me", { headers: { authorization: `Bearer ${reg.sessionToken}` } });
    expect(expired.status).toBe(401);

    const other = await json<AuthBody>(
      await postJson("/api/auth/login", { email: "exp@example.com", password: "correct horse" }),
    );
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const swept = await runScheduled(env, new Date());
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(sessions)).toHaveLength(0);
    expect(other.sessionToken).toBeTruthy();
  });

  it("rehashes a password stored with older parameters at the next sign-in", async () => {
    await postJson("/api/auth/register", person("old@example.com"));
    const db = getDb(env.DB);
    const { CURRENT } = await import("../../../worker/services/passwords");
    const { scryptSync } = await import("node:crypto");
    const salt = new Uint8Array(16).fill(7);
    const key = scryptSync("correct horse", salt, 32, { N: 1024, r: 8, p: 1 });
    const old = `scrypt$N=1024,r=8,p=1$${btoa(String.fromCharCode(...salt))}$${key.toString("base64")}`;
    await db.update(users).set({ password: old }).where(eq(users.email, "old@example.com"));
    expect((await postJson("/api/auth/login", { email: "old@example.com", password: "correct horse" })).status).toBe(
      200,
    );
    const [row] = await db.select().from(users).where(eq(users.email, "old@example.com"));
    expect(row.password.startsWith(`scrypt$N=${CURRENT.N},r=${CURRENT.r},p=${CURRENT.p}$`)).toBe(true);
  });
});
