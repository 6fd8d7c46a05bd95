import { expect, test } from "@playwright/test";
import { tools } from "../../schema/tools";

test.describe("home", () => {
  test("shows the hero, every tool, the support section and the call to action", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Every PDF tool you need");
    const cards = page.getByTestId("tool-card");
    await expect(cards).toHaveCount(tools.length);
    for (const t of tools) {
      await expect(page.locator(`a[href="${t.path}"]`).filter({ hasText: t.title }).first()).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Support Our Free Tools" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Get Started Now" })).toBeVisible();
  });

  test("a tool card leads to its tool page", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("tool-card").filter({ hasText: "Rotate PDF" }).click();
    await expect(page).toHaveURL(/\/rotate-pdf$/);
    await expect(page.getByRole("heading", { level: 1, name: "Rotate PDF" })).toBeVisible();
  });

  test("pages carry the security headers", async ({ request }) => {
    const res = await request.get("/");
    const h = res.headers();
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});

test("all tools are grouped by what a person wants done", async ({ page }) => {
  await page.goto("/all-tools");
  const headings = page.getByRole("heading", { level: 2 });
  await expect(headings).toHaveText([
    "Organize",
    "Optimize",
    "Convert to PDF",
    "Convert from PDF",
    "Edit",
    "Sign and secure",
    "Images",
  ]);
  const secure = page.getByRole("region", { name: "Sign and secure" });
  await expect(secure.getByTestId("tool-card")).toHaveCount(tools.filter((t) => t.group === "sign-secure").length);
  await expect(page.getByTestId("tool-card")).toHaveCount(tools.length);
});

test("the donate page has the widget, the reasons and a way back", async ({ page }) => {
  await page.goto("/donate");
  await expect(page.getByRole("heading", { level: 1, name: "Buy Me a Coffee" })).toBeVisible();
  for (const reason of ["Tool maintenance", "New features", "Server costs"]) {
    await expect(page.getByText(reason, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId(/donation-card/)).toBeVisible();
  await page.getByRole("link", { name: "Back to Tools" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown path shows the 404 page, with a 404 status", async ({ page }) => {
  expect((await page.goto("/this/does/not/exist"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("an unknown API path is JSON, not the app", async ({ request }) => {
  const res = await request.get("/api/definitely-not-here");
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: "Not found", code: "not_found" });
  // /api itself goes to the worker too, not to the static assets.
  for (const bare of [await request.get("/api"), await request.post("/api")]) {
    expect(bare.status()).toBe(404);
    expect(await bare.json()).toEqual({ error: "Not found", code: "not_found" });
  }
});

const nav = [
  ["Home", "/"],
  ["Merge PDF", "/merge-pdf"],
  ["Split PDF", "/split-pdf"],
  ["Compress PDF", "/compress-pdf"],
  ["All Tools", "/all-tools"],
] as const;

test("the header links lead where they say, and Donate leads to /donate", async ({ page }) => {
  await page.goto("/all-tools");
  const header = page.getByRole("navigation", { name: "Main" });
  for (const [label, path] of nav) {
    await header.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/$" : `${path}$`}`));
  }
  await page.getByTestId("donate-button").first().click();
  await expect(page).toHaveURL(/\/donate$/);
});

test("the footer's live links are All Tools, Terms of Service and Privacy Policy (issue 21)", async ({ page }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "All Tools" })).toHaveAttribute("href", "/all-tools");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  for (const label of ["About", "FAQ", "Contact", "Cookie Policy", "GDPR"]) {
    await expect(footer.getByText(label, { exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: label })).toHaveCount(0);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the side sheet has the same links", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByTestId("mobile-sheet");
    await expect(sheet).toBeVisible();
    for (const [label] of nav) await expect(sheet.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(sheet.getByTestId("donate-button")).toBeVisible();
    await sheet.getByRole("link", { name: "Split PDF", exact: true }).click();
    await expect(page).toHaveURL(/\/split-pdf$/);
    await expect(sheet).toBeHidden();
  });
});

test.describe("theme", () => {
  test("follows the device by default", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await context.close();
  });

  test("the toggle switches and persists across reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/light/);
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/light/);
    expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("light");
  });
});

test("pdf.js finds its fonts and decoders, and the policy lets it compile them", async ({ request }) => {
  const wasm = await request.get("/pdfjs/wasm/openjpeg.wasm");
  expect(wasm.status()).toBe(200);
  expect((await wasm.body()).subarray(0, 4)).toEqual(Buffer.from([0x00, 0x61, 0x73, 0x6d]));
  expect((await request.get("/pdfjs/standard_fonts/FoxitSerif.pfb")).status()).toBe(200);
  // Liberation Sans (GPL) is not shipped: an unembedded Helvetica is drawn with a system font.
  expect((await request.get("/pdfjs/standard_fonts/LiberationSans-Regular.ttf")).status()).not.toBe(200);
  const csp = (await request.get("/split-pdf")).headers()["content-security-policy"];
  expect(csp).toContain("'wasm-unsafe-eval'");
  expect(csp).not.toContain("'unsafe-eval' ");
});

test("asking the system for less motion stops the site's animations; otherwise they run", async ({ page }) => {
  const motion = () =>
    page.getByTestId("theme-toggle").evaluate((el) => {
      const s = getComputedStyle(el);
      return { transition: s.transitionDuration, animation: s.animationDuration };
    });
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  const normal = await motion();
  expect(Number.parseFloat(normal.transition)).toBeGreaterThanOrEqual(0.1);
  await page.emulateMedia({ reducedMotion: "reduce" });
  const reduced = await motion();
  expect(Number.parseFloat(reduced.transition)).toBeLessThan(0.001);
  expect(Number.parseFloat(reduced.animation)).toBeLessThan(0.001);
});
