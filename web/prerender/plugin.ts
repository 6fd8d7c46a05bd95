import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin, type PluginOption } from "vite";
import { EARLY_INPUT_SCRIPT, THEME_SCRIPT } from "../../schema/security-headers.ts";
import { type Manifest, pageHtml, preloadLinks } from "./html.ts";
import type { RenderedPage } from "./page.ts";

interface Server {
  renderPage(url: string): Promise<RenderedPage>;
  pages(): { url: string; file: string }[];
}

/**
 * What every page's head needs before its first paint: the theme set on <html> and a file dropped
 * or a control clicked early kept (the CSP allows these two inline scripts by their hashes), and the Latin subset of Inter asked for at once rather
 * than once the stylesheet is read (its rules say `font-display: swap`: text is drawn at once in
 * the fallback face either way).
 */
export function firstPaintHead(): Plugin {
  return {
    name: "first-paint-head",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(f));
        return [
          { tag: "script", children: THEME_SCRIPT, injectTo: "head" },
          { tag: "script", children: EARLY_INPUT_SCRIPT, injectTo: "head" },
          ...(font
            ? [
                {
                  tag: "link",
                  attrs: { rel: "preload", as: "font", type: "font/woff2", href: `/${font}`, crossorigin: "" },
                  injectTo: "head" as const,
                },
              ]
            : []),
        ];
      },
    },
  };
}

/**
 * After the site is built: the app built once more for Node (web/prerender/entry.tsx), and every
 * page of schema/prerendered.ts drawn in every language into dist/web/_pages, where the Worker
 * finds it (worker/routes/pages.ts). The catalogs are read from the build just made, through a
 * `fetch` that answers the site's catalog URLs from disk, as the browser would fetch them.
 */
export function prerenderPages({ plugins }: { plugins: () => PluginOption[] }): Plugin {
  let outDir = "";
  let root = "";
  return {
    name: "prerender-pages",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const started = performance.now();
        // Inside the project, where Node finds the packages it imports (the build may go elsewhere:
        // test/support/notices.mjs builds into a temporary folder); one per build, as two may run at once.
        const serverDir = join(root, `../.prerender-server-${process.pid}`);
        const entry = fileURLToPath(new URL("./entry.tsx", import.meta.url));
        await build({
          configFile: false,
          root,
          logLevel: "warn",
          plugins: plugins(),
          build: { ssr: entry, outDir: serverDir, emptyOutDir: true, sourcemap: false, minify: false },
        });
        const server = (await import(pathToFileURL(join(serverDir, "entry.js")).href)) as Server;
        const manifestFile = join(outDir, ".vite/manifest.json");
        const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
        const template = readFileSync(join(outDir, "index.html"), "utf8")
          // The stylesheet (Inter's faces) inline too: one request fewer before the first paint.
          .replace(
            /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
            (_, href: string) => `<style>${readFileSync(join(outDir, href), "utf8")}</style>`,
          );
        const fetched = globalThis.fetch;
        globalThis.fetch = async (input) => {
          const url = String(input instanceof Request ? input.url : input);
          if (!url.startsWith("/assets/i18n/")) throw new Error(`no fetch while drawing pages: ${url}`);
          return new Response(readFileSync(join(outDir, url)), { headers: { "content-type": "application/json" } });
        };
        let count = 0;
        try {
          const pages = server.pages();
          rmSync(join(outDir, dirname(pages[0].file)), { recursive: true, force: true });
          for (const { url, file } of pages) {
            mkdirSync(dirname(join(outDir, file)), { recursive: true });
            const page = await server.renderPage(url);
            writeFileSync(join(outDir, file), pageHtml(template, page, preloadLinks(manifest, page)));
            count++;
          }
        } finally {
          globalThis.fetch = fetched;
          rmSync(serverDir, { recursive: true, force: true });
          // Not part of the site.
          rmSync(dirname(manifestFile), { recursive: true, force: true });
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.info(`prerender: ${count} pages drawn in ${seconds} s`);
      },
    },
  };
}
