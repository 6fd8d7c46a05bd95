#!/usr/bin/env node
/**
 * THIRD-PARTY-NOTICES.md, from what actually ships: the worker as wrangler bundles it (esbuild's
 * metafile, and the .wasm/.ttf modules beside the bundle) and the site as Vite builds it (each
 * output's modules or source map, assets' original files, pdf.js's files copied under /pdfjs/).
 * Every shipped file is traced to its npm package; a file that cannot be traced fails the run.
 *
 *   node test/support/notices.mjs          writes THIRD-PARTY-NOTICES.md (`npm run notices`)
 *   node test/support/notices.mjs --check  fails if a shipped licence is not allowed, or the
 *                                          committed file is out of date (run by `npm test`)
 *
 * House rule: permissive licences only in what ships; LGPL or MPL only as a separate file
 * loaded at run time, never inside a bundle; GPL and AGPL never. Both builds go to a temporary
 * folder and take a few seconds each, so the check makes its own rather than trust dist/.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OUT = join(ROOT, "THIRD-PARTY-NOTICES.md");

/** Project files made from a package's file (test/support/gen-hb-subset-wasm.mjs). */
const DERIVED = { "worker/engine/codecs/hb-subset.wasm": "node_modules/harfbuzzjs/hb-subset.wasm" };

/** Packages whose package.json names no SPDX licence ("SEE LICENSE IN ..."), read from their text. */
const DECLARED = { "dejavu-fonts-ttf": "Bitstream-Vera AND LicenseRef-Arev" };

/** What the fonts and codecs must stay under, and a family their licence files must read as. */
const EXPECTED = {
  "dejavu-fonts-ttf": ["Bitstream-Vera AND LicenseRef-Arev", "Bitstream-Vera"],
  "@fontsource-variable/inter": ["OFL-1.1", "OFL-1.1"],
  "@fontsource/caveat": ["OFL-1.1", "OFL-1.1"],
  "@fontsource/dancing-script": ["OFL-1.1", "OFL-1.1"],
  "@fontsource/great-vibes": ["OFL-1.1", "OFL-1.1"],
  harfbuzzjs: ["MIT", "MIT"],
  "pdfjs-dist": ["Apache-2.0", "Apache-2.0"],
  "@jsquash/jpeg": ["Apache-2.0", "IJG"],
  "@jsquash/webp": ["Apache-2.0", "BSD"],
  "@jsquash/oxipng": ["Apache-2.0", "MIT"],
  "@cantoo/pdf-lib": ["MIT", "MIT"],
  "@cantoo/fontkit": ["MIT", "MIT"],
};

/** Development tools that must never ship: sharp carries libvips (LGPL) for the tests' image checks. */
const NEVER = ["sharp"];

/**
 * Reviewed exceptions to the house rule. Each is printed on every run: an entry is a decision
 * the maintainers still owe, not a permission.
 */
const EXCEPTIONS = {};

const PERMISSIVE =
  /^(MIT|MIT-0|ISC|0BSD|BSD-[234]-Clause|Apache-2\.0|OFL-1\.1(-RFN|-no-RFN)?|Zlib|CC0-1\.0|Unlicense|BlueOak-1\.0\.0|Bitstream-Vera|LicenseRef-Arev|IJG|Python-2\.0|CC-BY-4\.0)$/;
const WEAK = /^(LGPL|MPL)-/;
const STRONG = /^A?GPL(-|$)/;

/** A licence text's families by its wording (sub-licence files carry no SPDX identifier). */
const WORDING = [
  [/GNU AFFERO GENERAL PUBLIC LICENSE/i, "AGPL"],
  [/GNU (LESSER|LIBRARY) GENERAL PUBLIC LICENSE/i, "LGPL"],
  [/GNU GENERAL PUBLIC LICENSE/i, "GPL"],
  [/Mozilla Public License/i, "MPL"],
  [/SIL OPEN FONT LICENSE/i, "OFL-1.1"],
  [/Bitstream Vera/, "Bitstream-Vera"],
  [/Apache License,? Version 2\.0/i, "Apache-2.0"],
  [/CC0 1\.0 Universal/, "CC0-1.0"],
  [/Independent JPEG Group/, "IJG"],
  [/Redistribution and use in source and binary forms/i, "BSD"],
  [/Permission is hereby granted, free of charge/i, "MIT"],
  [/Permission to use, copy, modify, and\/or distribute/i, "ISC"],
];
function wording(text) {
  const found = WORDING.map(([re, id]) => [text.search(re), id]).filter(([at]) => at >= 0);
  // The GNU licences name one another (the GPL's text points to the LGPL): the first named is the one.
  const gnu = found.filter(([, id]) => id.endsWith("GPL")).sort(([a], [b]) => a - b)[0];
  return found.filter(([, id]) => !id.endsWith("GPL") || id === gnu[1]).map(([, id]) => id);
}

const LICENCE_FILE = /^(licen[cs]e|copying|notice|copyrightnotice)([._-].*)?$/i;
const BINARY = /\.(wasm|ttf|otf|woff2?|pfb|bcmap|icc|png|svg)$/i;

const posix = (p) => p.split(sep).join("/");
const read = (p) => readFileSync(p, "utf8");

function run(cmd, args, env) {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("exit", (code) =>
      code === 0 ? done() : fail(new Error(`${cmd} ${args.join(" ")}:\n${Buffer.concat(out)}`)),
    );
  });
}

/** Shipped source files, each with where it ships: "worker bundle", "site file" ... */
const shipped = new Map();
function ship(path, where, separate) {
  // One package, one entry, however it was reached: a git worktree's node_modules may be a link.
  const file = existsSync(path) ? realpathSync(path) : path;
  const places = shipped.get(file) ?? new Set();
  places.add(`${where} ${separate || BINARY.test(file) ? "file" : "bundle"}`);
  shipped.set(file, places);
}

/** The worker, bundled by wrangler as `wrangler deploy` bundles it. */
async function worker(tmp) {
  const outdir = join(tmp, "worker");
  const meta = join(tmp, "worker-meta.json");
  const env = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
  // An empty assets folder: wrangler refuses a missing dist/web, and the site is traced on its own.
  const assets = mkdtempSync(join(tmp, "assets-"));
  await run(
    "npx",
    ["wrangler", "deploy", "--dry-run", "--outdir", outdir, "--metafile", meta, "--assets", assets],
    env,
  );
  const untraced = new Set(readdirSync(outdir).filter((f) => !/^(index\.js(\.map)?|README\.md)$/.test(f)));
  for (const [input, { imports }] of Object.entries(JSON.parse(read(meta)).inputs)) {
    const file = resolve(ROOT, input);
    ship(file, "worker", false);
    // wrangler names each .wasm/.ttf module by the SHA-1 of its bytes: find it among the importer's imports.
    for (const m of imports.map((i) => /^\.\/([0-9a-f]{40})-(.+)$/.exec(i.path)).filter(Boolean)) {
      const [, sha1, name] = m;
      const found = [...read(file).matchAll(/from\s+["']([^"']+)["']/g)]
        .map((s) => s[1])
        .filter((s) => s.endsWith(`/${name}`))
        .map((s) => (s.startsWith(".") ? resolve(dirname(file), s) : join(ROOT, "node_modules", s)))
        .find((p) => existsSync(p) && createHash("sha1").update(readFileSync(p)).digest("hex") === sha1);
      if (!found) throw new Error(`worker: cannot trace module ${m[0]} imported by ${input}`);
      ship(found, "worker", true);
      untraced.delete(`${sha1}-${name}`);
    }
  }
  if (untraced.size) throw new Error(`worker: untraced output files ${[...untraced].join(", ")}`);
}

/** The site, built by Vite with one more plugin, in both its builds, that records each output's sources. */
async function site(tmp) {
  const { build } = await import("vite");
  const outDir = join(tmp, "site");
  const record = new Map();
  const recorder = {
    name: "notices-recorder",
    generateBundle(_options, bundle) {
      for (const [fileName, out] of Object.entries(bundle)) {
        const sources = record.get(fileName) ?? { modules: new Set(), assets: new Set() };
        if (out.type === "chunk") for (const id of Object.keys(out.modules)) sources.modules.add(id);
        else for (const f of out.originalFileNames ?? []) sources.assets.add(resolve(ROOT, "web", f));
        record.set(fileName, sources);
      }
    },
  };
  await build({
    configFile: join(ROOT, "vite.config.ts"),
    mode: "production",
    logLevel: "error",
    build: { outDir, emptyOutDir: true },
    plugins: [recorder],
    worker: { plugins: () => [recorder] },
  });
  const untraced = [];
  for (const path of walk(outDir)) {
    const name = posix(relative(outDir, path));
    if (name.endsWith(".map")) continue;
    const traced = trace(name, path, record.get(name), outDir) ?? copied(name, path, record);
    if (!traced) untraced.push(name);
    for (const [source, separate] of traced ?? []) ship(source, "site", separate);
  }
  if (untraced.length) throw new Error(`site: untraced output files ${untraced.join(", ")}`);
}

/** An output file's sources as [path, shipped as a file of its own]; undefined if untraced. */
function trace(name, path, sources, outDir) {
  const traced = [];
  for (const id of sources?.modules ?? []) traced.push([moduleFile(id), false]);
  for (const f of sources?.assets ?? []) traced.push([f, true]);
  // Built after the bundle (vite-plugin-pwa's service worker): only their source maps tell.
  if (!sources && existsSync(`${path}.map`)) {
    for (const s of JSON.parse(read(`${path}.map`)).sources) {
      const nm = s.lastIndexOf("node_modules/");
      const file = nm >= 0 ? join(ROOT, s.slice(nm)) : resolve(dirname(path), s);
      // sw.js's own code is workbox-build's template, written to a temporary file that another build
      // running at the same time (npm test's browser lane) may still have on disk.
      if (name === "sw.js" && nm < 0)
        traced.push([join(ROOT, "node_modules/workbox-build/build/templates/sw-template.js"), false]);
      else if (existsSync(file)) traced.push([file, false]);
      else throw new Error(`site: ${name}'s source map names ${s}, which is not on disk`);
    }
  }
  if (traced.length) return traced;
  const pdfjs = /^pdfjs\/(.+)$/.exec(name);
  if (pdfjs) return same(path, join(ROOT, "node_modules/pdfjs-dist", pdfjs[1]));
  if (existsSync(join(ROOT, "web/public", name))) return same(path, join(ROOT, "web/public", name));
  // Ours, written by our plugins (headers, catalogues, notices, the pages drawn at build time) and by
  // vite-plugin-pwa from our manifest. A drawn page is index.html with the app's own markup in it,
  // Chakra's rules and the stylesheet inline: code that ships in the bundle and stylesheet, traced there.
  if (
    /^(_headers|index\.html|manifest\.webmanifest|third-party-notices\.txt|assets\/i18n\/.+\.json|_pages\/.+\.html)$/.test(
      name,
    )
  )
    return [[join(outDir, name), true]];
  return undefined;
}

/** A module id as a file: a virtual module is the code of the bundler or plugin that makes it. */
function moduleFile(id) {
  const file = id.split("?")[0];
  if (existsSync(file)) return file;
  const virtual = [
    [/^\0?vite\//, "vite"],
    [/^\0?rolldown\//, "rolldown"],
    [/^\0?(virtual:pwa|\/@vite-plugin-pwa)/, "vite-plugin-pwa"],
  ].find(([re]) => re.test(file));
  if (!virtual) throw new Error(`site: module ${JSON.stringify(id)} is neither a file nor a known virtual module`);
  return join(ROOT, "node_modules", virtual[1], "package.json");
}

/** A hashed asset (assets/name-hash.ext) that is a byte-for-byte copy of a module of either build. */
function copied(name, path, record) {
  const m = /^assets\/(.+)-[\w-]{8}(\.\w+)$/.exec(name);
  if (!m) return undefined;
  const ids = new Set([...record.values()].flatMap((s) => [...s.modules].map((id) => id.split("?")[0])));
  const id = [...ids].find((i) => i.endsWith(`/${m[1]}${m[2]}`));
  return id && same(path, id);
}

/** The source, if the output is a copy of it. */
function same(output, source) {
  return existsSync(source) && readFileSync(source).equals(readFileSync(output)) ? [[source, true]] : undefined;
}

function* walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) yield* walk(join(dir, e.name));
    else yield join(dir, e.name);
  }
}

/** The package a file belongs to (its folder under the last node_modules/), or undefined for ours. */
function packageDir(file) {
  const p = posix(file);
  const i = p.lastIndexOf("/node_modules/");
  if (i < 0) return undefined;
  const parts = p.slice(i + 14).split("/");
  return p.slice(0, i + 14) + parts.slice(0, parts[0].startsWith("@") ? 2 : 1).join("/");
}

/**
 * Licence files in the file's folder and each one above it, up to the package's own. One named
 * for a part (pdfjs-dist's wasm/LICENSE_QCMS) counts only if a shipped file of its folder is that part.
 */
function licenceFiles(file, top, files) {
  const found = [];
  for (let dir = dirname(file); dir.startsWith(top); dir = dirname(dir)) {
    const here = [...files].filter((f) => dirname(f) === dir).map((f) => basename(f).toLowerCase());
    for (const f of readdirSync(dir).sort()) {
      const part = /^licen[cs]e_(?:.+_)?([^_]+)$/i.exec(f)?.[1].toLowerCase();
      if (LICENCE_FILE.test(f) && (!part || here.some((h) => h.includes(part)))) found.push(join(dir, f));
    }
  }
  return found;
}

/** The package.json licence as an SPDX expression. */
function declared(pkg) {
  if (DECLARED[pkg.name]) return DECLARED[pkg.name];
  if (typeof pkg.license === "string") return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return `(${pkg.licenses.map((l) => l.type ?? l).join(" OR ")})`;
  return "UNKNOWN";
}

/** The licences taken from an SPDX expression: of OR, the most permissive choice; of AND, every part. */
function choose(expr) {
  const tokens = expr.match(/\(|\)|[^\s()]+/g) ?? [];
  let i = 0;
  const term = () => {
    if (tokens[i] === "(") {
      i++;
      const inner = or();
      i++;
      return inner;
    }
    let id = (tokens[i++] ?? "UNKNOWN").replace(/\+$/, "-or-later");
    if (tokens[i] === "WITH") {
      id = `${id} WITH ${tokens[i + 1]}`;
      i += 2;
    }
    return [id];
  };
  const and = () => {
    const parts = [term()];
    while (tokens[i] === "AND" && ++i) parts.push(term());
    return parts.flat();
  };
  const or = () => {
    const options = [and()];
    while (tokens[i] === "OR" && ++i) options.push(and());
    const rank = (o) => (o.every((l) => PERMISSIVE.test(l)) ? 0 : o.some((l) => STRONG.test(l)) ? 2 : 1);
    return options.sort((a, b) => rank(a) - rank(b))[0];
  };
  return or();
}

/** Every shipped package: its licence, its licence files, where it ships. */
function packages() {
  const byDir = new Map();
  for (const [file, places] of shipped) {
    const source = DERIVED[posix(relative(ROOT, file))] ? join(ROOT, DERIVED[posix(relative(ROOT, file))]) : file;
    const dir = packageDir(source);
    if (!dir) continue;
    const entry = byDir.get(dir) ?? { dir, files: new Set(), places: new Set() };
    entry.files.add(source);
    for (const p of places) entry.places.add(p);
    byDir.set(dir, entry);
  }
  return [...byDir.values()]
    .map((entry) => {
      const pkg = JSON.parse(read(join(entry.dir, "package.json")));
      const texts = new Map();
      for (const f of entry.files)
        for (const l of licenceFiles(f, entry.dir, entry.files)) texts.set(l, posix(relative(entry.dir, l)));
      const expression = declared(pkg);
      const author = typeof pkg.author === "string" ? pkg.author : pkg.author?.name;
      return { ...entry, name: pkg.name, version: pkg.version, home: pkg.homepage, author, expression, texts };
    })
    .map((p) => ({ ...p, taken: choose(p.expression), bundled: [...p.places].some((w) => w.endsWith("bundle")) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version, "en", { numeric: true }));
}

/** What breaks the house rule, and the reviewed exceptions met on the way. */
function judge(list) {
  const problems = [];
  const excepted = [];
  for (const p of list) {
    const label = `${p.name}@${p.version} (${p.expression})`;
    if (NEVER.includes(p.name)) problems.push(`${label} ships, and must not`);
    for (const l of p.taken) {
      if (STRONG.test(l)) problems.push(`${label}: ${l} is GPL/AGPL, which never ships`);
      else if (WEAK.test(l) && p.bundled) problems.push(`${label}: ${l} inside a bundle; only a separate file may be`);
      else if (!PERMISSIVE.test(l) && !WEAK.test(l)) problems.push(`${label}: licence unknown or missing`);
    }
    const families = new Set();
    for (const [path, name] of p.texts) {
      const family = wording(read(path));
      for (const f of family) families.add(f);
      // Copyleft the package's own declaration offers ("MIT OR GPL-3.0") was weighed above.
      const copyleft = family.filter((f) => /GPL|MPL/.test(f) && !new RegExp(`\\b${f}-`).test(p.expression));
      const key = `${p.name}/${name}`;
      if (EXCEPTIONS[key] && copyleft.length) excepted.push(`${key}: ${EXCEPTIONS[key]}`);
      else if (copyleft.some((f) => STRONG.test(f)) || (copyleft.length && p.bundled))
        problems.push(`${label}: ${name} reads as ${copyleft.join("/")}`);
    }
    const [licence, family] = EXPECTED[p.name] ?? [];
    if (licence && p.taken.join(" AND ") !== licence) problems.push(`${label}: expected ${licence}`);
    if (family && !families.has(family)) problems.push(`${label}: no licence file reads as ${family}`);
  }
  for (const key of Object.keys(EXCEPTIONS))
    if (!excepted.some((e) => e.startsWith(`${key}:`))) problems.push(`exception ${key} no longer applies: remove it`);
  return { problems, excepted };
}

/** The notices: a table, then each package with its licence files (a text met before is referred to). */
function render(list) {
  const places = (p) => [...p.places].sort().join(", ");
  const licence = (p) => {
    const taken = p.taken.join(" AND ");
    return taken === p.expression.replace(/^\((.*)\)$/, "$1") ? taken : `${taken} (chosen from ${p.expression})`;
  };
  const lines = [
    "# Third-party notices",
    "",
    "PDFTools is under the MIT licence (see LICENSE). What it ships, the Cloudflare Worker and the site",
    "(with the on-device engine, its WebAssembly codecs and fonts, and pdf.js's fonts, CMaps and",
    'decoders under /pdfjs/), contains the packages below, under these licences. "bundle": its code is',
    'inside a bundled script; "file": its files are served or loaded as they are.',
    "",
    "Generated from both builds by `npm run notices`; `npm test` checks that it is current. Do not edit.",
    "",
    "| Package | Version | Licence | Ships in |",
    "| --- | --- | --- | --- |",
    ...list.map((p) => `| ${p.name} | ${p.version} | ${licence(p)} | ${places(p)} |`),
    "",
  ];
  const seen = new Map();
  for (const p of list) {
    lines.push(`## ${p.name} ${p.version}`, "", `Licence: ${licence(p)}. Ships in: ${places(p)}.`);
    if (p.home) lines.push(`Home: ${p.home}`);
    lines.push("");
    if (p.texts.size === 0) {
      const by = p.author ? `, by ${p.author}` : "";
      const like = list.find((q) => q.texts.size && q.taken.join() === p.taken.join());
      const terms = like ? ` Its terms are those quoted for ${like.name}.` : "";
      lines.push(`The package has no licence file; its package.json says ${p.expression}${by}.${terms}`, "");
    }
    for (const [path, name] of [...p.texts].sort(([, a], [, b]) => a.localeCompare(b))) {
      const text = read(path).replace(/\r\n?/g, "\n").trim();
      if (wording(text).includes("IJG"))
        lines.push(
          "As its licence asks: this software is based in part on the work of the Independent JPEG Group.",
          "",
        );
      if (seen.has(text)) {
        lines.push(`${name}: the same text as ${seen.get(text)}.`, "");
        continue;
      }
      seen.set(text, `${p.name}'s ${name}`);
      lines.push(`${name}:`, "", "````text", text, "````", "");
    }
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

const check = process.argv.includes("--check");
const started = Date.now();
const tmp = mkdtempSync(join(tmpdir(), "notices-"));
try {
  await Promise.all([worker(tmp), site(tmp)]);
  const list = packages();
  const { problems, excepted } = judge(list);
  for (const e of excepted) console.warn(`notices: reviewed exception, still to be decided: ${e}`);
  const text = render(list);
  if (!check) writeFileSync(OUT, text);
  else if (!existsSync(OUT) || read(OUT) !== text) {
    // Where it differs, so a run elsewhere (CI) says what its builds shipped differently.
    const [was, now] = [existsSync(OUT) ? read(OUT).split("\n") : [], text.split("\n")];
    const at = now.findIndex((line, i) => line !== was[i]);
    const where = at < 0 ? `the committed file has ${was.length - now.length} more lines` : `line ${at + 1}`;
    const shown = at < 0 ? "" : `\n      committed: ${was[at] ?? "(nothing)"}\n      built now: ${now[at]}`;
    problems.push(`THIRD-PARTY-NOTICES.md is out of date (${where}): run \`npm run notices\` and commit it${shown}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (problems.length) {
    console.error(`notices: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exitCode = 1;
  } else
    console.info(
      `notices: ${list.length} packages ship, all allowed${check ? ", file current" : ", file written"} (${seconds} s)`,
    );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
