import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../../../worker/index";
import { putResult } from "../../../worker/services/storage";
import { call, corpusFile, json } from "../helpers";
import { plant, resetImitation } from "../payments/stripe-helpers";

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: Record<string, string>;
  raw: string;
}

const requests = async (path: string) =>
  ((await (await fetch(`${env.IMITATION_URL}/__requests`)).json()) as Recorded[]).filter((r) => r.path === path);

let ip = 0;
async function result() {
  const pdf = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
  const body = new FormData();
  body.append("files", new File([pdf], "Résumé final.pdf", { type: "application/pdf" }));
  const res = await call("/api/convert/rotate-pdf", {
    method: "POST",
    body,
    headers: { "cf-connecting-ip": `198.22.0.${++ip}` },
  });
  const file = (await json<{ file: { downloadUrl: string; convertedName: string } }>(res)).file;
  const bytes = new Uint8Array(await (await call(file.downloadUrl)).arrayBuffer());
  return { ...file, bytes };
}

/** The cookies the browser that started the saves holds (the callback needs its flow's one). */
const jar = new Map<string, string>();

async function start(provider: string, downloadUrl: string) {
  const res = await call(`/api/cloud/${provider}/start`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ downloadUrl }),
  });
  expect(res.status).toBe(200);
  const [pair] = (res.headers.get("set-cookie") ?? "").split(";");
  const [name, value] = pair.split("=");
  expect(name).toMatch(/^__Host-cloud-/);
  jar.set(name, value);
  const { authUrl } = await json<{ authUrl: string }>(res);
  const url = new URL(authUrl);
  return { url, state: JSON.parse(url.searchParams.get("state")!) as Record<string, unknown> };
}

function callback(provider: string, body: unknown, cookies = jar) {
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return call(`/api/auth/${provider}/callback`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function s256(verifier: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const b64decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
function contains(hay: Uint8Array, needle: Uint8Array) {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

beforeEach(resetImitation);

describe("saving to Google Drive", () => {
  it("uses the authorization-code flow with PKCE, the drive.file scope and a signed state", async () => {
    const file = await result();
    const { url, state } = await start("google", file.downloadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.IMITATION_URL}/google/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "google-client",
      redirect_uri: "http://localhost/auth/google/callback",
      scope: "https://www.googleapis.com/auth/drive.file",
      code_challenge_method: "S256",
      access_type: "online",
    });
    expect(state).toMatchObject({ provider: "google", file: file.downloadUrl.split("/").pop() });
    expect(String(state.nonce)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(String(state.sig).length).toBeGreaterThan(40);
  });

  it("exchanges the code with the verifier, uploads the file with its name and type, and revokes the token", async () => {
    const file = await result();
    const { url, state } = await start("google", file.downloadUrl);
    const res = await callback("google", {
      code: "code-1",
      state,
      redirectUri: "http://localhost/auth/google/callback",
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      success: true,
      fileName: "Résumé final-rotated.pdf",
      destination: "Google Drive",
    });

    const [tokenReq] = await requests("/google/token");
    expect(tokenReq.form).toMatchObject({
      grant_type: "authorization_code",
      code: "code-1",
      redirect_uri: "http://localhost/auth/google/callback",
    });
    expect(await s256(tokenReq.form.code_verifier)).toBe(url.searchParams.get("code_challenge"));
    expect(tokenReq.headers.authorization).toBe(`Basic ${btoa("google-client:google-secret")}`);

    const [upload] = await requests("/google/upload");
    expect(upload.query.uploadType).toBe("multipart");
    expect(upload.headers.authorization).toBe("Bearer google-access-code-1");
    const sent = b64decode(upload.raw);
    const text = new TextDecoder().decode(sent);
    expect(text).toContain('"name":"Résumé final-rotated.pdf"');
    expect(text).toContain('"mimeType":"application/pdf"');
    expect(contains(sent, file.bytes)).toBe(true);

    await new Promise((r) => setTimeout(r, 50));
    const [revoke] = await requests("/google/revoke");
    expect(revoke.form.token).toBe("google-access-code-1");
  });

  it("refuses a callback from a browser that did not start the save", async () => {
    const file = await result();
    const { state } = await start("google", file.downloadUrl);
    const body = { code: "c", state, redirectUri: "http://localhost/auth/google/callback" };
    const stranger = await callback("google", body, new Map());
    expect(stranger.status).toBe(400);
    expect(await json(stranger)).toMatchObject({
      success: false,
      error: "This save was started in another browser. Please start it again from your file.",
    });
    expect(await requests("/google/token")).toHaveLength(0);
    // The browser that started it can still finish it.
    const own = await callback("google", body);
    expect(own.status).toBe(200);
  });

  it("refuses a replayed, tampered, expired or misdirected state", async () => {
    const file = await result();
    const first = await start("google", file.downloadUrl);
    const ok = await callback("google", {
      code: "c",
      state: first.state,
      redirectUri: "http://localhost/auth/google/callback",
    });
    expect(ok.status).toBe(200);
    const replay = await callback("google", {
      code: "c",
      state: first.state,
      redirectUri: "http://localhost/auth/google/callback",
    });
    expect(replay.status).toBe(400);
    expect(await json(replay)).toMatchObject({
      success: false,
      error: "This save request is invalid or has expired. Please try saving again.",
    });

    const other = await result();
    const second = await start("google", file.downloadUrl);
    const tampered = await callback("google", {
      code: "c",
      state: { ...second.state, file: other.downloadUrl.split("/").pop() },
      redirectUri: "http://localhost/auth/google/callback",
    });
    expect(tampered.status).toBe(400);
    const wrongProvider = await callback("dropbox", {
      code: "c",
      state: second.state,
      redirectUri: "http://localhost/auth/dropbox/callback",
    });
    expect(wrongProvider.status).toBe(400);
    const lateExp = await callback("google", {
      code: "c",
      state: { ...second.state, exp: Date.now() - 1 },
      redirectUri: "http://localhost/auth/google/callback",
    });
    expect(lateExp.status).toBe(400);
    const elsewhere = await callback("google", {
      code: "c",
      state: second.state,
      redirectUri: "https://evil.example/auth/google/callback",
    });
    expect(elsewhere.status).toBe(400);
    expect(await requests("/google/upload")).toHaveLength(1);
  });

  it("maps provider errors to a clear failure", async () => {
    const file = await result();
    const a = await start("google", file.downloadUrl);
    const badCode = await callback("google", {
      code: "bad-code",
      state: a.state,
      redirectUri: "http://localhost/auth/google/callback",
    });
    expect(badCode.status).toBe(400);
    expect((await json(badCode)).error).toBe(
      "Google Drive did not accept the sign-in (invalid_grant). Please try again.",
    );

    await plant("google.upload", { status: 403, message: "The user has exceeded their Drive storage quota" });
    const b = await start("google", file.downloadUrl);
    const full = await callback("google", {
      code: "c2",
      state: b.state,
      redirectUri: "http://localhost/auth/google/callback",
    });
    expect(full.status).toBe(502);
    expect(await json(full)).toMatchObject({
      success: false,
      error: "Google Drive refused the file: The user has exceeded their Drive storage quota",
    });
  });

  it("answers missing parameters with the spec's words", async () => {
    const res = await callback("google", { state: {}, redirectUri: "http://localhost/auth/google/callback" });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ success: false, error: "Missing required parameters" });
  });
});

describe("saving a large result to Google Drive", () => {
  it("uses a resumable upload above Drive's 5 MB multipart limit", async () => {
    const bytes = new Uint8Array(6 * 1024 * 1024).map((_, i) => (i * 31) % 251);
    const stored = await putResult(
      env,
      {
        bytes,
        fileName: "big.pdf",
        contentType: "application/pdf",
        tool: "merge-pdf",
        originalName: "big.pdf",
      },
      { userId: null, guestKey: null },
      new Date(),
      3600_000,
    );
    const { state } = await start("google", stored.downloadUrl);
    const res = await callback("google", { code: "big", state, redirectUri: "http://localhost/auth/google/callback" });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    const [session] = await requests("/google/upload");
    expect(session.query.uploadType).toBe("resumable");
    expect(session.headers["x-upload-content-length"]).toBe(String(bytes.length));
    const all = (await (await fetch(`${env.IMITATION_URL}/__requests`)).json()) as Recorded[];
    const put = all.find((r) => r.method === "PUT" && r.path.startsWith("/google/resumable/"));
    expect(put).toBeDefined();
    expect(b64decode(put!.raw)).toEqual(bytes);
  });
});

describe("saving to Dropbox", () => {
  it("uploads into the app folder under the file's name", async () => {
    const file = await result();
    const { url, state } = await start("dropbox", file.downloadUrl);
    expect(url.searchParams.get("token_access_type")).toBe("online");
    const res = await callback("dropbox", {
      code: "d-1",
      state,
      redirectUri: "http://localhost/auth/dropbox/callback",
    });
    expect(res.status).toBe(200);
    expect((await json(res)).destination).toBe("Dropbox");
    const [upload] = await requests("/dropbox/upload");
    expect(JSON.parse(upload.headers["dropbox-api-arg"])).toEqual({
      path: "/Résumé final-rotated.pdf",
      mode: "add",
      autorename: true,
      mute: false,
    });
    expect(upload.headers["dropbox-api-arg"]).toMatch(/^[\x20-\x7e]+$/);
    expect(b64decode(upload.raw)).toEqual(file.bytes);
  });
});

describe("without configuration", () => {
  it("answers 503 with a clear message, and the config hides the buttons", async () => {
    const bare = { ...env, GOOGLE_CLIENT_ID: undefined, DROPBOX_CLIENT_SECRET: undefined };
    const res = await app.fetch(
      new Request("http://localhost/api/auth/google/callback", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
      bare,
    );
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({
      success: false,
      error: "Saving to Google Drive is not configured",
      code: "not_configured",
    });
    const cfg = await json<{ cloud: Record<string, boolean> }>(
      await app.fetch(new Request("http://localhost/api/config"), bare),
    );
    expect(cfg.cloud).toEqual({ google: false, dropbox: false });
  });
});
