import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { app } from "../../../worker/index";
import { freshIp } from "../convert/support";
import { BASE, call, json } from "../helpers";

/** Faults injected into the bindings of one request, then the state it left behind. */

/** The app with these bindings instead of the real ones; the same code wrangler serves. */
export async function fetchWith(bindings: Partial<Env>, path: string, init: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${BASE}${path}`, init), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function wrap<T extends object>(target: T, replace: (name: string) => unknown): T {
  return new Proxy(target, {
    get(t, prop) {
      const swapped = typeof prop === "string" ? replace(prop) : undefined;
      if (swapped !== undefined) return swapped;
      const v = Reflect.get(t, prop, t);
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
}

/** R2 that fails its `n`th put (1-based) and, with `alwaysAfter`, every put after it. */
export function failingBucket(n: number, opts: { alwaysAfter?: boolean } = {}) {
  let puts = 0;
  const bucket = wrap(env.FILES, (name) =>
    name === "put"
      ? async (...args: Parameters<R2Bucket["put"]>) => {
          puts++;
          if (puts === n || (opts.alwaysAfter && puts > n)) throw new Error("R2 put failed (injected)");
          return env.FILES.put(...args);
        }
      : undefined,
  );
  return { bucket, puts: () => puts };
}

/** D1 whose statements matching `pattern` fail when run. */
export function failingDb(pattern: RegExp): D1Database {
  const statement = (sql: string, s: D1PreparedStatement): D1PreparedStatement =>
    wrap(s, (name) => {
      if (name === "bind") return (...values: unknown[]) => statement(sql, s.bind(...values));
      if (["run", "all", "first", "raw"].includes(name) && pattern.test(sql)) {
        return async () => {
          throw new Error("D1_ERROR: injected failure");
        };
      }
      return undefined;
    });
  return wrap(env.DB, (name) =>
    name === "prepare" ? (sql: string) => statement(sql, env.DB.prepare(sql)) : undefined,
  );
}

/** KV that fails every read and write. */
export function failingKv(): KVNamespace {
  const fail = async () => {
    throw new Error("KV failed (injected)");
  };
  return wrap(env.COUNTERS, (name) =>
    ["get", "put", "delete", "list", "getWithMetadata"].includes(name) ? fail : undefined,
  );
}

/** Every stored result's key (the bucket is shared with other files' tests: all pages of it). */
export async function resultObjects(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const listed = await env.FILES.list({ prefix: "results/", cursor });
    keys.push(...listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return keys;
}

export interface Account {
  token: string;
  id: number;
}

let accounts = 0;
export async function registerUser(): Promise<Account> {
  accounts++;
  const email = `fault${accounts}-${Date.now()}@example.com`;
  const res = await call("/api/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
    body: JSON.stringify({
      email,
      password: "tulip-canyon-raft",
      confirmPassword: "tulip-canyon-raft",
      firstName: "F",
      lastName: "T",
    }),
  });
  const body = await json<{ sessionToken: string; user: { id: number } }>(res);
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(body)}`);
  return { token: body.sessionToken, id: body.user.id };
}

/** What a failed request must not have left: history rows and a counted conversion. */
export async function accountState(id: number) {
  const history = await env.DB.prepare("SELECT count(*) AS n FROM file_history WHERE userId = ?")
    .bind(id)
    .first<{ n: number }>();
  const user = await env.DB.prepare("SELECT dailyConversions AS used FROM users WHERE id = ?")
    .bind(id)
    .first<{ used: number | null }>();
  return { historyRows: history?.n ?? 0, used: user?.used ?? 0 };
}

/** A multipart body as bytes, with its content type, for requests that stream it by hand. */
export async function multipartBytes(form: FormData): Promise<{ bytes: Uint8Array; type: string }> {
  const req = new Request(BASE, { method: "POST", body: form });
  return { bytes: new Uint8Array(await req.arrayBuffer()), type: req.headers.get("content-type") ?? "" };
}
