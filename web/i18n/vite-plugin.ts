import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const LOCALES_DIR = fileURLToPath(new URL("./locales", import.meta.url));

/** A catalog file: web/i18n/locales/<tag>/<namespace>.json. */
export const CATALOG_FILE = /[\\/]web[\\/]i18n[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/;

/** Each ICU message of a catalog in the form Lingui's runtime reads, so no compiler ships to the browser. */
export function compileCatalog(source: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
}

/** Every catalog file: [tag, namespace, path]. */
export function catalogFiles(): [string, string, string][] {
  if (!existsSync(LOCALES_DIR)) return [];
  return readdirSync(LOCALES_DIR).flatMap((tag) =>
    readdirSync(join(LOCALES_DIR, tag))
      .filter((f) => f.endsWith(".json"))
      .map((f) => [tag, f.slice(0, -5), join(LOCALES_DIR, tag, f)] as [string, string, string]),
  );
}

const compiledFile = (path: string) => JSON.stringify(compileCatalog(JSON.parse(readFileSync(path, "utf8"))));

/**
 * Catalogs are written as ICU MessageFormat in JSON (what translators' tools edit) and compiled
 * at build time, so no message compiler ships. A catalog the code imports (English's `common`)
 * is compiled where it is imported; every catalog is also emitted as a file of its own under
 * /assets/i18n/<hash of all catalogs>/<tag>/<namespace>.json, which the site fetches by language
 * and namespace: no table of 112 chunk names in the bundle, and the URLs change only when a
 * catalog does (cached for a year like every asset). `__I18N_BASE__` is that folder.
 */
export function catalogCompiler(): Plugin {
  let serve = false;
  const hash = () => {
    const h = createHash("sha256");
    for (const [tag, ns, path] of catalogFiles()) h.update(`${tag}/${ns}\n`).update(readFileSync(path));
    return h.digest("hex").slice(0, 10);
  };
  let base = "";
  return {
    name: "i18n-catalogs",
    enforce: "pre",
    config(_config, env) {
      serve = env.command === "serve";
      base = serve ? "/@i18n" : `/assets/i18n/${hash()}`;
      return { define: { __I18N_BASE__: JSON.stringify(base) } };
    },
    load(id) {
      const path = id.split("?")[0];
      if (!CATALOG_FILE.test(path)) return null;
      this.addWatchFile(path);
      // Still JSON, so Vite's JSON handling makes it a module.
      return compiledFile(path);
    },
    generateBundle() {
      if (serve) return;
      for (const [tag, ns, path] of catalogFiles()) {
        this.emitFile({ type: "asset", fileName: `${base.slice(1)}/${tag}/${ns}.json`, source: compiledFile(path) });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/@i18n\/([\w-]+)\/([\w-]+)\.json$/.exec((req.url ?? "").split("?")[0]);
        const path = m && join(LOCALES_DIR, m[1], `${m[2]}.json`);
        if (!path || !existsSync(path)) return next();
        res.setHeader("Content-Type", "application/json");
        res.end(compiledFile(path));
      });
    },
  };
}
