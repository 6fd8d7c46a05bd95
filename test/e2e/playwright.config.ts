import { defineConfig, devices } from "@playwright/test";
import { QUIET_CHROMIUM_FLAGS } from "../support/chromium";
import { TURNSTILE_SECRET } from "../support/imitations/turnstile";

/**
 * Three processes per run, all on 127.0.0.1 and each with fresh state:
 * - the product as `npm start` serves it, with no third-party keys (E2E_PORT, default 8790);
 * - the same product configured for Stripe, Google, Dropbox and Turnstile (E2E_PORT + 100), pointed at
 * - the local imitations of those third parties (E2E_PORT + 200).
 */
export const port = Number(process.env.E2E_PORT ?? 8790);
export const configuredPort = port + 100;
export const imitationPort = port + 200;
const quiet = "WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false";

/**
 * Debian's headless shell (package chromium-headless-shell), the build Playwright itself runs
 * headless: the full browser's headless mode took half as much CPU again over the same tests,
 * and the browser tests are most of `npm test`'s CPU. CHROMIUM_PATH picks another.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export const chromiumArgs = ["--headless", ...QUIET_CHROMIUM_FLAGS];

const third = `http://127.0.0.1:${imitationPort}`;
const configuredVars: Record<string, string> = {
  STRIPE_SECRET_KEY: "sk_test_e2e",
  STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e",
  STRIPE_PREMIUM_PRICE_ID: "price_premium_e2e",
  STRIPE_API_HOST: "127.0.0.1",
  STRIPE_API_PORT: String(imitationPort),
  STRIPE_API_PROTOCOL: "http",
  SIGNING_SECRET: "e2e-signing-secret-long-enough-0000000",
  GOOGLE_CLIENT_ID: "google-e2e",
  GOOGLE_CLIENT_SECRET: "google-e2e-secret",
  GOOGLE_AUTH_URL: `${third}/google/auth`,
  GOOGLE_TOKEN_URL: `${third}/google/token`,
  GOOGLE_UPLOAD_URL: `${third}/google/upload`,
  GOOGLE_REVOKE_URL: `${third}/google/revoke`,
  DROPBOX_CLIENT_ID: "dropbox-e2e",
  DROPBOX_CLIENT_SECRET: "dropbox-e2e-secret",
  DROPBOX_AUTH_URL: `${third}/dropbox/auth`,
  DROPBOX_TOKEN_URL: `${third}/dropbox/token`,
  DROPBOX_UPLOAD_URL: `${third}/dropbox/upload`,
  DROPBOX_REVOKE_URL: `${third}/dropbox/revoke`,
  TURNSTILE_SITE_KEY: "turnstile-site-e2e",
  TURNSTILE_SECRET_KEY: TURNSTILE_SECRET,
  TURNSTILE_VERIFY_URL: `${third}/turnstile/siteverify`,
};

function worker(p: number, vars: Record<string, string> = {}) {
  const state = `.wrangler/e2e-${p}`;
  const flags = Object.entries({ ENVIRONMENT: "test", ...vars })
    .map(([k, v]) => `--var ${k}:${v}`)
    .join(" ");
  return {
    // A fresh local state for every run: real D1/R2/KV on disk, migrated like `npm start`.
    command: [
      `rm -rf ${state}`,
      `${quiet} wrangler d1 migrations apply DB --local --persist-to ${state}`,
      `${quiet} wrangler dev --ip 127.0.0.1 --port ${p} --persist-to ${state} --show-interactive-dev-session=false ${flags}`,
    ].join(" && "),
    cwd: "../..",
    url: `http://127.0.0.1:${p}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}

export default defineConfig({
  testDir: ".",
  outputDir: "./output",
  timeout: 60_000,
  // Two workers, two wrangler servers and Chromium share two cores: a page's first drawing or a
  // device job's first result took over 10 s on a fresh CI machine. A passing check never waits it out.
  expect: { timeout: 25_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://localhost:${port}`,
    // The offline app's service worker precaches the whole site: only the offline spec lets it run.
    serviceWorkers: "block",
    // As a person who asked for less motion sees the site: no transitions to draw frame by frame
    // (about a quarter of Chromium's CPU time here), and nothing to wait out before measuring.
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: `node test/support/imitations/serve.ts ${imitationPort}`,
      cwd: "../..",
      url: `http://127.0.0.1:${imitationPort}/__requests`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    worker(port),
    worker(configuredPort, configuredVars),
  ],
});
