import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { apiCsp, commonSecurityHeaders, pageCsp, staticHeadersFile } from "../../../schema/security-headers";
import { convertOk, form, freshIp } from "../convert/support";
import { call, corpusFile } from "../helpers";
import { fetchWith } from "../reliability/support";

/**
 * The security headers on every kind of response the worker gives: each route, successes and
 * every error status, downloads, and pages; and the static _headers file says the same.
 * (foundation.test.ts checks two API paths and HSTS on a bare app; this walks the real one.)
 */
const PDF = "pdf/valid/pysample__minimal-document.pdf";

function expectHeaders(res: Response, label: string, csp = apiCsp) {
  for (const [k, v] of Object.entries(commonSecurityHeaders)) expect(res.headers.get(k), `${label}: ${k}`).toBe(v);
  expect(res.headers.get("content-security-policy"), label).toBe(csp);
}

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
  body: JSON.stringify(body),
});

describe("security headers on every response", () => {
  it("every API route, whatever it answers", async () => {
    const pdf = await corpusFile(PDF);
    const done = await convertOk("/api/convert/rotate-pdf", form([{ name: "a.pdf", bytes: pdf }]));
    const requests: [string, string, RequestInit?][] = [
      ["200 health", "/api/health"],
      ["200 config", "/api/config"],
      ["401 me", "/api/auth/me"],
      ["401 history", "/api/history"],
      ["400 login", "/api/auth/login", json({ email: "x", password: "" })],
      ["400 register", "/api/auth/register", json({})],
      ["200 logout", "/api/auth/logout", { method: "POST" }],
      [
        "400 convert",
        "/api/convert/rotate-pdf",
        { method: "POST", body: "x", headers: { "content-type": "text/plain" } },
      ],
      ["404 convert", "/api/convert/unknown-tool", { method: "POST", body: form([]) }],
      ["200 download", String(done.file?.downloadUrl)],
      ["404 download", `/api/download/${"A".repeat(43)}`],
      ["404 shared", `/api/shared/${"B".repeat(32)}/info`],
      ["400 share", "/api/share", json({})],
      ["400 webhook", "/api/stripe/webhook", { method: "POST", body: "{}" }],
      ["400 donation", "/api/create-donation-payment", json({ amount: 0 })],
      ["404 api", "/api/nothing-here"],
      [
        "413 body",
        "/api/convert/merge-pdf",
        {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(60 * 1024 * 1024) },
          body: new ReadableStream({ pull: (ctl) => ctl.enqueue(new Uint8Array(1024)) }),
          // @ts-expect-error workerd needs duplex for a streamed body
          duplex: "half",
        },
      ],
    ];
    for (const [label, path, init] of requests) {
      const res = await call(path, init);
      expect(String(res.status), label).toBe(label.split(" ")[0]);
      expectHeaders(res, label);
      // The public configuration may be cached briefly; everything else is never stored.
      if (path !== "/api/config") expect(res.headers.get("cache-control"), label).toMatch(/no-store/);
      await res.arrayBuffer();
    }
  });

  it("a download is an attachment that never renders, whatever was uploaded", async () => {
    const pdf = await corpusFile(PDF);
    const done = await convertOk("/api/convert/rotate-pdf", form([{ name: "<script>alert(1)<.pdf", bytes: pdf }]));
    const res = await call(String(done.file?.downloadUrl));
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=[^\s";]+$/);
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("429 and 503 answers carry them too", async () => {
    const ip = freshIp();
    const pdf = await corpusFile(PDF);
    const headers = { "cf-connecting-ip": ip };
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      last = await call("/api/convert/rotate-pdf", {
        method: "POST",
        body: form([{ name: "a.pdf", bytes: pdf }]),
        headers,
      });
    }
    expect(last?.status).toBe(429);
    expectHeaders(last as Response, "429");
    const broken = { ...env.FILES, get: () => Promise.reject(new Error("R2 down (injected)")) } as unknown as R2Bucket;
    // A live result, as far as the table knows: its bytes are what cannot be read.
    await env.DB.prepare(
      "INSERT OR IGNORE INTO results (id, tool, fileName, originalName, contentType, size, createdAt, expiresAt) VALUES (?1, 'rotate-pdf', 'a.pdf', 'a.pdf', 'application/pdf', 1, ?2, ?3)",
    )
      .bind("C".repeat(43), Date.now(), Date.now() + 3600_000)
      .run();
    const res = await fetchWith({ FILES: broken }, `/api/download/${"C".repeat(43)}`, { method: "GET" });
    expect(res.status).toBe(503);
    expectHeaders(res, "503");
  });

  it("HSTS on every response in production, pages included", async () => {
    for (const path of ["/api/health", "/api/nothing-here", "/"]) {
      const res = await fetchWith({ ENVIRONMENT: "production" }, path, { method: "GET" });
      expect(res.headers.get("strict-transport-security"), path).toContain("max-age=63072000");
    }
  });

  it("pages served through the worker get the page policy", async () => {
    const res = await fetchWith({}, "/merge-pdf", { method: "GET" });
    expectHeaders(res, "page", pageCsp);
  });

  it("the static site's _headers file carries the same headers for every path", () => {
    const file = staticHeadersFile();
    const all = file.split("\n/")[0];
    expect(all.startsWith("/*\n")).toBe(true);
    expect(all).toContain(`Content-Security-Policy: ${pageCsp}`);
    for (const [k, v] of Object.entries(commonSecurityHeaders)) expect(all).toContain(`  ${k}: ${v}`);
    expect(all).toContain("Strict-Transport-Security: max-age=63072000");
  });
});
