import { expect, test } from "./fixtures";

/** A toast the page raises by itself: an unsupported file on a tool page. */
async function raiseToast(page: import("@playwright/test").Page, name: string) {
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from("x") });
}

test("one toast at a time: a new one replaces the one on screen", async ({ page }) => {
  await page.goto("/rotate-pdf");
  await raiseToast(page, "first.txt");
  await expect(page.getByTestId("toast")).toHaveCount(1);
  await expect(page.getByTestId("toast")).toContainText("File validation error");
  await raiseToast(page, "second.docx");
  await expect(page.getByTestId("toast")).toHaveCount(1);
  await expect(page.getByTestId("toast")).toContainText("File type .docx is not supported. Accepted types: .pdf");
});

/** When the toast entered and left the document (performance.now()), noted by the page itself. */
type ToastLife = { toastLife: { shown?: number; gone?: number } };

test("a toast goes away after 5 seconds by itself", async ({ page }) => {
  await page.goto("/rotate-pdf");
  // The page notes when the toast enters and leaves the document, so a busy machine's late
  // look cannot shorten or lengthen what is measured (timers may fire late, never early).
  await page.evaluate(() => {
    const w = window as unknown as ToastLife;
    w.toastLife = {};
    new MutationObserver(() => {
      const here = document.querySelector('[data-testid="toast"]') !== null;
      if (here && w.toastLife.shown === undefined) w.toastLife.shown = performance.now();
      if (!here && w.toastLife.shown !== undefined && w.toastLife.gone === undefined)
        w.toastLife.gone = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await raiseToast(page, "notes.txt");
  await expect(page.getByTestId("toast")).toBeVisible();
  const life = () =>
    page.evaluate(() => {
      const { shown, gone } = (window as unknown as ToastLife).toastLife;
      return shown !== undefined && gone !== undefined ? gone - shown : null;
    });
  await expect.poll(life, { timeout: 20_000 }).not.toBeNull();
  const ms = (await life()) as number;
  // 5 s from the toast's creation (a moment before it is in the document) plus its exit: 5.2 s here.
  expect(ms).toBeGreaterThanOrEqual(4900);
  expect(ms).toBeLessThan(12_000);
  await expect(page.getByTestId("toast")).toHaveCount(0);
});

test("F8 focuses the notification area", async ({ page }) => {
  await page.goto("/rotate-pdf");
  await raiseToast(page, "notes.txt");
  await expect(page.getByTestId("toast")).toBeVisible();
  await page.keyboard.press("F8");
  // The focused element is the toast region itself or something inside it.
  await expect(page.locator("[data-scope=toast]:focus, [data-scope=toast] :focus")).toHaveCount(1);
});

test("swiping a toast right past 50 px dismisses it; a short swipe does not", async ({ page }) => {
  await page.goto("/rotate-pdf");
  await raiseToast(page, "notes.txt");
  const toast = page.getByTestId("toast");
  await expect(toast).toBeVisible();
  // Let it finish sliding in, so the drag starts where the toast really is.
  await page.waitForTimeout(600);
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + 40;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 30, y, { steps: 5 });
  await page.mouse.up();
  await expect(toast).toBeVisible();
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 120, y, { steps: 8 });
  await page.mouse.up();
  await expect(toast).toHaveCount(0, { timeout: 2000 });
});
