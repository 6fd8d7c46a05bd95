import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { HistoryPage } from "../../../schema/api";
import { call, corpusFile, json } from "../helpers";

let n = 0;
async function signUp() {
  const res = await call("/api/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `198.20.0.${++n}` },
    body: JSON.stringify({
      firstName: "H",
      lastName: "I",
      email: `h${n}@example.com`,
      password: "tulip-canyon-raft",
      confirmPassword: "tulip-canyon-raft",
    }),
  });
  return (await json<{ sessionToken: string }>(res)).sessionToken;
}

async function rotate(token: string, name: string) {
  const pdf = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
  const body = new FormData();
  body.append("files", new File([pdf], name, { type: "application/pdf" }));
  const res = await call("/api/convert/rotate-pdf", {
    method: "POST",
    body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await json<{ file: { downloadUrl: string } }>(res)).file;
}

const historyOf = async (token: string, query = "") =>
  json<HistoryPage>(await call(`/api/history${query}`, { headers: { authorization: `Bearer ${token}` } }));

describe("file history", () => {
  it("lists a user's own conversions, newest first, with a live download link", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const first = await rotate(alice, "first.pdf");
    await rotate(alice, "second.pdf");
    await rotate(bob, "bobs.pdf");

    const page = await historyOf(alice);
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.originalFilename)).toEqual(["second.pdf", "first.pdf"]);
    expect(page.items[1]).toMatchObject({
      conversionType: "rotate-pdf",
      convertedFilename: "first-rotated.pdf",
      status: "completed",
      downloadUrl: first.downloadUrl,
    });
    expect(page.items[1].fileSize).toBeGreaterThan(0);
    expect((await historyOf(bob)).items.map((i) => i.originalFilename)).toEqual(["bobs.pdf"]);
  });

  it("pages, and hides the link once the result has expired", async () => {
    const token = await signUp();
    for (const name of ["a.pdf", "b.pdf", "c.pdf"]) await rotate(token, name);
    const p1 = await historyOf(token, "?page=1&pageSize=2");
    const p2 = await historyOf(token, "?page=2&pageSize=2");
    expect(p1.items.map((i) => i.originalFilename)).toEqual(["c.pdf", "b.pdf"]);
    expect(p2.items.map((i) => i.originalFilename)).toEqual(["a.pdf"]);
    expect(p2.total).toBe(3);

    await env.DB.prepare("UPDATE file_history SET expiresAt = ?1 WHERE originalFilename = 'a.pdf'")
      .bind(Date.now() - 1)
      .run();
    const after = await historyOf(token, "?page=2&pageSize=2");
    expect(after.items[0].downloadUrl).toBeNull();
    for (const query of ["?page=0", "?page=abc", "?page=1.5"]) {
      const res = await call(`/api/history${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, query).toBe(400);
      expect((await json<{ error: string }>(res)).error).toBe("page must be a whole number from 1 to 10,000.");
    }
  });

  it("is only for signed-in users", async () => {
    const res = await call("/api/history");
    expect(res.status).toBe(401);
    expect((await json(res)).code).toBe("unauthorized");
  });

  it("records nothing for guests", async () => {
    const pdf = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const body = new FormData();
    body.append("files", new File([pdf], "guest.pdf", { type: "application/pdf" }));
    expect(
      (await call("/api/convert/rotate-pdf", { method: "POST", body, headers: { "cf-connecting-ip": "198.20.9.9" } }))
        .status,
    ).toBe(200);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM file_history WHERE originalFilename = 'guest.pdf'",
    ).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});
