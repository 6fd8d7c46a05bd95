import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { runScheduled } from "../../../worker/services/scheduled";
import { resultKey } from "../../../worker/services/storage";
import { call, corpusFile, expireResult, json, oracle } from "../helpers";

let ip = 0;
/** This test's browser: the guest cookie its first conversion was given, sent with everything after. */
let guestCookie = "";

async function convertOne(headers: Record<string, string> = {}) {
  const pdf = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
  const body = new FormData();
  body.append("files", new File([pdf], "paper.pdf", { type: "application/pdf" }));
  const res = await call("/api/convert/rotate-pdf", {
    method: "POST",
    body,
    headers: { "cf-connecting-ip": `100.64.1.${++ip}`, ...(guestCookie ? { cookie: guestCookie } : {}), ...headers },
  });
  expect(res.status).toBe(200);
  const set = /__Host-guest=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  if (set && !headers.cookie) guestCookie = set;
  return (await json<{ file: { downloadUrl: string; convertedName: string; size: number; expiresAt: string } }>(res))
    .file;
}

function share(body: unknown, headers: Record<string, string> = {}) {
  return call("/api/share", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: guestCookie, ...headers },
    body: JSON.stringify(body),
  });
}

const expireNow = (downloadUrl: string) => expireResult(downloadUrl);

describe("share links", () => {
  it("creates a link (24 hours by default) that anyone can read and download", async () => {
    const file = await convertOne();
    const before = Date.now();
    const res = await share({ downloadUrl: file.downloadUrl });
    expect(res.status).toBe(201);
    const body = await json<{ shareId: string; shareUrl: string; expiresAt: string }>(res);
    expect(body.shareId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.shareUrl).toBe(`http://localhost/shared/${body.shareId}`);
    const ttl = Date.parse(body.expiresAt) - before;
    expect(ttl).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000 + 60_000);

    const info = await json(await call(`/api/shared/${body.shareId}/info`));
    expect(info).toMatchObject({
      fileName: "paper-rotated.pdf",
      expiresAt: body.expiresAt,
      size: file.size,
      contentType: "application/pdf",
    });
    // When the file was made (its own expiry minus the 24-hour lifetime), not when the link was.
    expect(Date.parse(String(info.uploadTime))).toBe(Date.parse(file.expiresAt) - 24 * 3600_000);

    const dl = await call(`/api/shared/${body.shareId}/download`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toContain('filename="paper-rotated.pdf"');
    const check = await oracle("qpdf", ["--show-npages", "{in}"], new Uint8Array(await dl.arrayBuffer()));
    expect(check.stdout.trim()).toBe("4");
  });

  it("extends the result itself when the link lasts longer, so a 7-day link still downloads after a day", async () => {
    const file = await convertOne();
    const body = await json<{ shareId: string; expiresAt: string }>(
      await share({ downloadUrl: file.downloadUrl, expiresIn: "7d" }),
    );
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    const row = await env.DB.prepare("SELECT expiresAt FROM results WHERE id = ?1")
      .bind(file.downloadUrl.split("/").pop())
      .first<{ expiresAt: number }>();
    expect(new Date(row!.expiresAt).toISOString()).toBe(body.expiresAt);
    // The sweep a day and a half later keeps it.
    await runScheduled(env, new Date(Date.now() + 36 * 3600_000));
    expect(await env.FILES.head(resultKey(file.downloadUrl.split("/").pop()!))).not.toBeNull();
  });

  it("answers 404 for an unknown link and 410 once it has expired", async () => {
    const unknown = await call("/api/shared/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/info");
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toBe("File not found or has been removed");
    expect((await call("/api/shared/short/info")).status).toBe(404);

    const file = await convertOne();
    const { shareId } = await json<{ shareId: string }>(
      await share({ downloadUrl: file.downloadUrl, expiresIn: "1h" }),
    );
    await env.DB.prepare("UPDATE shares SET expiresAt = ?1 WHERE id = ?2")
      .bind(Date.now() - 1, shareId)
      .run();
    for (const path of [`/api/shared/${shareId}/info`, `/api/shared/${shareId}/download`]) {
      const res = await call(path);
      expect(res.status, path).toBe(410);
      expect((await json(res)).error).toBe("This shared file has expired");
    }
  });

  it("says a link is expired when its file expired first", async () => {
    const file = await convertOne();
    const { shareId } = await json<{ shareId: string }>(
      await share({ downloadUrl: file.downloadUrl, expiresIn: "1h" }),
    );
    await expireNow(file.downloadUrl);
    expect((await call(`/api/shared/${shareId}/info`)).status).toBe(410);
    expect((await call(`/api/shared/${shareId}/download`)).status).toBe(410);
  });

  it("refuses to share what is not a live result of this site", async () => {
    const bad = await share({ downloadUrl: "https://evil.example/x" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toBe("Only a result of this site can be shared");
    const missing = await share({ downloadUrl: "/api/download/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" });
    expect(missing.status).toBe(404);
    const file = await convertOne();
    expect((await share({ downloadUrl: file.downloadUrl, expiresIn: "30d" })).status).toBe(400);
    await expireNow(file.downloadUrl);
    expect((await share({ downloadUrl: file.downloadUrl })).status).toBe(410);
  });
});

describe("the scheduled sweep", () => {
  it("deletes exactly the expired results, shares and sessions, and is safe to run twice at once", async () => {
    const keep = await convertOne();
    const drop = await convertOne();
    await expireNow(drop.downloadUrl);
    const { shareId: oldShare } = await json<{ shareId: string }>(
      await share({ downloadUrl: keep.downloadUrl, expiresIn: "1h" }),
    );
    const { shareId: liveShare } = await json<{ shareId: string }>(
      await share({ downloadUrl: keep.downloadUrl, expiresIn: "7d" }),
    );
    await env.DB.prepare("UPDATE shares SET expiresAt = ?1 WHERE id = ?2")
      .bind(Date.now() - 1, oldShare)
      .run();

    const now = new Date();
    const [a, b] = await Promise.all([runScheduled(env, now), runScheduled(env, now)]);
    expect(a.results + b.results).toBeGreaterThanOrEqual(1);
    expect(await env.FILES.head(resultKey(drop.downloadUrl.split("/").pop()!))).toBeNull();
    expect(await env.FILES.head(resultKey(keep.downloadUrl.split("/").pop()!))).not.toBeNull();
    const rows = await env.DB.prepare("SELECT id FROM shares WHERE id IN (?1, ?2)")
      .bind(oldShare, liveShare)
      .all<{ id: string }>();
    expect(rows.results.map((r) => r.id)).toEqual([liveShare]);
    const stale = await env.DB.prepare("SELECT count(*) AS n FROM shares WHERE expiresAt <= ?1")
      .bind(now.getTime())
      .first<{ n: number }>();
    expect(stale?.n).toBe(0);
    const again = await runScheduled(env, now);
    expect(again).toMatchObject({ results: 0, shares: 0 });
  });

  it("runs from the cron trigger", async () => {
    const drop = await convertOne();
    await expireNow(drop.downloadUrl);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await env.FILES.head(resultKey(drop.downloadUrl.split("/").pop()!))).toBeNull();
  });
});
