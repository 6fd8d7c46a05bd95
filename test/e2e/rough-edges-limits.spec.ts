import { mkdirSync, readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect as baseExpect, test } from "./fixtures";
import { SCREENSHOTS, shot } from "./screens";

// Pages here wait on the session, the config and the allowance: give a loaded machine time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 90_000 });

import { download, expectValidPdf } from "./tools-helpers";

/**
 * Issue 21, the tool pages: a guest sees what is left before starting and a way forward at the
 * limit; an abandoned run is not counted; the run button stays in view; focus follows the result;
 * File History rows name every source, say when the file goes, and offer Download, Share, Delete,
 * and stack as cards on a phone.
 */
const SHOTS = "test/e2e/output/screens/rough-b";
if (SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
const PDF = "test/fixtures/corpus/pdf/valid/pysample__pdflatex-4-pages.pdf";
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: readFileSync(PDF) });

const VIEWPORTS = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;

/** A screenshot for a person to look at, only with SCREENSHOTS=1. */
async function look(page: Page, name: string, fullPage = true) {
  if (!SCREENSHOTS) return;
  await page.waitForTimeout(300);
  await shot(page, `${SHOTS}/${name}.png`, { fullPage });
}

async function usageOf(request: APIRequestContext, headers: Record<string, string>) {
  return (await request.get("/api/usage", { headers })).json();
}

async function register(request: APIRequestContext, ip: string, tag: string, base = "") {
  const res = await request.post(`${base}/api/auth/register`, {
    headers: { "cf-connecting-ip": ip },
    data: {
      firstName: "Lim",
      lastName: "Its",
      email: `${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: "tulip-canyon-raft",
      confirmPassword: "tulip-canyon-raft",
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { sessionToken: string };
}

async function signIn(page: Page, token: string, base = "") {
  await page.goto(`${base}/`);
  await page.evaluate((t) => localStorage.setItem("sessionToken", t), token);
}

// None of this changes with the theme: each viewport is driven once, the desktop in light and the
// phone in dark, so both themes are seen (the screenshots) without running every flow twice.
const RUNS = VIEWPORTS.map((vp) => ({ vp, theme: vp.name === "desktop" ? THEMES[0] : THEMES[1] }));

for (const { vp, theme } of RUNS) {
  const label = `${vp.name}-${theme}`;
  test.describe(label, () => {
    test.use({ viewport: { width: vp.width, height: vp.height }, colorScheme: theme });

    test(`a guest sees what is left before starting, and at the limit a way forward (${label})`, async ({
      page,
      request,
      visitorIp,
    }) => {
      await page.goto("/rotate-pdf");
      const left = page.getByTestId("guest-allowance");
      await expect(left).toContainText("2 of 2 free conversions left today");
      await look(page, `guest-allowance-${label}`);
      await page.locator('input[type="file"]').first().setInputFiles(pdf("a.pdf"));
      await page.getByRole("button", { name: "Rotate PDF" }).click();
      await expect(page.getByTestId("result-actions").first()).toBeVisible({ timeout: 20_000 });
      await expect(left).toContainText("1 of 2 free conversions left today");
      // The second conversion from elsewhere (the API, same address): every tool page then knows.
      const res = await request.post("/api/convert/rotate-pdf", {
        headers: { "cf-connecting-ip": visitorIp },
        multipart: { files: pdf("b.pdf") },
      });
      expect(res.status()).toBe(200);
      await page.goto("/merge-pdf");
      const limit = page.getByTestId("limit-reached");
      await expect(limit).toContainText("You have used today's 2 free conversions");
      await expect(limit).toContainText("Create a free account for 10 conversions a day");
      await expect(limit).toContainText("midnight UTC");
      // The run button says it too; pressing it gives the spec's toast with the way on, sends
      // nothing, and marks no file failed (it marked every one).
      const converts: string[] = [];
      page.on("request", (r) => r.url().includes("/api/convert/") && converts.push(r.url()));
      await page
        .locator('input[type="file"]')
        .first()
        .setInputFiles([pdf("c.pdf"), pdf("d.pdf")]);
      const actions = page.getByTestId("queue-actions");
      await expect(actions.getByRole("button", { name: "Merge PDF" })).toHaveCount(0);
      await actions.getByRole("button", { name: "Conversion limit reached" }).click();
      const toast = page.getByTestId("toast").filter({ hasText: "Conversion limit reached" });
      await expect(toast).toContainText("Please try again tomorrow");
      await expect(toast.getByRole("button", { name: "Create a free account" })).toBeVisible();
      await expect(page.getByTestId("upload-item").and(page.locator('[data-status="pending"]'))).toHaveCount(2);
      expect(converts).toEqual([]);
      await look(page, `guest-limit-${label}`);
      await limit.getByRole("button", { name: "Process on this device" }).click();
      expect(await page.evaluate(() => localStorage.getItem("processOnDevice"))).toBe("1");
      await expect(limit).toHaveCount(0);
      // On this device nothing is counted: the tool runs.
      await expect(page.getByTestId("queue-actions").getByRole("button", { name: "Merge PDF" })).toBeEnabled();
      await expect(page.getByTestId("guest-allowance")).toContainText("not counted");
      await page.getByTestId("device-switch").getByText("Process on this device: files never leave it").click();
      expect(await page.evaluate(() => localStorage.getItem("processOnDevice"))).toBeNull();
      await page.getByTestId("limit-reached").getByRole("button", { name: "Create a free account" }).click();
      await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
    });

    test(`a free account at its limit: the limit, and Upgrade only where Premium is offered (${label})`, async ({
      page,
      request,
      visitorIp,
      configured,
    }) => {
      test.setTimeout(120_000);
      for (const base of ["", configured]) {
        const { sessionToken } = await register(request, visitorIp, "limit", base);
        const convert = (i: number) =>
          request.post(`${base}/api/convert/rotate-pdf`, {
            headers: { authorization: `Bearer ${sessionToken}`, "cf-connecting-ip": visitorIp },
            multipart: { files: pdf(`f${i}.pdf`) },
          });
        for (const batch of [0, 5]) {
          const answers = await Promise.all([0, 1, 2, 3, 4].map((i) => convert(batch + i)));
          expect(answers.map((r) => r.status())).toEqual([200, 200, 200, 200, 200]);
        }
        await signIn(page, sessionToken, base);
        await page.goto(`${base}/compress-pdf`);
        const limit = page.getByTestId("limit-reached");
        await expect(limit).toContainText("You have used all of today's 10 conversions");
        // Premium is offered where this server has it; the banner's Upgrade (a spec entry point) is the button.
        await expect(limit.getByText("Upgrade to Premium for unlimited conversions")).toHaveCount(base ? 1 : 0);
        await expect(page.getByTestId("account-banner").getByRole("link", { name: "Upgrade" })).toHaveCount(1);
        await expect(limit.getByRole("button", { name: "Create a free account" })).toHaveCount(0);
        await look(page, `account-limit-${base ? "premium-offered" : "no-premium"}-${label}`);
      }
    });

    test(`Cancel aborts the upload: nothing is counted (${label})`, async ({ page, request, visitorIp }) => {
      await page.goto("/merge-pdf");
      await expect(page.getByTestId("guest-allowance")).toContainText("2 of 2");
      // The request is held at the browser's edge until the person gives up.
      let held = false;
      await page.route("**/api/convert/merge-pdf", async () => {
        held = true;
      });
      const failed = page.waitForEvent("requestfailed", (r) => r.url().includes("/api/convert/merge-pdf"));
      await page
        .locator('input[type="file"]')
        .first()
        .setInputFiles([pdf("a.pdf"), pdf("b.pdf")]);
      await page.getByRole("button", { name: "Merge PDF" }).click();
      await expect.poll(() => held).toBe(true);
      await page.getByTestId("queue-actions").getByRole("button", { name: "Cancel" }).click();
      expect((await failed).failure()?.errorText).toMatch(/ABORTED|cancel/i);
      await page.unroute("**/api/convert/merge-pdf");
      expect(await usageOf(request, { "cf-connecting-ip": visitorIp })).toMatchObject({ used: 0, remaining: 2 });
    });

    test(`the run button stays in view, and focus moves to the result when the job is done (${label})`, async ({
      page,
    }) => {
      await page.goto("/merge-pdf");
      await page
        .locator('input[type="file"]')
        .first()
        .setInputFiles(["a", "b", "c", "d", "e", "f"].map((n) => pdf(`${n}.pdf`)));
      const run = page.getByTestId("queue-actions").getByRole("button", { name: "Merge PDF" });
      await expect(run).toBeInViewport();
      await look(page, `sticky-bar-${label}`, false);
      await run.click();
      const result = page.getByTestId("result-card");
      await expect(result).toBeVisible({ timeout: 30_000 });
      const button = result.getByRole("button", { name: "Download Merged PDF" });
      await expect(button).toBeFocused();
      await expect(page.getByTestId("result-announcer")).toContainText("Your file is ready.");
      await look(page, `result-focus-${label}`, false);
      const saved = await download(page, button);
      expectValidPdf(saved.path);
    });

    test(`File History: every source, time left, Download, Share and Delete; cards on a phone (${label})`, async ({
      page,
      request,
      visitorIp,
    }) => {
      const { sessionToken } = await register(request, visitorIp, "history");
      const auth = { authorization: `Bearer ${sessionToken}`, "cf-connecting-ip": visitorIp };
      const long = "quarterly-report-for-the-board-of-directors-final-version.pdf";
      const form = new FormData();
      for (const name of [long, "appendix.pdf", "cover.pdf"]) {
        form.append("files", new Blob([readFileSync(PDF)], { type: "application/pdf" }), name);
      }
      expect((await request.post("/api/convert/merge-pdf", { headers: auth, multipart: form })).status()).toBe(200);
      expect(
        (
          await request.post("/api/convert/rotate-pdf", { headers: auth, multipart: { files: pdf("memo.pdf") } })
        ).status(),
      ).toBe(200);
      await signIn(page, sessionToken);
      await page.goto("/history");
      const rows = page.getByTestId("history-row");
      await expect(rows).toHaveCount(2);
      const merged = rows.filter({ hasText: "merged" });
      await expect(merged.getByTestId("history-sources")).toHaveText(`from 3 files: ${long}, appendix.pdf, cover.pdf`);
      await expect(rows.filter({ hasText: "memo-rotated.pdf" }).getByTestId("history-sources")).toHaveText(
        "from memo.pdf",
      );
      await expect(merged.getByTestId("history-time-left")).toContainText(/in 2[34] h/);
      await look(page, `history-${label}`);

      // On a phone the row is a card as wide as the screen, so the long name breaks into a few
      // whole lines, not a letter column; on a wide screen its column is wide, two lines at most.
      const name = merged.getByText(/merged\.pdf$/).first();
      const box = (await name.boundingBox())!;
      const lineHeight = await name.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
      const lines = Math.round(box.height / lineHeight);
      if (vp.name === "phone") {
        expect(box.width).toBeGreaterThan(vp.width * 0.75);
        expect(lines).toBeLessThanOrEqual(3);
      } else {
        expect(box.width).toBeGreaterThan(200);
        expect(lines).toBeLessThanOrEqual(2);
      }

      const saved = await download(page, merged.getByRole("button", { name: /^Download/ }));
      expectValidPdf(saved.path);
      await merged.getByRole("button", { name: /^Share/ }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Create link" }).click();
      await expect(dialog.getByTestId("share-url")).toHaveValue(/\/shared\//);
      await look(page, `history-share-${label}`, false);
      await dialog.getByRole("button", { name: "Close" }).click();

      await rows
        .filter({ hasText: "memo-rotated.pdf" })
        .getByRole("button", { name: "Delete memo-rotated.pdf" })
        .click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(rows).toHaveCount(1);
    });
  });
}
