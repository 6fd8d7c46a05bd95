import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { ConvertSlug } from "../../../schema/options";
import { Budget } from "../../../worker/engine/core/budget";
import { prepareJob, runJob } from "../../../worker/engine/jobs/convert";
import type { ToolOutput } from "../../../worker/engine/tools";
import { app } from "../../../worker/index";
import { freshIp } from "../convert/support";
import { BASE, call, json } from "../helpers";

/** Shared by the tests of POST /api/results: what our tools make, and requests that upload it. */

/** The outputs a tool's endpoint makes of these files, made here by the engine itself (nothing is stored). */
export async function engineOutputs(
  slug: ConvertSlug,
  files: { name: string; bytes: Uint8Array; type?: string }[],
  fields: Record<string, string> = {},
): Promise<ToolOutput[]> {
  const input = { files: files.map((f) => ({ type: "", ...f })), field: (name: string) => fields[name] };
  const result = await runJob(prepareJob(slug, input, { maxFileBytes: 25 * 1024 * 1024 }), new Budget(60_000));
  const made = result.outputs.filter((o): o is ToolOutput => o.ok);
  expect(made.length, `${slug} made nothing`).toBeGreaterThan(0);
  return made;
}

/** The multipart body the site sends: the file, its original name and the tool that made it. */
export function resultForm(bytes: Uint8Array, name: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.append("file", new File([bytes], name));
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}

export interface Uploaded {
  status: number;
  body: { code?: string; error?: string; file?: { downloadUrl: string; convertedName: string; size: number } };
  ms: number;
}

/**
 * POST /api/results through the Worker's own fetch handler, with `vars` over wrangler.toml's (the
 * deadlines and daily limits in config.ts), from its own address unless the headers name one.
 */
export async function uploadResult(
  body: FormData | { stream: ReadableStream<Uint8Array>; type: string; length?: number },
  opts: { headers?: Record<string, string>; vars?: Record<string, string> } = {},
): Promise<Uploaded> {
  const started = Date.now();
  const headers: Record<string, string> = { "cf-connecting-ip": freshIp(), ...opts.headers };
  const init: RequestInit & { duplex?: string } = { method: "POST", headers };
  if (body instanceof FormData) init.body = body;
  else {
    headers["content-type"] = body.type;
    if (body.length !== undefined) headers["content-length"] = String(body.length);
    init.body = body.stream;
    init.duplex = "half";
  }
  const res = await fetchWithVars("/api/results", init, opts.vars);
  return { status: res.status, body: await json(res), ms: Date.now() - started };
}

/** A request through the Worker's fetch handler with some [vars] changed (config is read per environment object). */
export async function fetchWithVars(path: string, init: RequestInit, vars: Record<string, string> = {}) {
  if (Object.keys(vars).length === 0) return call(path, init);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${BASE}${path}`, init), { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

let accounts = 0;
/** A new account (free, or made premium in D1): its id and bearer header. */
export async function account(role: "free" | "premium" = "free") {
  const email = `stored${++accounts}-${Date.now()}@example.com`;
  const password = "Qv7#mLx2!pRt9w";
  const res = await call("/api/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
    body: JSON.stringify({ firstName: "Ada", lastName: "Byron", email, password, confirmPassword: password }),
  });
  const body = await json<{ sessionToken: string; user: { id: number } }>(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  if (role === "premium")
    await env.DB.prepare("UPDATE users SET role = 'premium' WHERE id = ?").bind(body.user.id).run();
  return { id: body.user.id, headers: { authorization: `Bearer ${body.sessionToken}` } };
}

/** How many results an account has stored (only what this test made: its account is its own). */
export async function storedBy(userId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM results WHERE userId = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
