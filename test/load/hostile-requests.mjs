/**
 * Sending hostile inputs to a running server, and reading how much the server's workerd
 * processes grow while answering: shared by `npm run bench -- hostile` and `npm run load`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { endpoint, toolAttachments, toolFields, toolsFor } from "../support/hostile.mjs";

const MIME = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  zip: "application/zip",
};

/** A tiny valid PDF, the second file a merge needs. */
export const SMALL_PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

/** The multipart body that sends `bytes` (named `name`) to `tool`, with the fields it needs. */
export function hostileForm(tool, name, type, bytes) {
  const form = new FormData();
  // A device's result is one `file`; a tool's uploads are `files`.
  form.append(tool === "results" ? "file" : "files", new Blob([bytes], { type: MIME[type] }), name);
  if (tool === "merge-pdf") form.append("files", new Blob([SMALL_PDF], { type: "application/pdf" }), "small.pdf");
  for (const [k, v] of Object.entries(toolFields(tool))) form.append(k, v);
  for (const a of toolAttachments(tool)) form.append(a.field, new Blob([a.bytes], { type: a.type }), a.name);
  return form;
}

export { endpoint };

/** The process ids of the workerd processes in a process group. */
export function workerdPids(pgid) {
  const out = execFileSync("ps", ["-o", "pid=,comm=", "-g", String(pgid)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter(([, comm]) => comm === "workerd")
    .map(([pid]) => Number(pid));
}

function rssBytes(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the summed RSS of `pids` every `ms`; `peakSince(mark)` is the largest since a mark. */
export function rssSampler(pids, ms = 50) {
  const now = () => pids.reduce((s, p) => s + rssBytes(p), 0);
  let peak = now();
  let max = peak;
  const timer = setInterval(() => {
    const v = now();
    if (v > peak) peak = v;
    if (v > max) max = v;
  }, ms);
  return {
    now,
    /** Starts a window: returns the current RSS and resets the window's peak to it. */
    mark() {
      const v = now();
      peak = v;
      return v;
    },
    peak: () => Math.max(peak, now()),
    /** The largest since sampling began. */
    max: () => Math.max(max, now()),
    stop: () => clearInterval(timer),
  };
}

/**
 * Samples the Worker isolate's own memory (V8 heap in use plus ArrayBuffer backing stores,
 * which is what a deployed isolate's 128 MB limit counts) through wrangler dev's inspector, the
 * Chrome DevTools protocol's Runtime.getHeapUsage, every `ms`. Unlike the process's RSS it is not
 * inflated by the local storage simulators or by memory the allocator keeps after it is freed.
 */
export async function isolateSampler(inspectorPort, ms = 50) {
  const ws = new WebSocket(`ws://127.0.0.1:${inspectorPort}/ws`, { headers: { origin: "http://localhost" } });
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`the inspector on port ${inspectorPort} refused the connection`));
  });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data));
    if (m.id && pending.has(m.id)) {
      pending.get(m.id)(m.result);
      pending.delete(m.id);
    }
  };
  const usage = () =>
    new Promise((resolve) => {
      const i = ++id;
      pending.set(i, (r) => resolve(r ? r.usedSize + r.backingStorageSize : 0));
      ws.send(JSON.stringify({ id: i, method: "Runtime.getHeapUsage" }));
    });
  let last = await usage();
  let peak = last;
  let max = last;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    last = await usage();
    busy = false;
    if (last > peak) peak = last;
    if (last > max) max = last;
  }, ms);
  return {
    now: () => last,
    async mark() {
      last = await usage();
      peak = last;
      return last;
    },
    peak: () => peak,
    max: () => max,
    /**
     * Forces a full collection in the isolate, then reads what it still holds: memory kept, not
     * garbage. workerd's inspector never answers HeapProfiler.collectGarbage; a heap snapshot
     * collects first (its chunks are ignored).
     */
    async collected() {
      await new Promise((resolve) => {
        const i = ++id;
        pending.set(i, resolve);
        ws.send(JSON.stringify({ id: i, method: "HeapProfiler.takeHeapSnapshot", params: { reportProgress: false } }));
      });
      last = await usage();
      return last;
    },
    stop() {
      clearInterval(timer);
      ws.close();
    },
  };
}

/** Sends one hostile input to one tool; the answer's status, code, message and time. */
export async function sendHostile(url, entry, bytes, tool, address) {
  const started = performance.now();
  try {
    const res = await fetch(`${url}${endpoint(tool)}`, {
      method: "POST",
      body: hostileForm(tool, entry.name, entry.type, bytes),
      headers: { "cf-connecting-ip": address },
    });
    const body = await res.json().catch(() => ({}));
    // Unlock and watermark answer 200 with a failure per file: nothing made is a refusal.
    const failed = res.status === 200 && body.files?.length > 0 && body.files.every((f) => f.status === "error");
    return {
      status: res.status,
      refused: (res.status >= 400 && res.status < 500) || failed,
      code: body.code ?? (failed ? (body.files[0].code ?? "error") : null),
      error: body.error ?? body.files?.find((f) => f.error)?.error ?? null,
      ms: performance.now() - started,
    };
  } catch (err) {
    return { status: "network", code: null, error: String(err), ms: performance.now() - started };
  }
}

export { toolsFor };
