/**
 * Small imitations of the third parties we cannot reach from here (Stripe, Google, Dropbox),
 * on 127.0.0.1. The worker's real clients are pointed at them by configuration. Every request
 * is recorded so tests can check what the worker sent: GET /__requests, POST /__reset.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleCloud } from "./cloud.ts";
import { handleStripe } from "./stripe.ts";
import { handleTurnstile } from "./turnstile.ts";

export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Form or JSON bodies decoded to flat key/value pairs; other bodies as base64 in `raw`. */
  form: Record<string, string>;
  json?: unknown;
  raw: string;
  at: number;
}

export interface ImitationState {
  requests: Recorded[];
  /** Objects tests plant for later GETs (subscriptions) or one-off failures to return. */
  store: Map<string, unknown>;
  port: number;
}

export type Handler = (
  req: Recorded,
  state: ImitationState,
) => { status: number; body: unknown; headers?: Record<string, string> } | null;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 60 * 1024 * 1024) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function record(req: IncomingMessage, body: Buffer): Recorded {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const type = req.headers["content-type"] ?? "";
  const form: Record<string, string> = {};
  let json: unknown;
  if (type.includes("application/x-www-form-urlencoded")) {
    for (const [k, v] of new URLSearchParams(body.toString("utf8"))) form[k] = v;
  } else if (type.includes("application/json")) {
    try {
      json = JSON.parse(body.toString("utf8"));
    } catch {
      json = undefined;
    }
  }
  return {
    method: req.method ?? "GET",
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
    ),
    form,
    json,
    raw: body.toString("base64"),
    at: Date.now(),
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": typeof body === "string" ? "text/plain" : "application/json", ...headers });
  res.end(text);
}

export async function startImitations(
  port = 0,
): Promise<{ port: number; state: ImitationState; close(): Promise<void>; server: Server }> {
  const state: ImitationState = { requests: [], store: new Map(), port: 0 };
  const server = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const r = record(req, body);
      if (r.path === "/__requests") return send(res, 200, state.requests);
      if (r.path === "/__reset" && r.method === "POST") {
        state.requests.length = 0;
        state.store.clear();
        return send(res, 200, { ok: true });
      }
      if (r.path === "/__store" && r.method === "POST") {
        const { key, value } = r.json as { key: string; value: unknown };
        state.store.set(key, value);
        return send(res, 200, { ok: true });
      }
      state.requests.push(r);
      const answer = handleStripe(r, state) ?? handleCloud(r, state) ?? handleTurnstile(r, state);
      if (!answer) return send(res, 404, { error: { message: `No imitation for ${r.method} ${r.path}` } });
      send(res, answer.status, answer.body, answer.headers);
    } catch (err) {
      send(res, 500, { error: { message: String(err) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.port = (server.address() as AddressInfo).port;
  server.unref();
  return {
    port: state.port,
    state,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
