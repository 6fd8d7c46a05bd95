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

/** Reason phrases for when the status text is empty (HTTP/2 sends none). */
const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/**
 * Every failed call to our API, whatever the call: its status, the error body the server sent
 * (`{ error, code, ...fields }`, or the text of a proxy's error page) and the message a person
 * reads, which each call words as the spec asks (status 0: the network failed).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
  /** The server's own explanation, when it sent one. */
  get serverError(): string | undefined {
    return errorField(this.body);
  }
  get code(): string | undefined {
    return errorField(this.body, "code");
  }
  /** Another field of the error body (upgradeMessage, siteKey...). */
  field(name: string): string | undefined {
    return errorField(this.body, name);
  }
}

/** What a message is made from: the server's `error`, the status text, the body's raw text. */
export interface FailedAnswer {
  serverError: string | undefined;
  statusText: string;
  text: string;
}

/** The ApiError of a non-OK answer, its body read whatever it holds; `message` words it. */
export async function apiErrorOf(res: Response, message: (a: FailedAnswer) => string): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's HTML error page: keep the text; the status still explains it.
  }
  const statusText = res.statusText || REASONS[res.status] || String(res.status);
  return new ApiError(res.status, statusText, body, message({ serverError: errorField(body), statusText, text }));
}

/** The default rule for data queries (spec section 7): a non-OK answer is `'{status}: {body or status text}'`. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw await apiErrorOf(res, ({ text, statusText }) => `${res.status}: ${text || statusText}`);
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
