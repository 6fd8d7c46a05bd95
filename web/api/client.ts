/**
 * The one fetch layer. Spec section 7: non-OK responses become `'{status}: {body or status
 * text}'` errors; cookies are included; the session token travels as a bearer header only on
 * the calls the spec names.
 */
export const SESSION_TOKEN_KEY = "sessionToken";

export function getSessionToken(): string | null {
  try {
    return localStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setSessionToken(token: string | null) {
  try {
    if (token) localStorage.setItem(SESSION_TOKEN_KEY, token);
    else localStorage.removeItem(SESSION_TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode, disabled): the session then lasts the page.
  }
}

export function authHeaders(): Record<string, string> {
  const token = getSessionToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
  }
}

/** Throws `'{status}: {text}'` for a non-OK response, keeping the parsed body for callers. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => "")) || res.statusText;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  throw new HttpError(res.status, `${res.status}: ${text}`, body);
}

export interface ApiRequestInit extends Omit<RequestInit, "body"> {
  json?: unknown;
  body?: BodyInit;
  auth?: boolean;
}

/** A request to our API; `auth` adds the bearer header, `json` sends a JSON body. */
export async function apiRequest(path: string, { json, auth = false, headers, ...init }: ApiRequestInit = {}) {
  const res = await fetch(path, {
    credentials: "include",
    ...init,
    headers: {
      ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(auth ? authHeaders() : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : init.body,
  });
  return res;
}

/** Reads an error field from a JSON error body, whatever shape it came in. */
export function errorField(body: unknown, field = "error"): string | undefined {
  if (body && typeof body === "object" && field in body) {
    const value = (body as Record<string, unknown>)[field];
    return typeof value === "string" ? value : undefined;
  }
  return undefined;
}
