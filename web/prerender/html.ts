import { APP_AFTER_PAINT_SCRIPT } from "../../schema/security-headers.ts";
import type { RenderedPage } from "./page.ts";

/** Vite's build manifest: each module's chunk and the chunks it imports. */
export type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * What the page needs before it is live, asked for with the page rather than once the app's code
 * has run and found out: its route's chunks (beside index.html's own) and its catalogs.
 */
export function preloadLinks(manifest: Manifest, page: RenderedPage): string {
  const have = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const k of manifest[key].imports ?? []) walk(k, into);
  };
  walk("index.html", have);
  const wanted = new Set<string>();
  for (const file of page.routeFiles) walk(`${file}?tsr-split=component`, wanted);
  const chunks = [...wanted].filter((k) => !have.has(k)).map((k) => manifest[k].file);
  return [
    ...chunks.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...page.catalogs.map((url) => `<link rel="preload" as="fetch" type="application/json" crossorigin href="${url}">`),
  ].join("");
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);

/** index.html's app code: its module script and the chunks it preloads. */
const APP_CODE = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

/**
 * A page's first HTML: the built index.html with the page's language and head, Chakra's rules for
 * what it draws (in <head>, where the app's Emotion cache finds and keeps them), and the drawn page
 * in `#root`, which the app takes over (hydrates, web/main.tsx). The app's code (index.html's and
 * `preloads`, the route's chunks and catalogs) is asked for once the page is on screen
 * (APP_AFTER_PAINT_SCRIPT). Its scripts must not run: the CSP allows none inline but the few
 * allowed by their hashes.
 */
export function pageHtml(template: string, page: RenderedPage, preloads = ""): string {
  const live = /<script(?![^>]*\btype="text\/plain")[^>]*>/.exec(page.html);
  if (live) throw new Error(`a page drawn at build time holds a script that would run: ${live[0]}`);
  const replaced = template
    .replace(/<html[^>]*>/, `<html lang="${page.lang}" dir="${page.dir}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${escapeHtml(page.description)}" />`)
    .replace("</head>", `${page.styles.join("")}</head>`)
    // Marked from the start: the app takes it over once its code has come (web/prerender/take-over.ts).
    .replace('<div id="root"></div>', `<div id="root" data-taking-over="">${page.html}</div>`);
  if (replaced.includes('<div id="root"></div>') || !replaced.includes('<div id="root" data-taking-over="">'))
    throw new Error('index.html has no <div id="root"></div> to draw into');
  const code = [...template.matchAll(APP_CODE)].map((m) => m[0].trim()).join("") + preloads;
  return replaced
    .replace(APP_CODE, "")
    .replace("</body>", `<template id="app-code">${code}</template><script>${APP_AFTER_PAINT_SCRIPT}</script></body>`);
}
