import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../../../worker/index";
import { SERVER_TO_SERVER } from "../../../worker/middleware/same-origin";
import { call, corpusFile, json } from "../helpers";
import { resetImitation } from "../payments/stripe-helpers";

/**
 * Every state-changing /api route refuses what a browser marks as coming from another site: a
 * form post or a fetch from a page elsewhere could otherwise spend a guest's allowance, store
 * results, share, donate, delete or sign the visitor in. Programs that send neither Origin nor
 * Sec-Fetch-Site (curl, scripts) and this site's own pages still get through. Stripe's webhook is
 * called by Stripe's servers, and is judged by its signature alone.
 */

const REFUSED = "This request came from another website, so it was refused. Please use PDFTools itself.";
const SIGN_IN_REFUSED = "Please sign in from the PDFTools site itself.";

/** What a browser sends, by where the page that made the request is. */
const FROM = {
  crossSite: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
  sameSiteSubdomain: { "sec-fetch-site": "same-site", origin: "https://evil.pdftools.example" },
  sameOrigin: { "sec-fetch-site": "same-origin", origin: "http://localhost" },
  // Browsers without Sec-Fetch-Site (Safari before 16.4) send Origin alone.
  oldBrowserElsewhere: { origin: "https://evil.example" },
  oldBrowserHere: { origin: "http://localhost" },
  sandboxed: { "sec-fetch-site": "cross-site", origin: "null" },
  opaqueOrigin: { origin: "null" },
  none: {},
} satisfies Record<string, Record<string, string>>;

/** Every state-changing API route of the app, with its parameters filled: none may be left out. */
const routes = [
  ...new Map(
    app.routes
      .filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) && r.path.startsWith("/api/"))
      .map((r) => {
        const path = r.path
          .replace(":slug", "merge-pdf")
          .replace(":provider", "google")
          .replace(/:id\b/, "1")
          .replace(/:\w+/g, "x");
        return [`${r.method} ${path}`, { method: r.method, path }];
      }),
  ).values(),
];

let ip = 0;
const address = () => `198.51.${Math.floor(++ip / 250)}.${ip % 250}`;

function send(method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
  return call(path, { method, headers: { "cf-connecting-ip": address(), ...headers }, body });
}

async function refusal(res: Response): Promise<string | undefined> {
  if (res.status !== 403) return undefined;
  const body = await json<{ error?: string; code?: string }>(res);
  return body.code === "forbidden" && (body.error === REFUSED || body.error === SIGN_IN_REFUSED)
    ? body.error
    : undefined;
}

describe("the routes it covers", () => {
  it("are every POST, PUT, PATCH and DELETE under /api but the Stripe webhook", () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    // One of each kind the issue names, so a route renamed away does not silently drop out of the table.
    for (const kind of [
      "POST /api/convert/merge-pdf",
      "POST /api/results",
      "POST /api/analyze-pdf",
      "POST /api/form-fields",
      "POST /api/redact-preview",
      "POST /api/auth/register",
      "POST /api/auth/login",
      "POST /api/auth/logout",
      "POST /api/auth/google/callback",
      "POST /api/cloud/google/start",
      "POST /api/share",
      "POST /api/create-donation-payment",
      "POST /api/create-premium-checkout",
      "POST /api/create-billing-portal",
      "DELETE /api/history/1",
      "DELETE /api/account",
      "POST /api/stripe/webhook",
    ])
      expect(paths).toContain(kind);
    expect([...SERVER_TO_SERVER]).toEqual(["/api/stripe/webhook"]);
  });
});

describe.each(routes.filter((r) => !SERVER_TO_SERVER.has(r.path)).map((r) => [`${r.method} ${r.path}`, r]))(
  "%s",
  (_, { method, path }) => {
    const signIn = ["/api/auth/register", "/api/auth/login", "/api/auth/logout"].includes(path);

    it("refuses a cross-site request, a same-site one from another subdomain, and an opaque origin, with a 403 that says why", async () => {
      for (const from of [
        "crossSite",
        "sameSiteSubdomain",
        "oldBrowserElsewhere",
        "sandboxed",
        "opaqueOrigin",
      ] as const) {
        const res = await send(method, path, FROM[from], "{}");
        expect(res.status, from).toBe(403);
        expect(res.headers.get("set-cookie"), from).toBeNull();
        const body = await json(res);
        expect(body, from).toEqual(
          signIn
            ? { success: false, error: SIGN_IN_REFUSED, code: "forbidden" }
            : { error: REFUSED, code: "forbidden" },
        );
      }
    });

    it("lets this site's pages and programs without a browser through to the route itself", async () => {
      for (const from of ["sameOrigin", "oldBrowserHere", "none"] as const) {
        const res = await send(method, path, FROM[from]);
        expect(await refusal(res), `${from}: ${res.status}`).toBeUndefined();
      }
    });
  },
);

describe("PUBLIC_ORIGIN", () => {
  const at = (url: string, headers: Record<string, string>, publicOrigin?: string) =>
    app.fetch(
      new Request(url, { method: "POST", headers: { "cf-connecting-ip": address(), ...headers }, body: "{}" }),
      { ...env, ...(publicOrigin ? { PUBLIC_ORIGIN: publicOrigin } : {}) },
      createExecutionContext(),
    );

  it("is the one other origin whose same-site requests pass (the site at www. posting to its API host)", async () => {
    const site = "https://pdftools.example";
    const fromSite = await at(
      "https://api.pdftools.example/api/share",
      { "sec-fetch-site": "same-site", origin: site },
      site,
    );
    expect(await refusal(fromSite)).toBeUndefined();
    const sibling = await at(
      "https://api.pdftools.example/api/share",
      { "sec-fetch-site": "same-site", origin: "https://blog.pdftools.example" },
      site,
    );
    expect(await refusal(sibling)).toBe(REFUSED);
    // Cross-site is refused whatever Origin it names.
    const crossNamed = await at(
      "https://pdftools.workers.dev/api/share",
      { "sec-fetch-site": "cross-site", origin: site },
      site,
    );
    expect(await refusal(crossNamed)).toBe(REFUSED);
    // Without it, same-site is never enough.
    const unset = await at("https://api.pdftools.example/api/share", { "sec-fetch-site": "same-site", origin: site });
    expect(await refusal(unset)).toBe(REFUSED);
  });

  it("is not taken from the Host header: an old browser's Origin must match the URL it asked, or PUBLIC_ORIGIN", async () => {
    const res = await at("https://pdftools.example/api/share", {
      origin: "https://evil.example",
      host: "evil.example",
    });
    expect(await refusal(res)).toBe(REFUSED);
  });
});

describe("what a cross-site request can no longer do", () => {
  it("spend a guest's allowance: three refused posts, then the guest's own two conversions, then 429", async () => {
    const pdf = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const guest = "198.51.250.7";
    const post = (headers: Record<string, string>) => {
      const body = new FormData();
      body.append("files", new File([pdf], "a.pdf", { type: "application/pdf" }));
      return call("/api/convert/rotate-pdf", {
        method: "POST",
        body,
        headers: { "cf-connecting-ip": guest, ...headers },
      });
    };
    for (let i = 0; i < 3; i++) expect((await post(FROM.crossSite)).status).toBe(403);
    expect((await post(FROM.sameOrigin)).status).toBe(200);
    expect((await post(FROM.none)).status).toBe(200);
    expect((await post(FROM.sameOrigin)).status).toBe(429);
  });

  it("reach the Stripe webhook's own check, which is the signature, not the browser's word", async () => {
    const res = await send("POST", "/api/stripe/webhook", FROM.crossSite, "{}");
    expect(res.status).toBe(400);
    expect(await refusal(res)).toBeUndefined();
  });
});

describe("the cloud save's callback, from the site's own callback page", () => {
  beforeEach(resetImitation);

  it("still saves: start and callback are same-origin fetches; the same callback from elsewhere is refused", async () => {
    const pdf = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const body = new FormData();
    body.append("files", new File([pdf], "cv.pdf", { type: "application/pdf" }));
    const converted = await send("POST", "/api/convert/rotate-pdf", FROM.sameOrigin, body);
    const { file } = await json<{ file: { downloadUrl: string } }>(converted);
    const start = await send(
      "POST",
      "/api/cloud/google/start",
      { ...FROM.sameOrigin, "content-type": "application/json" },
      JSON.stringify({ downloadUrl: file.downloadUrl }),
    );
    expect(start.status).toBe(200);
    const cookie = (start.headers.get("set-cookie") ?? "").split(";")[0];
    const state = JSON.parse(new URL((await json<{ authUrl: string }>(start)).authUrl).searchParams.get("state")!);
    const payload = JSON.stringify({ code: "code-1", state, redirectUri: "http://localhost/auth/google/callback" });
    const headers = { "content-type": "application/json", cookie };
    // The provider's redirect was a cross-site navigation; the page's own fetch is same-origin.
    const elsewhere = await send("POST", "/api/auth/google/callback", { ...headers, ...FROM.crossSite }, payload);
    expect(await refusal(elsewhere)).toBe(REFUSED);
    const own = await send("POST", "/api/auth/google/callback", { ...headers, ...FROM.sameOrigin }, payload);
    expect(own.status).toBe(200);
    expect(await json(own)).toMatchObject({ success: true, destination: "Google Drive" });
  });
});
