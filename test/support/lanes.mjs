/**
 * Running test commands side by side on a 2-core machine: one lane may print as it goes, the
 * others keep their output and print it, under a heading, when they are done. Each command's
 * wall time and CPU time are measured: CPU is what its processes used, children included (what
 * a shared or busy machine cannot inflate), so a slow run can be told from a busy machine.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

const TICKS = 100; // USER_HZ: /proc's times are in hundredths of a second on Linux

/** A process's parent, start time, own CPU (utime + stime) and its reaped children's (cutime + cstime), from /proc. */
function procStat(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
    const own = Number(f[11]) + Number(f[12]);
    return { ppid: Number(f[1]), start: f[19], own, reaped: Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

/**
 * A command's processes are reaped by their parents up to us, so when a command exits, the time
 * this process's reaped children grew by since the last exit is that command's whole tree.
 */
let reapedSoFar = (procStat("self")?.reaped ?? 0) / TICKS;
function reapedSinceLastExit() {
  const now = (procStat("self")?.reaped ?? 0) / TICKS;
  const grew = now - reapedSoFar;
  reapedSoFar = now;
  return grew;
}

/**
 * Processes that outlive their parent (workerd under a wrangler that was stopped) are reaped by
 * init, not by us: each command's tree is looked at every second, and the time of what left it
 * while still running is added to the command's.
 */
const trees = new Map(); // root pid -> Map("pid start" -> { ticks, left })
let sampler;
function sample() {
  const procs = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const st = procStat(name);
    if (st) procs.set(Number(name), st);
  }
  const inTree = (pid, root) => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops++, p = procs.get(p)?.ppid ?? 0) if (p === root) return true;
    return false;
  };
  for (const [root, seen] of trees) {
    for (const [pid, st] of procs) {
      const key = `${pid} ${st.start}`;
      const known = seen.get(key);
      const now = inTree(pid, root);
      if (!now && !known) continue;
      seen.set(key, { ticks: st.own + st.reaped, left: known?.left || !now });
    }
  }
}
function watch(pid) {
  trees.set(pid, new Map());
  sampler ??= setInterval(sample, 1000);
  sampler.unref();
}
/** CPU seconds of the processes that left a command's tree while running. */
function leftSeconds(pid) {
  let ticks = 0;
  for (const e of trees.get(pid)?.values() ?? []) if (e.left) ticks += e.ticks;
  return ticks / TICKS;
}

/** Runs a command; `live` prints as it goes, otherwise the output is kept. */
export function run(cmd, args, { live = false, extraEnv = {}, nice = 0 } = {}) {
  const started = Date.now();
  const [file, argv] = nice ? ["nice", ["-n", String(nice), cmd, ...args]] : [cmd, args];
  const child = spawn(file, argv, {
    env: { ...env, ...extraEnv },
    stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  watch(child.pid);
  const out = [];
  if (!live) {
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
  }
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      const cpu = reapedSinceLastExit();
      sample();
      resolve({
        name: [cmd, ...args].join(" "),
        code: code ?? 1,
        signal,
        out,
        seconds: (Date.now() - started) / 1000,
        cpuOwn: cpu,
        pid: child.pid,
      });
    }),
  );
}

/** vitest on some projects; extra arguments (a file filter) follow. */
export function vitest(projects, args, options) {
  return run("npx", ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), ...args], options);
}

/**
 * Runs steps one after another, stopping at the first that fails; with `{ keepGoing: true }`
 * (steps that do not need each other) every step runs, so one run shows every failure.
 */
export async function sequence(steps, { keepGoing = false } = {}) {
  const done = [];
  for (const step of steps) {
    const r = await step();
    done.push(r);
    if (r.code !== 0 && !keepGoing) break;
  }
  return done;
}

/** Prints a kept result under a heading. */
export function report(r) {
  process.stdout.write(`\n── ${r.name} (${Math.round(r.seconds)} s) ──\n`);
  process.stdout.write(Buffer.concat(r.out));
}

/** CPU seconds of a finished command: its tree as reaped, plus what left the tree used (sampled to now). */
export function cpuSeconds(r) {
  sample();
  return r.cpuOwn + leftSeconds(r.pid);
}
