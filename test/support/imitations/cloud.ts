/**
 * Google and Dropbox, as far as saving a file needs them: the consent page (which approves at
 * once and redirects back with a code), the token endpoint (checking PKCE against the challenge
 * it saw), the upload endpoints and token revocation. Mounted under /google and /dropbox.
 */
import { createHash } from "node:crypto";
import type { Handler, ImitationState, Recorded } from "./server.ts";

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

function consent(req: Recorded, state: ImitationState, provider: string) {
  const { redirect_uri, state: st, code_challenge, code_challenge_method } = req.query;
  if (!redirect_uri || !st || !code_challenge || code_challenge_method !== "S256") {
    return { status: 400, body: { error: "invalid_request" } };
  }
  if (state.store.get(`${provider}.consent`) === "deny") {
    const url = new URL(redirect_uri);
    url.searchParams.set("error", "access_denied");
    url.searchParams.set("state", st);
    return { status: 302, body: "", headers: { location: url.toString() } };
  }
  const code = `${provider}-code-${Math.random().toString(36).slice(2)}`;
  state.store.set(`code:${code}`, { challenge: code_challenge, redirect_uri });
  const url = new URL(redirect_uri);
  url.searchParams.set("code", code);
  url.searchParams.set("state", st);
  return { status: 302, body: "", headers: { location: url.toString() } };
}

function token(req: Recorded, state: ImitationState, provider: string) {
  const basic = req.headers.authorization ?? "";
  if (!basic.startsWith("Basic ")) return { status: 401, body: { error: "invalid_client" } };
  const f = req.form;
  if (f.grant_type !== "authorization_code" || !f.code || !f.code_verifier)
    return { status: 400, body: { error: "invalid_request" } };
  if (f.code === "bad-code") return { status: 400, body: { error: "invalid_grant", error_description: "Bad Request" } };
  const issued = state.store.get(`code:${f.code}`) as { challenge: string; redirect_uri: string } | undefined;
  if (issued) {
    state.store.delete(`code:${f.code}`);
    if (s256(f.code_verifier) !== issued.challenge || f.redirect_uri !== issued.redirect_uri) {
      return { status: 400, body: { error: "invalid_grant", error_description: "PKCE verification failed" } };
    }
  }
  return {
    status: 200,
    body: { access_token: `${provider}-access-${f.code}`, token_type: "bearer", expires_in: 3599, scope: "files" },
  };
}

function bearer(req: Recorded, provider: string): boolean {
  return (req.headers.authorization ?? "").startsWith(`Bearer ${provider}-access-`);
}

export const handleCloud: Handler = (req, state) => {
  const [, provider, action] = req.path.split("/");
  if (provider !== "google" && provider !== "dropbox") return null;
  if (req.method === "GET" && action === "auth") return consent(req, state, provider);
  if (req.method === "POST" && action === "token") return token(req, state, provider);
  if (req.method === "PUT" && action === "resumable") {
    const session = state.store.get(`resumable:${req.path.split("/")[3]}`) as
      | { name: string; length: number }
      | undefined;
    if (!session) return { status: 404, body: { error: { message: "No such upload session" } } };
    const got = Buffer.from(req.raw, "base64").length;
    if (got !== session.length)
      return { status: 400, body: { error: { message: `Expected ${session.length} bytes, got ${got}` } } };
    return { status: 200, body: { id: `drive-${state.requests.length}`, name: session.name } };
  }
  if (req.method === "POST" && action === "revoke") return { status: 200, body: provider === "dropbox" ? "null" : {} };
  if (req.method === "POST" && action === "upload") {
    if (!bearer(req, provider)) return { status: 401, body: { error: { message: "Invalid Credentials" } } };
    const planted = state.store.get(`${provider}.upload`) as { status: number; message: string } | undefined;
    if (planted) {
      return provider === "google"
        ? { status: planted.status, body: { error: { code: planted.status, message: planted.message } } }
        : { status: planted.status, body: { error_summary: planted.message } };
    }
    if (provider === "google") {
      if (req.query.uploadType === "resumable") {
        // The session URL; the bytes come next with a PUT to it.
        const meta = req.json as { name?: string };
        const id = `session-${state.requests.length}`;
        state.store.set(`resumable:${id}`, {
          name: meta?.name,
          length: Number(req.headers["x-upload-content-length"]),
        });
        return {
          status: 200,
          body: {},
          headers: { location: `http://127.0.0.1:${state.port}/google/resumable/${id}` },
        };
      }
      if (!(req.headers["content-type"] ?? "").startsWith("multipart/related; boundary="))
        return { status: 400, body: { error: { message: "Bad multipart" } } };
      return { status: 200, body: { id: `drive-${state.requests.length}`, name: "uploaded" } };
    }
    const arg = JSON.parse(req.headers["dropbox-api-arg"] ?? "{}") as { path?: string };
    return {
      status: 200,
      body: { id: `id:${state.requests.length}`, name: arg.path?.slice(1), path_display: arg.path },
    };
  }
  return null;
};
