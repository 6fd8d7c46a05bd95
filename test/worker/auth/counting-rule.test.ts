import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversionsFor, conversionsUsed } from "../../../schema/allowance";
import { users } from "../../../schema/db";
import { tools, toolsById } from "../../../schema/tools";
import { getDb } from "../../../worker/services/db";
import { call, corpusFile, json } from "../helpers";

/**
 * The one counting rule (schema/allowance.ts): each file converted is one conversion, files
 * combined into one PDF count once; a request needing more than is left is refused whole, and
 * only files that came out converted are counted.
 */
let n = 0;
async function signUp() {
  const email = `count${++n}@example.com`;
  const res = await call("/api/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `198.18.7.${n}` },
    body: JSON.stringify({
      firstName: "C",
      lastName: "R",
      email,
      password: "tulip-canyon-raft",
      confirmPassword: "tulip-canyon-raft",
    }),
  });
  const { sessionToken } = await json<{ sessionToken: string }>(res);
  return { auth: { authorization: `Bearer ${sessionToken}` }, email };
}

async function setUsed(email: string, used: number) {
  await getDb(env.DB)
    .update(users)
    .set({ dailyConversions: used, dailyConversionsReset: new Date(new Date().setUTCHours(0, 0, 0, 0)) })
    .where(eq(users.email, email));
}

const minimal = () => corpusFile("pdf/valid/pysample__minimal-document.pdf");
const locked = () => corpusFile("pdf/encrypted/pdfjs__issue6010_1.pdf");

async function send(slug: string, files: Uint8Array[], headers: Record<string, string>, fields = {}) {
  const body = new FormData();
  for (const [i, f] of files.entries()) body.append("files", new File([f], `f${i}.pdf`, { type: "application/pdf" }));
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  return call(`/api/convert/${slug}`, { method: "POST", body, headers });
}

async function allowance(headers: Record<string, string>) {
  const res = await call("/api/usage", { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return json<{ tier: string; used: number; daily: number | null; remaining: number | null }>(res);
}

describe("the counting rule", () => {
  it("is one per file, and one for tools that combine files into one PDF", () => {
    const combining = tools.filter((t) => "combines" in t && t.combines).map((t) => t.id);
    expect(combining.sort()).toEqual(["jpg-to-pdf", "merge-pdf", "organize-pdf"]);
    expect(conversionsFor(toolsById["merge-pdf"], 7)).toBe(1);
    expect(conversionsFor(toolsById["compress-image"], 3)).toBe(3);
    expect(conversionsFor(toolsById["watermark-pdf"], 2)).toBe(2);
    expect(conversionsFor(toolsById["rotate-pdf"], 0)).toBe(0);
    expect(conversionsUsed(toolsById["watermark-pdf"], 3, 1, true)).toBe(2);
    expect(conversionsUsed(toolsById["merge-pdf"], 5, 0, true)).toBe(1);
    expect(conversionsUsed(toolsById["unlock-pdf"], 2, 2, false)).toBe(0);
  });

  it("tells a guest what is left, and counts a merge of three files once", async () => {
    const guest = { "cf-connecting-ip": "203.0.113.61" };
    expect(await allowance(guest)).toEqual({ tier: "guest", used: 0, daily: 2, remaining: 2 });
    const pdf = await minimal();
    expect((await send("merge-pdf", [pdf, pdf, pdf], guest)).status).toBe(200);
    expect(await allowance(guest)).toEqual({ tier: "guest", used: 1, daily: 2, remaining: 1 });
  });

  it("refuses a guest's batch that would cross the limit whole, before any work, and counts nothing", async () => {
    const guest = { "cf-connecting-ip": "203.0.113.62" };
    const pdf = await minimal();
    expect((await send("rotate-pdf", [pdf], guest)).status).toBe(200);
    const over = await send("watermark-pdf", [pdf, pdf], guest, { watermarkText: "X" });
    expect(over.status).toBe(429);
    const body = await json(over);
    expect(body).toMatchObject({ code: "quota_exceeded", error: "Daily conversion limit reached", needed: 2 });
    expect(body.remaining).toBe(1);
    expect(body.upgradeMessage).toBe(
      "This needs 2 conversions and 1 is left today. Create a free account for 10 conversions a day, or please try again tomorrow",
    );
    expect(await allowance(guest)).toMatchObject({ used: 1, remaining: 1 });
    // What is left still works.
    expect((await send("watermark-pdf", [pdf], guest, { watermarkText: "X" })).status).toBe(200);
    expect(await allowance(guest)).toMatchObject({ used: 2, remaining: 0 });
  });

  it("counts watermarking two files as two, for an account", async () => {
    const { auth } = await signUp();
    const pdf = await minimal();
    const res = await send("watermark-pdf", [pdf, pdf], auth, { watermarkText: "X" });
    expect(res.status).toBe(200);
    expect(await allowance(auth)).toEqual({ tier: "free", used: 2, daily: 10, remaining: 8 });
  });

  it("counts only the files that came out converted", async () => {
    const { auth } = await signUp();
    const res = await send("watermark-pdf", [await minimal(), await locked(), await minimal()], auth, {
      watermarkText: "X",
    });
    expect(res.status).toBe(200);
    const { files } = await json<{ files: { status: string; code?: string }[] }>(res);
    expect(files.map((f) => f.status)).toEqual(["watermarked", "error", "watermarked"]);
    expect(files[1].code).toBe("password_required");
    expect((await allowance(auth)).used).toBe(2);
  });

  it("refuses a free account's three files with two left, keeps its count, then takes two", async () => {
    const { auth, email } = await signUp();
    await setUsed(email, 8);
    const pdf = await minimal();
    const over = await send("rotate-pdf", [pdf, pdf, pdf], auth);
    expect(over.status).toBe(429);
    expect(await json(over)).toMatchObject({
      needed: 3,
      remaining: 2,
      upgradeMessage: "This needs 3 conversions and 2 are left today. Upgrade to Premium for unlimited conversions",
    });
    expect((await allowance(auth)).used).toBe(8);
    expect((await send("rotate-pdf", [pdf, pdf], auth)).status).toBe(200);
    expect(await allowance(auth)).toMatchObject({ used: 10, remaining: 0 });
    // At the limit, the answer is the spec's (nothing about a batch).
    const none = await send("rotate-pdf", [pdf], auth);
    expect(await json(none)).toEqual({
      error: "Daily conversion limit reached",
      code: "quota_exceeded",
      upgradeMessage: "Upgrade to Premium for unlimited conversions",
    });
  });

  it("never lets two batches at once share the last slots", async () => {
    const { auth, email } = await signUp();
    await setUsed(email, 7);
    const pdf = await minimal();
    const answers = await Promise.all([send("rotate-pdf", [pdf, pdf], auth), send("rotate-pdf", [pdf, pdf], auth)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429]);
    expect((await allowance(auth)).used).toBe(9);
  });
});
