import { generateCodeVerifier, OAuth2RequestError } from "arctic";
import { and, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { CloudCallbackBody, CloudStartBody, type CloudState } from "../../schema/api";
import { oauthStates } from "../../schema/db";
import type { AppContext, AppEnv } from "../env";
import { AppError, type ErrorCode, isAppError } from "../errors";
import {
  authorizationUrl,
  type CloudProvider,
  isProvider,
  oauthClient,
  type ProviderConfig,
  providerConfig,
  revokeToken,
  uploadToProvider,
} from "../services/cloud";
import { getDb } from "../services/db";
import { randomId } from "../services/ids";
import { publicOrigin } from "../services/origin";
import { sign, signingSecret, verify } from "../services/signing";
import { getResult, liveResult } from "../services/storage";
import { readJson } from "../validation";

const STATE_TTL_MS = 10 * 60_000;
const INVALID_STATE = "This save request is invalid or has expired. Please try saving again.";

const fail = (code: ErrorCode, message: string) => new AppError(code, message, { success: false });

function configured(c: AppContext, provider: string): { cfg: ProviderConfig; secret: string } {
  if (!isProvider(provider)) throw fail("not_found", "Unknown storage provider");
  const cfg = providerConfig(c.env, provider);
  const label = provider === "google" ? "Google Drive" : "Dropbox";
  if (!cfg || !c.env.SIGNING_SECRET) throw fail("not_configured", `Saving to ${label} is not configured`);
  return { cfg, secret: signingSecret(c.env) };
}

const canonical = (s: Omit<CloudState, "sig">) => `${s.provider}|${s.file}|${s.nonce}|${s.exp}`;

/**
 * The browser that starts a save holds a cookie named for its state; the callback needs it, so
 * a consent link started by someone else cannot put their file in the victim's storage.
 */
const flowCookie = (nonce: string) => `__Host-cloud-${nonce}`;
const COOKIE = { httpOnly: true, secure: true, sameSite: "Strict", path: "/" } as const;

function redirectUriFor(c: AppContext, provider: CloudProvider): string {
  return `${publicOrigin(c)}/auth/${provider}/callback`;
}

export const cloud = new Hono<AppEnv>()
  /** POST /api/cloud/{provider}/start { downloadUrl }: the provider's consent URL, with PKCE and a signed state. */
  .post("/cloud/:provider/start", async (c) => {
    const provider = c.req.param("provider");
    const { cfg, secret } = configured(c, provider);
    const body = await readJson(c, CloudStartBody);
    const file = body.downloadUrl.slice("/api/download/".length);
    const now = Date.now();
    await liveResult(c.env.DB, file, new Date(now));

    const redirectUri = redirectUriFor(c, cfg.provider);
    const nonce = randomId(24);
    const codeVerifier = generateCodeVerifier();
    const exp = now + STATE_TTL_MS;
    await getDb(c.env.DB)
      .insert(oauthStates)
      .values({
        nonce,
        provider: cfg.provider,
        resultId: file,
        codeVerifier,
        redirectUri,
        expiresAt: new Date(exp),
      });
    const unsigned = { provider: cfg.provider, file, nonce, exp };
    const state = JSON.stringify({ ...unsigned, sig: await sign(secret, canonical(unsigned)) });
    setCookie(c, flowCookie(nonce), "1", { ...COOKIE, maxAge: Math.ceil(STATE_TTL_MS / 1000) });
    return c.json({ authUrl: authorizationUrl(cfg, redirectUri, state, codeVerifier) });
  })
  /** POST /api/auth/{provider}/callback { code, state, redirectUri }: exchange, upload, forget. */
  .post("/auth/:provider/callback", async (c) => {
    const provider = c.req.param("provider");
    const { cfg, secret } = configured(c, provider);
    const { code, state, redirectUri } = await readJson(c, CloudCallbackBody).catch((err) => {
      throw isAppError(err) ? fail(err.code, err.message) : err;
    });
    const now = Date.now();
    const { sig, ...unsigned } = state;
    const genuine = await verify(secret, canonical(unsigned), sig);
    if (!genuine || state.provider !== cfg.provider || state.exp <= now) throw fail("bad_request", INVALID_STATE);
    if (getCookie(c, flowCookie(state.nonce)) !== "1") {
      throw fail("bad_request", "This save was started in another browser. Please start it again from your file.");
    }
    deleteCookie(c, flowCookie(state.nonce), COOKIE);

    // One use per nonce: the row is taken in the same statement that checks it.
    const [row] = await getDb(c.env.DB)
      .delete(oauthStates)
      .where(
        and(
          eq(oauthStates.nonce, state.nonce),
          eq(oauthStates.provider, cfg.provider),
          gt(oauthStates.expiresAt, new Date(now)),
        ),
      )
      .returning({
        resultId: oauthStates.resultId,
        codeVerifier: oauthStates.codeVerifier,
        redirectUri: oauthStates.redirectUri,
      });
    if (!row || row.resultId !== state.file) throw fail("bad_request", INVALID_STATE);
    if (redirectUri !== row.redirectUri || redirectUri !== redirectUriFor(c, cfg.provider)) {
      throw fail("bad_request", "The sign-in came back to the wrong address. Please try saving again.");
    }

    let accessToken: string;
    try {
      const tokens = await oauthClient(cfg, row.redirectUri).validateAuthorizationCode(
        cfg.tokenUrl,
        code,
        row.codeVerifier,
      );
      accessToken = tokens.accessToken();
    } catch (err) {
      if (err instanceof OAuth2RequestError) {
        throw fail("bad_request", `${cfg.name} did not accept the sign-in (${err.code}). Please try again.`);
      }
      console.error("token exchange failed", err);
      throw fail("upstream_failed", `${cfg.name} could not be reached. Please try again in a moment.`);
    }

    try {
      const { object, row: stored } = await getResult(c.env, row.resultId, new Date(now)).catch((err) => {
        throw isAppError(err) ? fail(err.code, err.message) : err;
      });
      const result = await uploadToProvider(cfg, accessToken, {
        bytes: await object.arrayBuffer(),
        fileName: stored.fileName,
        contentType: stored.contentType,
      });
      if (!result.ok) {
        throw fail("upstream_failed", `${cfg.name} refused the file${result.message ? `: ${result.message}` : ""}`);
      }
      return c.json({ success: true, fileName: stored.fileName, destination: cfg.name });
    } finally {
      c.executionCtx.waitUntil(revokeToken(cfg, accessToken));
    }
  });
