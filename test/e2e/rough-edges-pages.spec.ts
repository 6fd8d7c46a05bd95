import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { contrastOf } from "./contrast";
import { expect as baseExpect, test } from "./fixtures";
import { SCREENSHOTS, shot } from "./screens";

// Pages here wait on the session, the config and the allowance: give a loaded machine time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 90_000 });

/**
 * Issue 21, the site around the tools: unknown paths are real 404s, the legal pages exist and are
 * linked, the footer and the Donate button are readable in both themes, Premium says plainly when
 * this server does not offer it, the shared page says when its file is deleted, the first Tab
 * stop skips to the content, and toasts neither cover the run button nor join the Tab order.
 */
const SHOTS = "test/e2e/output/screens/rough-b";
if (SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
const PDF = "test/fixtures/corpus/pdf/valid/pysample__pdflatex-4-pages.pdf";

type Box = { x: number; y: number; width: number; height: number };

const VIEWPORTS = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;

/** A screenshot for a person to look at, only with SCREENSHOTS=1. */
async function look(page: Page, name: string, fullPage = true) {
  if (!SCREENSHOTS) return;
  // Toasts and transitions settle before the picture.
  await page.waitForTimeout(300);
  await shot(page, `${SHOTS}/${name}.png`, { fullPage });
}

for (const vp of VIEWPORTS) {
  for (const theme of THEMES) {
    const label = `${vp.name}-${theme}`;
    test.describe(label, () => {
      test.use({ viewport: { width: vp.width, height: vp.height }, colorScheme: theme });
      // Contrast is checked in both themes; what does not change with the theme runs once per
      // viewport, the desktop in light and the phone in dark.
      const once = (vp.name === "desktop") === (theme === "light");

      if (once)
        test(`unknown paths answer 404 with the not-found page; known ones, with a language prefix too, 200 (${label})`, async ({
          page,
        }) => {
          const missing = await page.goto("/no-such-page");
          expect(missing?.status()).toBe(404);
          const box = page.getByTestId("not-found");
          await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
          // Said to the visitor, with the ways on; the spec's sentence stays, for the site's developers.
          await expect(box).toContainText("The page you asked for is not here");
          await expect(box.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
          await expect(box.getByRole("link", { name: "All Tools" })).toHaveAttribute("href", "/all-tools");
          await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
          await look(page, `404-${label}`);
          // Every unknown path, under a language prefix too, is the same page in that language.
          expect((await page.goto("/de/no-such-page"))?.status()).toBe(404);
          await expect(page.getByRole("heading", { name: "404 – Seite nicht gefunden" })).toBeVisible();
          await expect(box.getByRole("link", { name: "Zur Startseite" })).toHaveAttribute("href", "/de");
          await expect(box.getByRole("link", { name: "Alle Tools" })).toHaveAttribute("href", "/de/all-tools");
          expect((await page.goto("/ar/merge-pdf/extra"))?.status()).toBe(404);
          await expect(box).toContainText("الصفحة التي تبحث عنها ليست هنا");
          await look(page, `404-ar-${label}`);
          for (const path of ["/merge-pdf", "/de/merge-pdf", "/privacy", "/terms", "/shared/abc"]) {
            expect((await page.goto(path))?.status(), path).toBe(200);
          }
        });

      test(`footer text and the Donate button meet 4.5:1 (${label})`, async ({ page }) => {
        await page.goto("/all-tools");
        const footer = page.locator("footer");
        await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
        // The logotype (the red "Tools" of the brand name) is exempt from contrast rules (WCAG 1.4.3).
        const texts = footer.locator("a, p, span").filter({ hasText: /\S/ });
        const count = await texts.count();
        expect(count).toBeGreaterThan(8);
        for (let i = 0; i < count; i++) {
          const el = texts.nth(i);
          if (await el.evaluate((n) => n.closest('[aria-label="PDFTools home"]') !== null)) continue;
          const c = await contrastOf(el);
          expect(c.ratio, `${await el.textContent()}: ${c.fg} on ${c.bg}`).toBeGreaterThanOrEqual(4.5);
        }
        if (vp.name === "phone") await page.getByRole("button", { name: "Open menu" }).click();
        const donate = page.getByTestId("donate-button").filter({ visible: true }).first();
        await expect(donate).toBeVisible();
        const c = await contrastOf(donate);
        expect(c.ratio, `Donate: ${c.fg} on ${c.bg}`).toBeGreaterThanOrEqual(4.5);
        await look(page, `footer-${label}`);
      });

      if (once)
        test(`the Privacy Policy and Terms are real pages, linked from the footer and the sign-up dialog (${label})`, async ({
          page,
        }) => {
          await page.goto("/");
          await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
          await expect(page).toHaveURL(/\/privacy$/);
          await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
          for (const words of [
            "deleted 24 hours after they are made",
            "never longer than 7 days after the file was made",
            "keyed hash of your internet address",
            "never see your card",
            "then revoke it",
            "never leave your device",
            "Delete account cancels",
          ]) {
            await expect(page.getByText(words, { exact: false }).first()).toBeVisible();
          }
          await expect(page.getByRole("link", { name: "Account Settings" })).toHaveAttribute("href", "/account");
          await look(page, `privacy-${label}`);

          await page.locator("footer").getByRole("link", { name: "Terms of Service" }).click();
          await expect(page).toHaveURL(/\/terms$/);
          await expect(page.getByRole("heading", { name: "Terms of Service", level: 1 })).toBeVisible();
          await expect(page.getByText("Guests may make 2 conversions a day")).toBeVisible();
          await look(page, `terms-${label}`);

          if (vp.name === "phone") {
            await page.getByRole("button", { name: "Open menu" }).click();
            await page.getByTestId("mobile-sheet").getByRole("button", { name: "Sign In" }).click();
          } else {
            await page.getByRole("button", { name: "Sign In" }).click();
          }
          await page.getByRole("dialog").getByRole("button", { name: "Create Account" }).click();
          const dialog = page.getByRole("dialog", { name: "Create Account" });
          await expect(dialog.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
          await expect(dialog.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
          const [tab] = await Promise.all([
            page.waitForEvent("popup"),
            dialog.getByRole("link", { name: "Privacy Policy" }).click(),
          ]);
          await expect(tab.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
          // The form is still there, as it was.
          await expect(dialog.getByLabel("First name")).toBeVisible();
          await tab.close();
        });

      if (once)
        test(`Premium where this server does not offer it: what it would give, and the ways that exist (${label})`, async ({
          page,
        }) => {
          await page.goto("/premium");
          const box = page.getByTestId("premium-not-offered");
          await expect(box).toContainText("This server does not offer Premium");
          await expect(box).toContainText("Premium would give you unlimited conversions every day");
          await expect(box.getByRole("button", { name: "Create a free account" })).toBeVisible();
          // No Stripe here: no donation button to a page that cannot take one, and no Upgrade button.
          await expect(box.getByRole("link", { name: /donation/ })).toHaveCount(0);
          await expect(page.getByRole("button", { name: /Upgrade to Premium/ })).toHaveCount(0);
          await expect(page.getByText("Not offered on this server")).toBeVisible();
          await look(page, `premium-not-offered-${label}`);
          await box.getByRole("button", { name: "Create a free account" }).click();
          await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
        });

      test(`the shared page says when that file is deleted (${label})`, async ({ page, request, visitorIp }) => {
        const res = await request.post("/api/convert/rotate-pdf", {
          headers: { "cf-connecting-ip": visitorIp },
          multipart: { files: { name: "minutes.pdf", mimeType: "application/pdf", buffer: readFileSync(PDF) } },
        });
        const { file } = await res.json();
        const share = await (
          await request.post("/api/share", { data: { downloadUrl: file.downloadUrl, expiresIn: "1h" } })
        ).json();
        const info = await (await request.get(`/api/shared/${share.shareId}/info`)).json();
        // A one-hour link to a file that lives its whole day: two different times, both said.
        expect(Date.parse(info.fileExpiresAt)).toBe(Date.parse(file.expiresAt));
        expect(Date.parse(info.fileExpiresAt)).toBeGreaterThan(Date.parse(info.expiresAt));
        await page.goto(`/shared/${share.shareId}`);
        const when = (iso: string) =>
          page.evaluate((d) => new Date(d).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }), iso);
        const note = page.getByTestId("shared-deletion");
        await expect(note).toContainText(`This link works until ${await when(info.expiresAt)}`);
        await expect(note).toContainText(`the file is deleted from our servers on ${await when(info.fileExpiresAt)}`);
        await expect(page.locator("main").getByText("24 hours")).toHaveCount(0);
        const c = await contrastOf(note);
        expect(c.ratio).toBeGreaterThanOrEqual(4.5);
        await look(page, `shared-${label}`);
      });

      if (once)
        test(`the first Tab stop is "Skip to content", which moves focus to the page's content (${label})`, async ({
          page,
        }) => {
          await page.goto("/merge-pdf");
          await expect(page.getByRole("heading", { name: "Merge PDF", level: 1 })).toBeVisible();
          await page.keyboard.press("Tab");
          const skip = page.getByRole("link", { name: "Skip to content" });
          await expect(skip).toBeFocused();
          await expect(skip).toBeInViewport();
          await look(page, `skip-link-${label}`, false);
          await page.keyboard.press("Enter");
          await expect(page.locator("main#main")).toBeFocused();
          // The next Tab stop is inside the content, not the header.
          await page.keyboard.press("Tab");
          expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
        });

      if (once)
        test(`a toast covers no run button, and Tab never goes from the footer into it; F8 does (${label})`, async ({
          page,
        }) => {
          await page.goto("/merge-pdf");
          const input = page.locator('input[type="file"]').first();
          await input.setInputFiles([PDF, PDF]);
          const bar = page.getByTestId("queue-actions");
          await expect(bar.getByRole("button", { name: "Merge PDF" })).toBeInViewport();
          const raise = () =>
            input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
          const toast = page.getByTestId("toast");
          // Both boxes in one look, once the toast has finished sliding in: on a busy machine four
          // separate round trips outlasted the toast's five seconds. Gone before the look: raise it again.
          let boxes: { t: Box; b: Box } | null = null;
          for (let i = 0; i < 3 && !boxes; i++) {
            await raise();
            await expect(toast).toBeVisible();
            boxes = await page.evaluate(async () => {
              const el = document.querySelector('[data-testid="toast"]');
              const run = [...document.querySelectorAll('[data-testid="queue-actions"] button')].find(
                (x) => x.textContent?.trim() === "Merge PDF",
              );
              if (!el || !run) return null;
              await Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => null)));
              if (!el.isConnected) return null;
              const box = (r: DOMRect) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
              return { t: box(el.getBoundingClientRect()), b: box(run.getBoundingClientRect()) };
            });
          }
          expect(boxes, "the toast stayed up long enough to be measured").not.toBeNull();
          const { t, b } = boxes as { t: Box; b: Box };
          const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
          expect(overlaps, `toast ${JSON.stringify(t)} over the button ${JSON.stringify(b)}`).toBe(false);
          await look(page, `toast-${label}`, false);

          // From the footer's last link, Tab leaves the page; it never lands in the toast.
          await raise();
          await expect(toast).toBeVisible();
          const last = page.locator("footer a").last();
          await last.focus();
          await page.keyboard.press("Tab");
          expect(await page.evaluate(() => document.activeElement?.closest("[data-scope=toast]") === null)).toBe(true);
          await page.keyboard.press("Shift+Tab");
          expect(await page.evaluate(() => document.activeElement?.closest("[data-scope=toast]") === null)).toBe(true);
          // F8 goes into the notification area; from there Tab reaches the toast's close button.
          await raise();
          await expect(toast).toBeVisible();
          await page.keyboard.press("F8");
          await expect(page.locator("[data-scope=toast]:focus, [data-scope=toast] :focus")).toHaveCount(1);
          for (let i = 0; i < 3; i++) {
            if (await page.evaluate(() => document.activeElement?.matches("[data-part=close-trigger]"))) break;
            await page.keyboard.press("Tab");
          }
          expect(await page.evaluate(() => document.activeElement?.matches("[data-part=close-trigger]"))).toBe(true);
        });
    });
  }
}
