import { spawnSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  corpus,
  download,
  expectToast,
  expectValidPdf,
  recordForms,
  sentForm,
  signUp,
  writeTemp,
} from "./tools-helpers";

/**
 * Protect and Unlock in the browser: the password and permissions chosen are what the page sends,
 * and the file that comes back opens only with it (or without one, unlocked). The encryption itself
 * is judged in test/engine/tools/passwords.test.ts.
 */

const source = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");
const plain = corpus("pdf/valid/qpdf__good13.pdf");
const PASSWORD = "Blue påssword 7";

/** qpdf's exit status checking the file (2: it cannot be opened, with that password or none). */
function qpdfCheck(path: string, password?: string): number | null {
  return spawnSync("qpdf", ["--check", ...(password === undefined ? [] : [`--password=${password}`]), path]).status;
}

async function protectOnPage(page: Page, password: string, opts: { passwordFirst: boolean; noPrinting?: boolean }) {
  await page.goto("/protect-pdf");
  await expect(page.getByRole("heading", { level: 1, name: "Protect PDF" })).toBeVisible();
  const input = page.getByLabel("Password", { exact: true });
  await expect(input).toHaveAttribute("minlength", "6");
  await expect(page.getByText(/6 characters/)).toHaveCount(0);
  if (opts.noPrinting) {
    await page.getByRole("button", { name: "Permissions" }).click();
    await page.getByText("Allow printing").click();
    await expect(page.getByTestId("permissions-summary")).toHaveText("Not allowed: printing.");
  }
  if (opts.passwordFirst) await input.fill(password);
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/convert/protect-pdf"));
  const chosen = Date.now();
  await page.getByTestId("file-input").setInputFiles([source]);
  const item = page.getByTestId("upload-item");
  if (opts.passwordFirst) {
    // The upload starts on its own, half a second after the file is chosen, with the session token.
    const request = await sent;
    expect(Date.now() - chosen).toBeGreaterThanOrEqual(450);
    expect(request.headers().authorization).toMatch(/^Bearer /);
  }
  if (!opts.passwordFirst) {
    // Nothing is said while the file waits for its password; pressing Protect PDF without one is.
    await expect(item).toHaveAttribute("data-status", "pending");
    await expect(page.getByTestId("toast").filter({ hasText: "Password required" })).toHaveCount(0);
    await page.getByRole("button", { name: "Protect PDF" }).click();
    await expectToast(page, "Password required", "Please enter a password to protect your PDF");
    await expect(item).toHaveAttribute("data-status", "pending");
    await input.fill(password);
    await page.getByRole("button", { name: "Protect PDF" }).click();
  }
  const button = item.getByRole("button", { name: /Download/ });
  await expect(button).toBeVisible({ timeout: 20_000 });
  await expectToast(page, "Files processed successfully");
  return download(page, button);
}

test("protect: a visitor protects a PDF that opens only with the password", async ({ page }) => {
  await recordForms(page);
  await signUp(page);
  await page.goto("/protect-pdf");
  await page.getByTestId("file-input").setInputFiles([writeTemp("notes.txt", "hello")]);
  await expectToast(page, "Invalid file", "Only PDF files are allowed");
  await expect(page.getByTestId("upload-item")).toHaveCount(0);

  const file = await protectOnPage(page, PASSWORD, { passwordFirst: false });
  expect(file.name).toBe("pysample__pdflatex-4-pages-protected.pdf");
  const sent = await sentForm(page, "/api/convert/protect-pdf");
  expect(sent.fields.password).toBe(PASSWORD);
  expect(sent.fields.allowPrinting ?? "true").toBe("true");
  expect(qpdfCheck(file.path)).toBe(2);
  expectValidPdf(file.path, PASSWORD);

  const restricted = await protectOnPage(page, PASSWORD, { passwordFirst: true, noPrinting: true });
  expect((await sentForm(page, "/api/convert/protect-pdf")).fields).toMatchObject({
    password: PASSWORD,
    allowPrinting: "false",
  });
  expectValidPdf(restricted.path, PASSWORD);
});

test("unlock: the page asks for the password of the file that needs one, then unlocks it", async ({ page }) => {
  await recordForms(page);
  await signUp(page);
  const locked = await protectOnPage(page, PASSWORD, { passwordFirst: true });

  await page.goto("/unlock-pdf");
  await expect(page.getByRole("heading", { level: 1, name: "Unlock PDF" })).toBeVisible();
  await page.getByTestId("file-input").setInputFiles([locked.path, plain]);
  const rows = page.getByTestId("file-result");
  await expect(rows).toHaveCount(2);
  // No password yet: the plain file comes back as it was; the protected one, found locked here,
  // is not sent and asks for its password on its row.
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/convert/unlock-pdf"));
  await page.getByRole("button", { name: "Unlock PDF" }).click();
  // Spec section 6: the unlock form sends no authorization.
  expect((await sent).headers().authorization).toBeUndefined();
  expect((await sentForm(page, "/api/convert/unlock-pdf")).files.map((f) => f.name)).toEqual(["qpdf__good13.pdf"]);
  await expect(rows.nth(0)).toHaveAttribute("data-status", "locked", { timeout: 20_000 });
  await expect(rows.nth(0)).toContainText("Needs password");
  await expect(rows.nth(1)).toHaveAttribute("data-status", "unlocked");
  await expect(rows.nth(1)).toContainText("had no password");

  // A wrong password is caught in the browser: said on the row, never sent.
  const prompt = page.getByLabel(`Password for ${locked.name}`, { exact: true });
  await prompt.fill("not the password");
  await rows.nth(0).getByRole("button", { name: "Unlock" }).click();
  await expect(rows.nth(0)).toContainText("That password does not open this file. Check it and try again.");
  expect(
    await page.evaluate(() => (window as unknown as { __sentForms: unknown[] }).__sentForms.length),
    "only the plain file's request",
  ).toBe(1);
  await prompt.fill(PASSWORD);
  await rows.nth(0).getByRole("button", { name: "Unlock" }).click();
  await expect(rows.nth(0)).toHaveAttribute("data-status", "unlocked", { timeout: 20_000 });
  await expectToast(page, "PDF files unlocked successfully");

  expect((await sentForm(page, "/api/convert/unlock-pdf")).fields.password).toBe(PASSWORD);
  const file = await download(page, rows.nth(0).getByRole("button", { name: /Download/ }));
  expect(file.name).toBe("pysample__pdflatex-4-pages-protected-unlocked.pdf");
  // It opens without a password.
  expectValidPdf(file.path);
});
