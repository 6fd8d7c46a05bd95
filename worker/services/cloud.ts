import { CodeChallengeMethod, OAuth2Client } from "arctic";

/**
 * Cloud destinations for results: Google Drive (drive.file scope: only files this app creates)
 * and Dropbox (an app folder). Endpoints are configurable so tests use local imitations.
 */
export type CloudProvider = "google" | "dropbox";

export interface ProviderConfig {
  provider: CloudProvider;
  name: "Google Drive" | "Dropbox";
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  uploadUrl: string;
  revokeUrl: string;
  scopes: string[];
  extraAuthParams: Record<string, string>;
}

export function isProvider(p: string): p is CloudProvider {
  return p === "google" || p === "dropbox";
}

export function providerConfig(env: Env, provider: CloudProvider): ProviderConfig | null {
  if (provider === "google") {
    if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
    return {
      provider,
      name: "Google Drive",
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authUrl: env.GOOGLE_AUTH_URL || "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
      uploadUrl: env.GOOGLE_UPLOAD_URL || "https://www.googleapis.com/upload/drive/v3/files",
      revokeUrl: env.GOOGLE_REVOKE_URL || "https://oauth2.googleapis.com/revoke",
      scopes: ["https://www.googleapis.com/auth/drive.file"],
      extraAuthParams: { access_type: "online", include_granted_scopes: "false" },
    };
  }
  if (!env.DROPBOX_CLIENT_ID || !env.DROPBOX_CLIENT_SECRET) return null;
  return {
    provider,
    name: "Dropbox",
    clientId: env.DROPBOX_CLIENT_ID,
    clientSecret: env.DROPBOX_CLIENT_SECRET,
    authUrl: env.DROPBOX_AUTH_URL || "https://www.dropbox.com/oauth2/authorize",
    tokenUrl: env.DROPBOX_TOKEN_URL || "https://api.dropboxapi.com/oauth2/token",
    uploadUrl: env.DROPBOX_UPLOAD_URL || "https://content.dropboxapi.com/2/files/upload",
    revokeUrl: env.DROPBOX_REVOKE_URL || "https://api.dropboxapi.com/2/auth/token/revoke",
    scopes: ["files.content.write"],
    extraAuthParams: { token_access_type: "online" },
  };
}

export function oauthClient(cfg: ProviderConfig, redirectUri: string): OAuth2Client {
  return new OAuth2Client(cfg.clientId, cfg.clientSecret, redirectUri);
}

export function authorizationUrl(
  cfg: ProviderConfig,
  redirectUri: string,
  state: string,
  codeVerifier: string,
): string {
  const url = oauthClient(cfg, redirectUri).createAuthorizationURLWithPKCE(
    cfg.authUrl,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    cfg.scopes,
  );
  for (const [k, v] of Object.entries(cfg.extraAuthParams)) url.searchParams.set(k, v);
  return url.toString();
}

/** Dropbox reads its JSON argument from a header, which must be ASCII. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export interface Upload {
  bytes: ArrayBuffer;
  fileName: string;
  contentType: string;
}

export interface UploadResult {
  ok: boolean;
  status: number;
  message?: string;
}

async function providerMessage(res: Response): Promise<string | undefined> {
  const text = await res.text().catch(() => "");
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string } | string;
      error_summary?: string;
      error_description?: string;
    };
    if (typeof body.error === "object" && body.error?.message) return body.error.message;
    return body.error_summary ?? body.error_description ?? (typeof body.error === "string" ? body.error : undefined);
  } catch {
    return text.slice(0, 200) || undefined;
  }
}

/** Drive's multipart upload takes up to 5 MB; larger files go through a resumable session. */
export const DRIVE_MULTIPART_LIMIT = 5 * 1024 * 1024;

async function uploadToDrive(cfg: ProviderConfig, accessToken: string, file: Upload): Promise<Response> {
  const meta = JSON.stringify({ name: file.fileName, mimeType: file.contentType });
  if (file.bytes.byteLength > DRIVE_MULTIPART_LIMIT) {
    const session = await fetch(`${cfg.uploadUrl}?uploadType=resumable&fields=id,name`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${accessToken}`,
        "Content-Type": "application/json; charset=UTF-8",
        "X-Upload-Content-Type": file.contentType,
        "X-Upload-Content-Length": String(file.bytes.byteLength),
      },
      body: meta,
    });
    const location = session.headers.get("location");
    if (!session.ok || !location) return session;
    await session.body?.cancel();
    return fetch(location, { method: "PUT", headers: { "Content-Type": file.contentType }, body: file.bytes });
  }
  const boundary = `pdftools-${crypto.randomUUID()}`;
  const body = new Blob([
    `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${meta}\r\n`,
    `--${boundary}\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    file.bytes,
    `\r\n--${boundary}--\r\n`,
  ]);
  return fetch(`${cfg.uploadUrl}?uploadType=multipart&fields=id,name`, {
    method: "POST",
    headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": `multipart/related; boundary=${boundary}` },
    body,
  });
}

export async function uploadToProvider(cfg: ProviderConfig, accessToken: string, file: Upload): Promise<UploadResult> {
  const res =
    cfg.provider === "google"
      ? await uploadToDrive(cfg, accessToken, file)
      : await fetch(cfg.uploadUrl, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${accessToken}`,
            "Content-Type": "application/octet-stream",
            "Dropbox-API-Arg": asciiJson({ path: `/${file.fileName}`, mode: "add", autorename: true, mute: false }),
          },
          body: file.bytes,
        });
  if (res.ok) {
    await res.body?.cancel();
    return { ok: true, status: res.status };
  }
  return { ok: false, status: res.status, message: await providerMessage(res) };
}

/** No standing access: the token is revoked as soon as the file is saved (best effort). */
export async function revokeToken(cfg: ProviderConfig, accessToken: string): Promise<void> {
  try {
    if (cfg.provider === "google") {
      const res = await fetch(cfg.revokeUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: accessToken }),
      });
      await res.body?.cancel();
    } else {
      const res = await fetch(cfg.revokeUrl, { method: "POST", headers: { Authorization: `Bearer ${accessToken}` } });
      await res.body?.cancel();
    }
  } catch (err) {
    console.warn("token revocation failed", err);
  }
}
