/**
 * How the tests and benches start Chromium on this machine: headless, without the sandbox (root
 * in a container), and quiet (no background traffic, updates, sync or first-run screens). Each
 * caller adds its own headless mode beside these. No imports: Node runs it as it is from the
 * benches (.mjs), and Playwright from its config.
 */
export const QUIET_CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
