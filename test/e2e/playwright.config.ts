import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8790);
const state = `.wrangler/e2e-${port}`;
const quiet = "WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false";

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: ".",
  outputDir: "./output",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // A fresh local state for every run: real D1/R2/KV on disk, migrated like `npm start`.
    command: [
      `rm -rf ${state}`,
      `${quiet} wrangler d1 migrations apply DB --local --persist-to ${state}`,
      `${quiet} wrangler dev --ip 127.0.0.1 --port ${port} --persist-to ${state} --show-interactive-dev-session=false --var ENVIRONMENT:test`,
    ].join(" && "),
    cwd: "../..",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
