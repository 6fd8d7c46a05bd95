#!/usr/bin/env node
/**
 * `npm run load`: concurrent uploads across the tools against a running server on loopback,
 * then every result checked against its own request, then faults (clients that go away
 * mid-upload). Starts its own server (port LOAD_PORT, default 8796) unless LOAD_URL is given.
 *
 *   LOAD_CLIENTS=20 LOAD_SECONDS=60 npm run load
 *
 * Writes test/bench/results/load.json and load.md. Exits non-zero on any 5xx, lost or
 * mixed-up result, or fault that left something behind.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { machine } from "../bench/machine.mjs";
import { HOSTILE, hostileBytes, mustRefuse, toolsFor } from "../support/hostile.mjs";
import { runFaults } from "./faults.mjs";
import { sendHostile } from "./hostile-requests.mjs";
import { JOBS } from "./jobs.mjs";
import { loadMarkdown } from "./report.mjs";
import { startServer } from "./server.mjs";

const CLIENTS = Number(process.env.LOAD_CLIENTS) || 20;
const SECONDS = Number(process.env.LOAD_SECONDS) || 60;
const PORT = Number(process.env.LOAD_PORT) || 8796;
const RESULTS = fileURLToPath(new URL("../bench/results/", import.meta.url));
const KINDS = Object.keys(JOBS);

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : null;

/** A distinct documentation-range address per request: the guest allowance is per address. */
let addresses = 0;
const nextAddress = () => {
  addresses++;
  // Each its own /64: the worker counts an IPv6 client by its network.
  return `2001:db8:${(addresses >> 16).toString(16)}:${(addresses & 0xffff).toString(16)}::1`;
};

async function client(url, id, deadline, log) {
  for (let i = 0; Date.now() < deadline; i++) {
    const n = id * 100_000 + i;
    const kind = KINDS[(id + i) % KINDS.length];
    const job = await JOBS[kind](n);
    const started = performance.now();
    let status = 0;
    let answer;
    try {
      const res = await fetch(`${url}/api/convert/${kind}`, {
        method: "POST",
        body: job.body,
        headers: { "cf-connecting-ip": nextAddress() },
      });
      status = res.status;
      answer = await res.json().catch(() => null);
    } catch (err) {
      log.push({ kind, status: "network", ms: performance.now() - started, error: String(err) });
      continue;
    }
    const ms = performance.now() - started;
    const entry = { kind, status, ms, n };
    log.push(entry);
    if (status !== 200) {
      entry.error = answer?.error ?? "";
      continue;
    }
    const file = answer?.file ?? answer?.files?.[0];
    if (!file?.downloadUrl) {
      entry.lost = "no downloadUrl in the answer";
      continue;
    }
    const dl = await fetch(`${url}${file.downloadUrl}`);
    const bytes = new Uint8Array(await dl.arrayBuffer());
    if (dl.status !== 200 || bytes.length !== file.size)
      entry.lost = `download ${dl.status}, ${bytes.length} of ${file.size} bytes`;
    else {
      entry.bytes = bytes;
      entry.check = job.check;
    }
  }
}

/**
 * One more client, sending hostile inputs (the quick set of test/support/hostile.mjs) between the
 * ordinary jobs, each from an address of its own: the server must answer every one (a 4xx where
 * the input must be refused, or a 503 "busy" when the isolate has no memory to spare for it at that
 * moment), and the ordinary jobs must still all succeed.
 */
async function hostileClient(url, deadline, log) {
  const inputs = [];
  for (const entry of HOSTILE.filter((h) => h.quick)) inputs.push({ entry, bytes: await hostileBytes(entry) });
  const sends = inputs.flatMap(({ entry, bytes }) => toolsFor(entry).map((tool) => ({ entry, bytes, tool })));
  for (let i = 0; Date.now() < deadline; i++) {
    const { entry, bytes, tool } = sends[i % sends.length];
    const r = await sendHostile(url, entry, bytes, tool, nextAddress());
    // A 503 "busy" is the admission's answer when the isolate cannot spare the memory a job grows
    // into while others run (Retry-After): an answer, not a failure. Any other 5xx is a bug.
    const busy = r.status === 503 && r.code === "busy";
    const problem =
      r.status === "network" || (r.status >= 500 && !busy)
        ? `${r.status} ${r.error ?? ""}`
        : mustRefuse(entry, tool) && !r.refused && !busy
          ? `${r.status}: not refused`
          : null;
    log.push({ input: entry.name, tool, status: r.status, code: r.code, ms: r.ms, problem });
  }
}

/** Every result against its own request, two at a time (the server is idle by now). */
async function verify(log) {
  const todo = log.filter((e) => e.check);
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const e = todo[next++];
      e.problem = await e.check(e.bytes).catch((err) => `check failed: ${err}`);
      e.bytes = undefined;
      e.check = undefined;
    }
  };
  await Promise.all([worker(), worker()]);
}

function summarise(log, seconds) {
  const done = log.filter((e) => e.status === 200);
  const byStatus = {};
  for (const e of log) byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
  const latency = (entries) => {
    const ms = entries.map((e) => e.ms).sort((a, b) => a - b);
    return { p50: percentile(ms, 0.5), p90: percentile(ms, 0.9), p99: percentile(ms, 0.99), max: ms.at(-1) ?? null };
  };
  const perKind = Object.fromEntries(
    KINDS.map((k) => {
      const mine = log.filter((e) => e.kind === k);
      return [
        k,
        {
          requests: mine.length,
          ok: mine.filter((e) => e.status === 200).length,
          ...latency(mine.filter((e) => e.status === 200)),
        },
      ];
    }),
  );
  return {
    requests: log.length,
    completed: done.length,
    throughput: done.length / seconds,
    latency: latency(done),
    byStatus,
    serverErrors: log.filter((e) => typeof e.status === "number" && e.status >= 500).length,
    networkErrors: log.filter((e) => e.status === "network").length,
    lost: log.filter((e) => e.lost).map((e) => ({ kind: e.kind, n: e.n, lost: e.lost })),
    mixedUp: log.filter((e) => e.problem).map((e) => ({ kind: e.kind, n: e.n, problem: e.problem })),
    verified: log.filter((e) => e.problem === null).length,
    perKind,
    errors: [...new Set(log.filter((e) => e.error).map((e) => `${e.status} ${e.kind}: ${e.error}`))].slice(0, 20),
  };
}

const server = process.env.LOAD_URL
  ? { url: process.env.LOAD_URL.replace(/\/$/, ""), state: null, stop() {} }
  : await startServer(PORT);
try {
  console.info(`load: ${CLIENTS} clients for ${SECONDS} s against ${server.url}`);
  const log = [];
  // Warm the isolate (first request per tool is cold), then measure.
  for (const kind of KINDS)
    await fetch(`${server.url}/api/convert/${kind}`, {
      method: "POST",
      body: (await JOBS[kind](9_999_000)).body,
      headers: { "cf-connecting-ip": nextAddress() },
    }).then((r) => r.arrayBuffer());
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const hostileLog = [];
  await Promise.all([
    ...Array.from({ length: CLIENTS }, (_, id) => client(server.url, id, deadline, log)),
    process.env.LOAD_HOSTILE === "0" ? Promise.resolve() : hostileClient(server.url, deadline, hostileLog),
  ]);
  const elapsed = (Date.now() - started) / 1000;
  console.info(`load: ${log.length} requests in ${elapsed.toFixed(1)} s; checking every result`);
  await verify(log);
  const summary = summarise(log, elapsed);
  summary.hostile = {
    requests: hostileLog.length,
    byStatus: Object.fromEntries(
      [...new Set(hostileLog.map((h) => h.status))].map((st) => [st, hostileLog.filter((h) => h.status === st).length]),
    ),
    slowestMs: Math.max(0, ...hostileLog.map((h) => h.ms)),
    problems: hostileLog.filter((h) => h.problem).map((h) => `${h.input} -> ${h.tool}: ${h.problem}`),
  };
  console.info("faults: clients that go away mid-upload");
  const faults = await runFaults(server);
  const doc = {
    date: new Date().toISOString(),
    machine: machine(),
    clients: CLIENTS,
    seconds: elapsed,
    url: server.url,
    ...summary,
    faults,
  };
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, "load.json"), `${JSON.stringify(doc, null, 2)}\n`);
  const md = loadMarkdown(doc);
  writeFileSync(join(RESULTS, "load.md"), `${md}\n`);
  console.info(`\n${md}\n`);
  const failed =
    summary.serverErrors +
    summary.networkErrors +
    summary.lost.length +
    summary.mixedUp.length +
    summary.hostile.problems.length +
    faults.filter((f) => !f.ok).length;
  process.exitCode = failed > 0 ? 1 : 0;
} finally {
  server.stop();
}
