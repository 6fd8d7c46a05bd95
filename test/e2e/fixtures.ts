import { test as base, expect } from "@playwright/test";
import { configuredPort } from "./playwright.config";

let visitor = 0;

/**
 * Every test is a different visitor: guests are counted per address, so each test's browser
 * says it comes from its own address (Cloudflare sets this header in production; locally it
 * passes through). `configured` is the server with Stripe, Google and Dropbox pointed at the
 * local imitations.
 */
export const test = base.extend<{ visitorIp: string; configured: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here.
  visitorIp: async ({}, use, info) => {
    await use(`10.${info.workerIndex + 1}.${Math.floor(++visitor / 250)}.${visitor % 250}`);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here.
  configured: async ({}, use) => {
    await use(`http://localhost:${configuredPort}`);
  },
  context: async ({ context, visitorIp }, use) => {
    await context.setExtraHTTPHeaders({ "cf-connecting-ip": visitorIp });
    await use(context);
  },
});

export { expect };
