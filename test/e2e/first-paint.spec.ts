import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { PRERENDERED_PAGES } from "../../schema/prerendered";
import { toolsById } from "../../schema/tools";
import deShell from "../../web/i18n/locales/de/tool-shell.json" with { type: "json" };
import deTools from "../../web/i18n/locales/de/tools.json" with { type: "json" };
import enCompress from "../../web/i18n/locales/en/compress-pdf.json" with { type: "json" };
import { expect, test } from "./fixtures";
import { corpus, live } from "./tools-helpers";

/**
 * A page is on screen before its script runs: its HTML holds the page, drawn at build time in its
 * language (web/prerender), and the app takes that page over (hydrates it) without drawing it
 * again, moving nothing and saying nothing in the console. Lighthouse's figures are a bench
 * (`npm run bench -- lighthouse`), not this test.
 */

const pages = [
  {
    path: "/compress-pdf",
    lang: "en",
    title: toolsById["compress-pdf"].title,
    description: toolsById["compress-pdf"].description,
    dropzone: [enCompress.drop, "Select file"],
  },
  {
    path: "/de/merge-pdf",
    lang: "de",
    title: deTools["merge-pdf.title"],
    description: deTools["merge-pdf.description"],
    dropzone: [deShell["dropzone.dropMany"], deShell["dropzone.selectMany"]],
  },
];

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const p of pages) {
    test(`${p.path}: the page's title, description and drop zone are in its HTML`, async ({ page, request }) => {
      const html = await (await request.get(p.path, { headers: { accept: "text/html" } })).text();
      expect(html).toContain(`<html lang="${p.lang}"`);
      // The drawn file has no second address (wrangler.toml's run_worker_first).
      expect((await request.get(`/_pages${p.path}.html`)).status()).toBe(404);
      await page.goto(p.path);
      await expect(page).toHaveTitle(`${p.title} | PDFTools`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", p.description);
      const main = page.locator("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(p.title);
      await expect(main.getByText(p.description)).toBeVisible();
      const dropzone = page.getByTestId("dropzone");
      for (const text of p.dropzone) await expect(dropzone).toContainText(text);
      // The header is drawn too: the site's name and its links.
      await expect(page.getByRole("banner").getByRole("link").first()).toBeVisible();
    });
  }
});

/** Records layout shifts and the console from the first byte, and marks the drawn <h1>. */
async function watch(page: Page) {
  const said: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || (m.type() === "warning" && !m.text().includes("Service Worker"))) said.push(m.text());
  });
  page.on("pageerror", (e) => said.push(e.message));
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number; shiftsWhenLive?: number; drawnH1: Element | null };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.shifts += (e as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("DOMContentLoaded", () => {
      w.drawnH1 = document.querySelector("main h1");
      // What had moved when the app made the page live (before the data it then asks for arrives).
      const root = document.getElementById("root") as HTMLElement;
      new MutationObserver(() => {
        if (!("takingOver" in root.dataset) && w.shiftsWhenLive === undefined) w.shiftsWhenLive = w.shifts;
      }).observe(root, { attributes: true, attributeFilter: ["data-taking-over"] });
    });
  });
  return said;
}

for (const p of pages) {
  test(`${p.path}: the app takes the drawn page over: the same elements, nothing moved, a quiet console`, async ({
    page,
  }) => {
    const said = await watch(page);
    await page.goto(p.path);
    await live(page);
    const taken = await page.evaluate(() => {
      const w = window as unknown as { shiftsWhenLive?: number; drawnH1: Element | null };
      return { same: w.drawnH1 !== null && w.drawnH1 === document.querySelector("main h1"), shifts: w.shiftsWhenLive };
    });
    expect(taken.same).toBe(true);
    // Nothing moved: under 0.001 (Inter replacing its metric-matched fallback may nudge a line by
    // a pixel; a page drawn again would move it all).
    expect(taken.shifts).toBeLessThan(0.001);
    // The app answers: the theme toggle is its own, drawn only in the browser.
    await expect(page.getByTestId("theme-toggle")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.title);
    expect(said).toEqual([]);
  });
}

test("a file chosen as soon as the page is on screen, before the app has taken it over, is not lost", async ({
  page,
}) => {
  const said = await watch(page);
  await page.goto("/merge-pdf", { waitUntil: "commit" });
  await page.getByTestId("file-input").setInputFiles(corpus("pdf/valid/pdfjs__TAMReview.pdf"));
  await expect(page.getByTestId("upload-item")).toHaveCount(1);
  await expect(page.getByTestId("upload-item")).toContainText("pdfjs__TAMReview.pdf");
  expect(said).toEqual([]);
});

test("a file dropped on the drop zone before the app has taken the page over is not opened in its place, but kept", async ({
  page,
}) => {
  const said = await watch(page);
  await page.goto("/merge-pdf", { waitUntil: "commit" });
  const bytes = readFileSync(corpus("pdf/valid/qpdf__good13.pdf")).toString("base64");
  const dataTransfer = await page.evaluateHandle((b64) => {
    const dt = new DataTransfer();
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    dt.items.add(new File([data], "dropped.pdf", { type: "application/pdf" }));
    return dt;
  }, bytes);
  await page.getByTestId("dropzone").dispatchEvent("drop", { dataTransfer });
  await expect(page.getByTestId("upload-item")).toHaveCount(1);
  await expect(page.getByTestId("upload-item")).toContainText("dropped.pdf");
  expect(page.url()).toMatch(/\/merge-pdf$/);
  expect(said).toEqual([]);
});

test("a page scrolled before the app has taken it over stays where it was", async ({ page }) => {
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.evaluate(() => window.scrollTo(0, 600));
  expect(await page.evaluate(() => window.scrollY)).toBe(600);
  await live(page);
  await page.waitForTimeout(300);
  // Not sent back to the top by the router's first render (the browser may still anchor it a little).
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test("a page that is not drawn (a path that does not exist) is drawn by the app, as before", async ({ page }) => {
  const said = await watch(page);
  const res = await page.goto("/de/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(said.filter((s) => !s.includes("404"))).toEqual([]);
});

/**
 * A visitor whose state the drawing cannot know (signed in, the device switch on, dark) still has
 * every drawn page taken over, not drawn afresh: whatever depends on that state shows the drawing's
 * value while React takes the page over, and the visitor's right after (web/main.tsx warns "drawn
 * afresh" when React had to start over, and a person's early click or file would then be at risk).
 */
test("every drawn page is taken over as drawn for a signed-in visitor with the device switch on, in dark", async ({
  page,
  request,
  visitorIp,
}) => {
  test.setTimeout(180_000);
  const res = await request.post("/api/auth/register", {
    headers: { "cf-connecting-ip": visitorIp },
    data: {
      firstName: "Drawn",
      lastName: "Page",
      email: `drawn-${Date.now()}@example.com`,
      password: "tulip-canyon-raft",
      confirmPassword: "tulip-canyon-raft",
    },
  });
  expect(res.status()).toBe(201);
  const { sessionToken } = (await res.json()) as { sessionToken: string };
  await page.addInitScript((token) => {
    localStorage.setItem("sessionToken", token);
    localStorage.setItem("processOnDevice", "1");
    localStorage.setItem("vite-ui-theme", "dark");
  }, sessionToken);
  const said = await watch(page);
  const redrawn: string[] = [];
  for (const path of PRERENDERED_PAGES) {
    said.length = 0;
    await page.goto(path);
    await live(page);
    // The signed-in header is the app's once the session is read (after the take-over).
    await expect(page.getByRole("banner")).toBeVisible();
    if (said.length) redrawn.push(`${path}: ${said.join(" | ")}`);
  }
  expect(redrawn).toEqual([]);
});
