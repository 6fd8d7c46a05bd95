import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SCREENSHOTS, shot } from "./screens";
import { corpus, download, expectValidPdf, recordForms, sentForm, signUp } from "./tools-helpers";

/**
 * Sign PDF in Chromium: drawn, typed and photographed signatures placed; what the page sends is
 * where the person put them, and a valid PDF comes back. The signed files are judged by poppler
 * and qpdf in test/engine/tools/forms.test.ts.
 */

const form = corpus("pdf/valid/pysample__libreoffice-form.pdf");
const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");
const screens = "test/e2e/output/screens/sign";
if (SCREENSHOTS) mkdirSync(screens, { recursive: true });

interface Placement {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
}

/** The placements, name and date the page sent with the signature. */
async function sentSigning(page: Page) {
  const sent = await sentForm(page, "/api/convert/sign-pdf");
  return { ...sent, placements: JSON.parse(sent.fields.placements) as Placement[] };
}

/** A signature drawn on the pad with the mouse: two loops and a line. */
async function drawSignature(page: Page) {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("no pad");
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.12, 0.6));
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.2, 0.25],
    [0.28, 0.7],
    [0.36, 0.3],
    [0.45, 0.72],
    [0.55, 0.35],
    [0.62, 0.65],
    [0.75, 0.4],
    [0.88, 0.55],
  ] as const) {
    await page.mouse.move(...at(fx, fy), { steps: 6 });
  }
  await page.mouse.up();
  await page.mouse.move(...at(0.3, 0.8));
  await page.mouse.down();
  await page.mouse.move(...at(0.7, 0.78), { steps: 8 });
  await page.mouse.up();
}

/** Where a placed box lies on its page, as fractions from the top left. */
async function boxOnPage(pageLayer: Locator, box: Locator) {
  const p = await pageLayer.boundingBox();
  const b = await box.boundingBox();
  if (!p || !b) throw new Error("not shown");
  return { x: (b.x - p.x) / p.width, y: (b.y - p.y) / p.height, w: b.width / p.width, h: b.height / p.height };
}

async function openTool(page: Page, file: string) {
  await recordForms(page);
  await signUp(page);
  await page.goto("/sign-pdf");
  await page.getByTestId("file-input").setInputFiles(file);
  await expect(page.getByTestId("sign-page-1")).toBeVisible();
}

/** The page's three parts, in light and dark, for a person to look at (SCREENSHOTS=1: test/e2e/output/screens/sign). */
async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const theme of ["light", "dark"]) {
    for (const part of ["signature-card", "sign-scroller", "sign-options-card"]) {
      await shot(page.getByTestId(part), `${screens}/${name}-${theme}-${part}.png`);
    }
    await shot(page, `${screens}/${name}-${theme}.png`, { fullPage: true });
    await page.getByTestId("theme-toggle").click();
  }
}

const today = (page: Page) =>
  page.evaluate(() => new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date()));

test("a drawn signature placed on page 1 with name and date: sent where it was put", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openTool(page, form);
  await expect(page.getByTestId("signature-notice")).toContainText("not a certificate-based digital signature");
  // Nothing to place yet: the page says what to do first.
  await page.getByRole("button", { name: "Sign PDF" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Add your signature" })).toBeVisible();

  await drawSignature(page);
  await expect(page.getByRole("button", { name: "Place here, on page 1" })).toBeEnabled();
  await page.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("button", { name: "Place here, on page 1" })).toBeDisabled();
  await drawSignature(page);
  await expect(page.getByRole("button", { name: "Place here, on page 1" })).toBeEnabled();

  const layer = page.getByTestId("sign-page-1");
  const size = await layer.boundingBox();
  await layer.click({ position: { x: (size?.width ?? 0) * 0.5, y: (size?.height ?? 0) * 0.45 } });
  const placed = page.getByTestId("placed-signature");
  await expect(placed).toHaveCount(1);
  await expect(page.getByTestId("placed-count")).toHaveText("Placed 1 time, on 1 page");
  // Dragged a little, then nudged with the keyboard.
  const before = await boxOnPage(layer, placed);
  const b = await placed.boundingBox();
  if (!b) throw new Error("not shown");
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2 - 30, b.y + b.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  await placed.focus();
  await page.keyboard.press("ArrowRight");
  const after = await boxOnPage(layer, placed);
  expect(after.x).toBeLessThan(before.x);
  expect(after.y).toBeGreaterThan(before.y);
  // The box keeps the signature's shape.
  const img = await placed.locator("img").evaluate((el) => {
    const i = el as unknown as { naturalWidth: number; naturalHeight: number };
    return i.naturalWidth / i.naturalHeight;
  });
  const pageRatio = 595.304 / 841.89;
  expect(Math.abs((after.w * pageRatio) / after.h / img - 1)).toBeLessThan(0.03);

  await page.getByText("Add my name under the signature").click();
  await page.getByLabel("Name under the signature", { exact: true }).fill("Ada Lovelace");
  const date = await today(page);
  await expect(page.getByText(`Add the date (${date})`)).toBeVisible();
  await expect(page.getByTestId("signature-caption")).toContainText("Ada Lovelace");
  await shoot(page, "desktop");

  await page.getByRole("button", { name: "Sign PDF" }).click();
  const signed = await download(page, page.getByRole("button", { name: "Download PDF" }));
  await shot(page, `${screens}/desktop-result.png`);
  expectValidPdf(signed.path);
  // Where the box was put on the page, as fractions from its top left, with the name and date.
  const sent = await sentSigning(page);
  expect(sent.fields).toMatchObject({ signerName: "Ada Lovelace", date });
  expect(sent.files).toContainEqual(expect.objectContaining({ field: "signature", type: "image/png" }));
  expect(sent.placements).toHaveLength(1);
  const [placed1] = sent.placements;
  expect(placed1.page).toBe(1);
  // Within 2% of the page of the box as drawn (its outline and the screen's pixels round it).
  for (const [got, want] of [
    [placed1.x, after.x],
    [placed1.y, after.y],
    [placed1.width, after.w],
    [placed1.height, after.h],
  ])
    expect(Math.abs(got - want), `${got} vs ${want}`).toBeLessThan(0.02);
});

test("a typed signature in a script font, on every page, on a phone-sized screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTool(page, fourPages);
  await page.getByRole("radio", { name: "Type" }).click({ force: true });
  await page.getByLabel("Your name").fill("Grace Hopper");
  const vibes = page.locator('[data-font="great-vibes"]');
  await expect(vibes).toHaveText("Grace Hopper");
  await expect.poll(() => page.evaluate<boolean>(`document.fonts.check('30px "Sign Great Vibes"')`)).toBe(true);
  await page.getByRole("radio", { name: "Great Vibes" }).click({ force: true });
  await expect(page.getByRole("button", { name: "Place here, on page 1" })).toBeEnabled();
  await page.getByRole("button", { name: "Place here, on page 1" }).click();
  await page.getByRole("button", { name: "Place on all pages" }).click();
  await expect(page.getByTestId("placed-signature")).toHaveCount(4);
  await expect(page.getByTestId("placed-count")).toHaveText("Placed 4 times, on 4 pages");
  // The name line is filled from the typed name; this time without the date.
  await page.getByText("Add my name under the signature").click();
  await expect(page.getByLabel("Name under the signature", { exact: true })).toHaveValue("Grace Hopper");
  await page.getByText(/^Add the date/).click();
  // Nothing runs off the side of a phone's screen.
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  await shoot(page, "phone");

  await page.getByRole("button", { name: "Sign PDF" }).click();
  const signed = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(signed.path);
  // Once on each page, the typed name drawn as an image, the name under it and no date.
  const sent = await sentSigning(page);
  expect(sent.placements.map((p) => p.page)).toEqual([1, 2, 3, 4]);
  expect(sent.fields.signerName).toBe("Grace Hopper");
  expect(sent.fields.date).toBeUndefined();
  expect(sent.files).toContainEqual(expect.objectContaining({ field: "signature", type: "image/png" }));
});

test("the signature is remembered in this browser only when asked, and forgotten on request", async ({ page }) => {
  await openTool(page, form);
  await drawSignature(page);
  await expect(page.getByRole("button", { name: "Place here, on page 1" })).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem("signPdf.signature"))).toBeNull();
  await page.getByText("Remember my signature in this browser").click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("signPdf.signature")?.slice(0, 40) ?? null))
    .toContain("data:image/png;base64");

  await page.reload();
  await page.getByTestId("file-input").setInputFiles(form);
  await expect(page.getByRole("radio", { name: "Saved" })).toBeChecked();
  await expect(page.getByRole("img", { name: "Your saved signature" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Remember my signature in this browser" })).toBeChecked();
  await page.getByRole("button", { name: "Place here, on page 1" }).click();
  await expect(page.getByTestId("placed-signature")).toHaveCount(1);
  await page.getByTestId("theme-toggle").click();
  await shot(page, `${screens}/saved-dark.png`, { fullPage: true });

  await page.getByRole("button", { name: "Forget it" }).click();
  expect(await page.evaluate(() => localStorage.getItem("signPdf.signature"))).toBeNull();
  await expect(page.getByRole("radio", { name: "Saved" })).toHaveCount(0);
  await page.reload();
  await page.getByTestId("file-input").setInputFiles(form);
  await expect(page.getByRole("radio", { name: "Draw" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Saved" })).toHaveCount(0);
});

test("an uploaded photo of a signature: turned upright as the camera meant, sent as it is", async ({ page }) => {
  await openTool(page, fourPages);
  await page.getByRole("radio", { name: "Upload" }).click({ force: true });
  // Stored 450 x 600 with EXIF orientation 6: shown (and sent) 600 x 450.
  await page.getByTestId("signature-file-input").setInputFiles(corpus("img/jpeg/sharp__Landscape_6.jpg"));
  const preview = page.getByRole("img", { name: "Your uploaded signature" });
  await expect(preview).toBeVisible();
  await page.getByText("Remove white background").click();
  await expect(page.getByRole("checkbox", { name: /Remove white background/ })).not.toBeChecked();
  await expect
    .poll(() =>
      preview.evaluate((el) => {
        const i = el as unknown as { naturalWidth: number; naturalHeight: number; complete: boolean };
        return i.complete ? `${i.naturalWidth}x${i.naturalHeight}` : "";
      }),
    )
    .toBe("600x450");
  await page.getByRole("button", { name: "Place here, on page 2" }).click();
  // Turned a quarter turn clockwise, with no date under it.
  await page.getByLabel("Rotation (degrees)").fill("90");
  await page.getByText(/^Add the date/).click();
  await page.getByRole("button", { name: "Sign PDF" }).click();
  const signed = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(signed.path);
  // The photo as it is (a JPEG; turned upright by the page, 600 x 450 as the preview shows), on
  // page 2, turned a quarter, with no date.
  const sent = await sentSigning(page);
  expect(sent.files).toContainEqual(expect.objectContaining({ field: "signature", type: "image/jpeg" }));
  expect(sent.placements).toMatchObject([{ page: 2, rotation: 90 }]);
  expect(sent.fields.date).toBeUndefined();
});
