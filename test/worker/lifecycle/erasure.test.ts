import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { form, freshIp, post } from "../convert/support";
import { call, corpusFile, json } from "../helpers";

const PDF = "pdf/valid/pysample__pdflatex-4-pages.pdf";
const PASSWORD = "correct horse battery";

async function signedUp(email: string) {
  const ip = freshIp();
  const res = await call("/api/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({ firstName: "Ada", lastName: "L", email, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(res.status).toBe(201);
  const { sessionToken, user } = await json<{ sessionToken: string; user: { id: number } }>(res);
  const auth = { authorization: `Bearer ${sessionToken}`, "cf-connecting-ip": ip };
  return {
    userId: user.id,
    auth,
    async convert() {
      const r = await post(
        "/api/convert/rotate-pdf",
        form([{ name: "paper.pdf", bytes: await corpusFile(PDF) }]),
        auth,
      );
      expect(r.status).toBe(200);
      return (await json<{ file: { downloadUrl: string } }>(r)).file;
    },
    async share(downloadUrl: string) {
      const r = await call("/api/share", {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ downloadUrl, expiresIn: "7d" }),
      });
      expect(r.status).toBe(201);
      return (await json<{ shareId: string }>(r)).shareId;
    },
    async history() {
      return (
        await json<{ items: { id: number; downloadUrl: string | null }[] }>(
          await call("/api/history", { headers: auth }),
        )
      ).items;
    },
  };
}

const resultId = (url: string) => url.split("/").pop() as string;
const deleteAccount = (auth: Record<string, string>, password: string, extra: Record<string, string> = {}) =>
  call("/api/account", {
    method: "DELETE",
    headers: { ...auth, "content-type": "application/json", ...extra },
    body: JSON.stringify({ password }),
  });

describe("deleting one history item", () => {
  it("deletes its result, ends its share links (410) and removes the row, at once", async () => {
    const ada = await signedUp("erase-item@example.com");
    const keep = await ada.convert();
    const drop = await ada.convert();
    const shareId = await ada.share(drop.downloadUrl);
    const item = (await ada.history()).find((i) => i.downloadUrl === drop.downloadUrl);
    expect(item).toBeDefined();

    const res = await call(`/api/history/${item?.id}`, { method: "DELETE", headers: ada.auth });
    expect(res.status).toBe(200);
    expect((await call(drop.downloadUrl)).status).toBe(404);
    expect(await env.FILES.head(`results/${resultId(drop.downloadUrl)}`)).toBeNull();
    const link = await call(`/api/shared/${shareId}/info`);
    expect(link.status).toBe(410);
    expect((await json(link)).error).toBe("This shared file has expired");
    expect((await ada.history()).map((i) => i.downloadUrl)).toEqual([keep.downloadUrl]);
    expect((await call(keep.downloadUrl)).status).toBe(200);
  });

  it("never touches someone else's item, and needs a session", async () => {
    const ada = await signedUp("erase-owner@example.com");
    await ada.convert();
    const [item] = await ada.history();
    const eve = await signedUp("erase-eve@example.com");
    const theirs = await call(`/api/history/${item.id}`, { method: "DELETE", headers: eve.auth });
    expect(theirs.status).toBe(404);
    expect((await call(`/api/history/${item.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await call("/api/history/not-a-number", { method: "DELETE", headers: ada.auth })).status).toBe(400);
    expect(await ada.history()).toHaveLength(1);
  });
});

describe("deleting an account", () => {
  it("asks for the password again, and refuses requests from other sites", async () => {
    const ada = await signedUp("erase-confirm@example.com");
    const wrong = await deleteAccount(ada.auth, "not my password");
    expect(wrong.status).toBe(403);
    expect((await json(wrong)).error).toBe("That password is not right, so nothing was deleted.");
    const crossSite = await deleteAccount(ada.auth, PASSWORD, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect((await call("/api/auth/me", { headers: ada.auth })).status).toBe(200);
  });

  it("deletes sessions, results, share links and history; keeps payments without the person; cancels Premium first", async () => {
    const ada = await signedUp("erase-all@example.com");
    const file = await ada.convert();
    const shareId = await ada.share(file.downloadUrl);
    // A donation and a live Premium subscription, as the Stripe webhook would have recorded them.
    await env.DB.prepare(
      "INSERT INTO payments (userId, amount, currency, status, createdAt) VALUES (?1, 5, 'usd', 'succeeded', ?2)",
    )
      .bind(ada.userId, Date.now())
      .run();
    const subId = `sub_erase_${Date.now()}`;
    await env.DB.prepare(
      "INSERT INTO subscriptions (userId, stripeSubscriptionId, status, createdAt, updatedAt) VALUES (?1, ?2, 'active', ?3, ?3)",
    )
      .bind(ada.userId, subId, Date.now())
      .run();
    await fetch(`${env.IMITATION_URL}/__store`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        key: `subscription:${subId}`,
        value: { id: subId, object: "subscription", status: "active" },
      }),
    });

    const res = await deleteAccount(ada.auth, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/__Host-session=;/);

    const cancelled = (await (await fetch(`${env.IMITATION_URL}/__requests`)).json()) as {
      method: string;
      path: string;
    }[];
    expect(cancelled.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subId}`)).toBe(true);
    expect((await call("/api/auth/me", { headers: ada.auth })).status).toBe(401);
    expect((await call(file.downloadUrl)).status).toBe(404);
    expect((await call(`/api/shared/${shareId}/info`)).status).toBe(410);
    const count = (sql: string) => env.DB.prepare(sql).bind(ada.userId).first<{ n: number }>();
    for (const table of [
      "users WHERE id",
      "sessions WHERE userId",
      "file_history WHERE userId",
      "results WHERE userId",
    ]) {
      expect((await count(`SELECT count(*) AS n FROM ${table} = ?1`))?.n, table).toBe(0);
    }
    const payment = await env.DB.prepare(
      "SELECT userId, amount FROM payments WHERE amount = 5 ORDER BY id DESC",
    ).first();
    expect(payment).toEqual({ userId: null, amount: 5 });
    // The address can sign up again with it, as a new account.
    const again = await signedUp("erase-all@example.com");
    expect(again.userId).not.toBe(ada.userId);
  });

  it("deletes nothing when Premium cannot be cancelled", async () => {
    const ada = await signedUp("erase-stuck@example.com");
    await ada.convert();
    await env.DB.prepare(
      "INSERT INTO subscriptions (userId, stripeSubscriptionId, status, createdAt, updatedAt) VALUES (?1, 'sub_unknown_to_stripe', 'active', ?2, ?2)",
    )
      .bind(ada.userId, Date.now())
      .run();
    const res = await deleteAccount(ada.auth, PASSWORD);
    expect(res.status).toBe(502);
    expect((await call("/api/auth/me", { headers: ada.auth })).status).toBe(200);
    expect(await ada.history()).toHaveLength(1);
  });
});
