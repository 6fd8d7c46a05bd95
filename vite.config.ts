import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { staticHeadersFile } from "./schema/security-headers.ts";
import { catalogCompiler } from "./web/i18n/vite-plugin.ts";
import { firstPaintHead, prerenderPages } from "./web/prerender/plugin.ts";

const root = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The year the site was built (`__BUILD_YEAR__`): what a page drawn at build time says in its
 * footer, so the app, taking it over, first draws the same (web/components/footer.tsx).
 */
function buildYear(): Plugin {
  return { name: "build-year", config: () => ({ define: { __BUILD_YEAR__: String(new Date().getUTCFullYear()) } }) };
}

/** Writes Cloudflare's _headers file so static pages carry the same security headers as the API. */
function staticHeaders(): Plugin {
  return {
    name: "static-security-headers",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "_headers", source: staticHeadersFile() });
    },
  };
}

/** THIRD-PARTY-NOTICES.md (`npm run notices`), served at /third-party-notices.txt beside the site. */
function thirdPartyNotices(): Plugin {
  return {
    name: "third-party-notices",
    apply: "build",
    generateBundle() {
      const source = readFileSync(root("./THIRD-PARTY-NOTICES.md"));
      this.emitFile({ type: "asset", fileName: "third-party-notices.txt", source });
    },
  };
}

/**
 * pdf.js renders the page thumbnails; it fetches the 14 standard fonts, its image decoders
 * (JPEG 2000, JBIG2) and ICC support from these files, served under /pdfjs/ from the package.
 */
function pdfjsAssets(): Plugin {
  const pkg = root("./node_modules/pdfjs-dist");
  const dirs = { standard_fonts: null, cmaps: null, iccs: null } as const;
  const wasm = ["openjpeg.wasm", "jbig2.wasm", "qcms_bg.wasm"];
  const files = () => [
    ...Object.keys(dirs).flatMap((d) =>
      readdirSync(`${pkg}/${d}`)
        // Liberation Sans 1.07 is GPL-2.0 (with a font exception), not a licence we ship: without
        // it pdf.js draws Helvetica and Arial that a file does not embed with a system font.
        .filter((f) => !f.startsWith("LiberationSans-") && f !== "LICENSE_LIBERATION")
        .map((f) => [`pdfjs/${d}/${f}`, `${pkg}/${d}/${f}`]),
    ),
    ...wasm.map((f) => [`pdfjs/wasm/${f}`, `${pkg}/wasm/${f}`]),
  ];
  return {
    name: "pdfjs-assets",
    generateBundle() {
      for (const [fileName, path] of files()) this.emitFile({ type: "asset", fileName, source: readFileSync(path) });
    },
    configureServer(server) {
      const served = new Map(files().map(([name, path]) => [`/${name}`, path]));
      server.middlewares.use((req, res, next) => {
        const path = served.get((req.url ?? "").split("?")[0]);
        if (!path) return next();
        if (path.endsWith(".wasm")) res.setHeader("Content-Type", "application/wasm");
        res.end(readFileSync(path));
      });
    },
  };
}

/**
 * `.wasm` imports as compiled modules and `.ttf` imports as the font's bytes, as wrangler makes
 * them (the engine's codecs and fonts in Node tests). Vite would make a font an asset URL before
 * any load hook saw it, so its import is resolved to an id of our own first.
 */
function wasmModules(): Plugin {
  const FONT = "\0font-bytes:";
  return {
    name: "wasm-as-module",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(".ttf")) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${FONT}${resolved.id}` : null;
    },
    load(id) {
      const path = id.startsWith(FONT) ? id.slice(FONT.length) : id;
      const read = `import { readFileSync } from "node:fs";\nconst bytes = readFileSync(${JSON.stringify(path)});\n`;
      if (id.startsWith(FONT)) return `${read}export default new Uint8Array(bytes).buffer;`;
      if (id.endsWith(".wasm")) return `${read}export default new WebAssembly.Module(bytes);`;
      return null;
    },
  };
}

/**
 * The engine's `.wasm` and `.ttf` imports for the browser (web/device's Web Worker), shaped as
 * wrangler shapes them: a compiled WebAssembly.Module, the font's bytes. Each file is emitted as
 * a hashed asset and fetched when the worker starts, so the page's own bundle never carries them.
 */
function deviceEngineAssets(): Plugin {
  let serve = false;
  return {
    name: "device-engine-assets",
    enforce: "pre",
    configResolved(config) {
      serve = config.command === "serve";
    },
    load(id) {
      const path = id.split("?")[0];
      const wasm = path.endsWith(".wasm");
      if (!wasm && !path.endsWith(".ttf")) return null;
      const url = serve
        ? JSON.stringify(`/@fs${path}`)
        : `import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: "asset", name: path.split("/").pop(), source: readFileSync(path) })}`;
      const bytes = `await (await fetch(${url})).arrayBuffer()`;
      return wasm ? `export default await WebAssembly.compile(${bytes});` : `export default new Uint8Array(${bytes});`;
    },
  };
}

/**
 * The site as an installable app that works offline: a service worker (Workbox) precaches the
 * pages' code, styles, fonts, pdf.js's assets and the on-device engine's WebAssembly and font, all
 * from our own origin, so with no connection the pages open and the tools run on this device.
 * API calls are never cached: server tools say they need a connection.
 */
function offlineApp() {
  return VitePWA({
    registerType: "autoUpdate",
    injectRegister: false,
    includeAssets: ["favicon.svg", "icon-192.png", "icon-512.png"],
    manifest: {
      name: "PDFTools",
      short_name: "PDFTools",
      description: "Free PDF and image tools: merge, split, compress, convert, sign and more, even offline.",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#ffffff",
      theme_color: "#e11d48",
      icons: [
        { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      ],
    },
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png,woff2,wasm,ttf,bcmap,pfb,icc,webmanifest}", "assets/i18n/**/*.json"],
      // The pages drawn at build time (364 of them) are not kept: offline, index.html draws any page.
      globIgnores: ["**/*.map", "_pages/**"],
      // The engine's codecs and pdf.js's decoders are a few MB each.
      maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      // A page opened anew comes from the server, drawn (web/prerender), so it is on screen before
      // the code runs; offline, the kept index.html starts the app, which draws the page itself.
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === "navigate" && !url.pathname.startsWith("/api/"),
          handler: "NetworkOnly",
          options: { precacheFallback: { fallbackURL: "/index.html" } },
        },
      ],
      cleanupOutdatedCaches: true,
    },
  });
}

/** The test projects: worker tests inside workerd, engine tests in Node, web tests in jsdom. Loaded only by vitest. */
async function testProjects() {
  const { cloudflareTest, readD1Migrations } = await import("@cloudflare/vitest-plugin");
  const { oracleBindings } = await import("./test/support/oracle.ts");
  const { startImitations } = await import("./test/support/imitations/server.ts");
  const { TURNSTILE_SECRET } = await import("./test/support/imitations/turnstile.ts");
  const imitation = await startImitations();
  // workerd keeps its connections to the imitations open between requests; Node closes an idle
  // one after 5 s, and a request sent on it as it closes is lost ("Network connection lost", a
  // 503 for a sign-in's Turnstile check) when the tests run slowly on a busy machine.
  imitation.server.keepAliveTimeout = 0;
  const third = `http://127.0.0.1:${imitation.port}`;
  return [
    {
      extends: false,
      plugins: [
        cloudflareTest({
          wrangler: { configPath: root("./wrangler.toml") },
          miniflare: {
            bindings: {
              TEST_MIGRATIONS: await readD1Migrations(root("./migrations")),
              // Third parties, configured and pointed at the local imitations.
              IMITATION_URL: third,
              STRIPE_SECRET_KEY: "sk_test_imitation",
              STRIPE_PUBLISHABLE_KEY: "pk_test_imitation",
              STRIPE_WEBHOOK_SECRET: "whsec_test_imitation",
              STRIPE_PREMIUM_PRICE_ID: "price_premium_monthly",
              STRIPE_API_HOST: "127.0.0.1",
              STRIPE_API_PORT: String(imitation.port),
              STRIPE_API_PROTOCOL: "http",
              SIGNING_SECRET: "test-signing-secret-with-enough-length-000",
              GOOGLE_CLIENT_ID: "google-client",
              GOOGLE_CLIENT_SECRET: "google-secret",
              GOOGLE_AUTH_URL: `${third}/google/auth`,
              GOOGLE_TOKEN_URL: `${third}/google/token`,
              GOOGLE_UPLOAD_URL: `${third}/google/upload`,
              GOOGLE_REVOKE_URL: `${third}/google/revoke`,
              DROPBOX_CLIENT_ID: "dropbox-client",
              DROPBOX_CLIENT_SECRET: "dropbox-secret",
              DROPBOX_AUTH_URL: `${third}/dropbox/auth`,
              DROPBOX_TOKEN_URL: `${third}/dropbox/token`,
              DROPBOX_UPLOAD_URL: `${third}/dropbox/upload`,
              DROPBOX_REVOKE_URL: `${third}/dropbox/revoke`,
              TURNSTILE_SITE_KEY: "turnstile-site-imitation",
              TURNSTILE_SECRET_KEY: TURNSTILE_SECRET,
              TURNSTILE_VERIFY_URL: `${third}/turnstile/siteverify`,
            },
            serviceBindings: oracleBindings(),
            // A stand-in for the built site (dist/web), so the page routes are tested without a build.
            assets: { directory: root("./test/fixtures/site") },
          },
        }),
      ],
      test: {
        name: "worker",
        root: root("."),
        include: ["test/worker/**/*.test.ts"],
        setupFiles: ["test/worker/setup.ts"],
        // One runtime for every file: a fresh one per file cost 7 s each (65 files). Storage is
        // then shared between files too, so tests count what they made, not whole tables.
        isolate: false,
        testTimeout: 60_000,
        hookTimeout: 60_000,
      },
    },
    {
      // The engine in Node, beside the HTTP tests: codecs and PDF internals judged directly by
      // independent decoders (qpdf, node:zlib, libjpeg...).
      extends: false,
      plugins: [wasmModules()],
      test: {
        name: "engine",
        root: root("."),
        include: ["test/engine/**/*.test.ts"],
        environment: "node",
        // The codecs' .wasm files go through wasmModules(), not Node's own loader.
        server: { deps: { inline: [/@jsquash/] } },
        testTimeout: 60_000,
      },
    },
    {
      extends: false,
      plugins: [catalogCompiler(), buildYear(), react()],
      test: {
        name: "web",
        root: root("."),
        include: ["test/web/**/*.test.{ts,tsx}"],
        environment: "jsdom",
        setupFiles: ["test/web/setup.ts"],
        // Some read real PDFs (pdf.js, decryption) in jsdom: 5 s is too little on a busy 2-core machine.
        testTimeout: 20_000,
      },
    },
  ];
}

export default defineConfig(async ({ mode }) => ({
  root: root("./web"),
  publicDir: root("./web/public"),
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: root("./web/routes"),
      generatedRouteTree: root("./web/routeTree.gen.ts"),
      autoCodeSplitting: true,
    }),
    catalogCompiler(),
    buildYear(),
    react(),
    staticHeaders(),
    thirdPartyNotices(),
    pdfjsAssets(),
    offlineApp(),
    firstPaintHead(),
    // Each page's first HTML, drawn by the app itself once built (the same plugins build it for Node).
    prerenderPages({ plugins: () => [catalogCompiler(), buildYear(), react()] }),
  ],
  // The on-device engine (web/device/engine.worker.ts) is a module worker with its own assets.
  worker: { format: "es" as const, plugins: () => [deviceEngineAssets()] },
  build: {
    // Which chunks each route needs, for the pages drawn at build time to ask for them at once
    // (web/prerender/plugin.ts reads it, then deletes it).
    manifest: true,
    outDir: root("./dist/web"),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: Number(process.env.PORT ?? 8787),
    strictPort: true,
    host: "127.0.0.1",
    // web/api/*.ts modules are served from /api/ too: only paths that are not source files go to the worker.
    proxy: { "^/api/(?![^?]*\\.tsx?(?:\\?|$))": `http://127.0.0.1:${process.env.API_PORT ?? 8788}` },
  },
  // Two files at a time even on a 2-core machine (vitest's default there is one): many files wait
  // on workerd, qpdf or poppler rather than compute, so the second core is not left idle.
  test: mode === "test" ? { projects: await testProjects(), maxWorkers: 2 } : undefined,
}));
