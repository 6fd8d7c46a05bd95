#!/usr/bin/env node
// Adds lockfile entries for other platforms' optional binaries (biome, workerd, napi canvas) that
// this machine's registry mirror does not carry. Without them `npm ci` says package.json and the
// lockfile are out of sync. Run after an `npm install` that rewrote the lockfile:
//   node test/support/lockfile-platforms.mjs && npm ci
import { readFileSync, writeFileSync } from "node:fs";

const path = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(readFileSync(path, "utf8"));
const pkgs = lock.packages;
const platform = (name) => {
  const os =
    ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "netbsd", "sunos", "aix", "openharmony"].find((o) =>
      name.includes(o === "win32" ? "win32" : o),
    ) ?? (name.includes("windows") ? "win32" : undefined);
  const cpu =
    ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "mips64el"].find((c) =>
      new RegExp(`[-_]${c}(?:$|[-_])`).test(name),
    ) ?? (name.endsWith("-64") ? "x64" : undefined);
  const libc = name.includes("musl") ? "musl" : name.includes("gnu") ? "glibc" : undefined;
  return { os, cpu, libc };
};
const added = [];
for (const [loc, meta] of Object.entries(pkgs)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    // Resolve like node: nearest node_modules up the tree.
    const candidates = [];
    let cur = loc;
    while (true) {
      candidates.push(`${cur ? `${cur}/` : ""}node_modules/${dep}`);
      if (!cur) break;
      const i = cur.lastIndexOf("/node_modules/");
      cur = i === -1 ? "" : cur.slice(0, i);
    }
    const found = candidates.find((c) => pkgs[c]);
    if (found && pkgs[found].version === range.replace(/^[\^~=]/, "")) continue;
    if (found && !pkgs[found].optional) continue;
    const { os, cpu, libc } = platform(dep);
    if (!os && !cpu) continue;
    const depth = loc.split("node_modules/").length - 1;
    const target =
      depth <= 1 ? `node_modules/${dep}` : `${loc.slice(0, loc.lastIndexOf("/node_modules/"))}/node_modules/${dep}`;
    pkgs[target] = {
      version: range.replace(/^[\^~=]/, ""),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(meta.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added.push(`${target}@${pkgs[target].version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.info(
  added.length ? `added ${added.length} platform entries:\n${added.join("\n")}` : "lockfile already complete",
);
