import { mkdirSync, readFileSync } from "node:fs";
import { PDFDocument, rgb, StandardFonts } from "@cantoo/pdf-lib";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { contrastOf } from "./contrast";
import { expect, test } from "./fixtures";
import { SCREENSHOTS, shot } from "./screens";
import { corpus, download, expectToast, expectValidZip, signUp, writeTemp } from "./tools-helpers";

const SHOTS = "/tmp/shots";

/** 4 x 6 inch pages (288 x 432 points): at 150 dpi exactly 600 x 900 pixels, at 72 dpi 288 x 432. */
const COLOURS: [number, number, number][] = [
  [1, 0, 0],
  [0, 0.6, 0],
  [0, 0, 1],
];

/** Three pages, each with its number in words and a coloured square 72 points wide, 36 points from the bottom left. */
async function threePages(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, c] of COLOURS.entries()) {
    const page = doc.addPage([288, 432]);
    page.drawText(`Page ${i + 1}`, { x: 36, y: 380, size: 24, font });
    page.drawRectangle({ x: 36, y: 36, width: 72, height: 72, color: rgb(...c) });
  }
  return writeTemp("three pages.pdf", await doc.save());
}

/** An image decoded by Chromium itself: its size and the colour of one pixel. */
async function decodeImage(page: Page, bytes: Uint8Array, type: string, at: [number, number]) {
  return page.evaluate(
    async ({ b64, type, at }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data], { type }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
      ctx.drawImage(bitmap, 0, 0);
      const px = ctx.getImageData(at[0], at[1], 1, 1).data;
      return { width: bitmap.width, height: bitmap.height, colour: [px[0], px[1], px[2]] };
    },
    { b64: Buffer.from(bytes).toString("base64"), type, at },
  );
}

function expectColour(got: number[], want: [number, number, number]) {
  for (let i = 0; i < 3; i++)
    expect(Math.abs(got[i] - Math.round(want[i] * 255)), `${got} vs ${want}`).toBeLessThan(16);
}

/** The page in both themes on a desktop and a phone, for a person to look at (SCREENSHOTS=1). */
async function shots(page: Page, dir: string, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(`${SHOTS}/${dir}`, { recursive: true });
  for (const dark of [false, true]) {
    await page.evaluate((d) => {
      document.documentElement.classList.toggle("dark", d);
      document.documentElement.style.colorScheme = d ? "dark" : "light";
    }, dark);
    for (const [w, h, label] of [
      [1366, 900, "desktop"],
      [390, 844, "mobile"],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `${SHOTS}/${dir}/${name}-${label}-${dark ? "dark" : "light"}.png`, { fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("pdf to jpg: chosen pages to PNG at 150 dpi in a ZIP, made in the browser with no request", async ({ page }) => {
  const pdf = await threePages();
  await page.goto("/pdf-to-image");
  await page.getByTestId("file-input").setInputFiles(pdf);
  await expect(page.getByTestId("pixel-size")).toHaveText("Page 1 will be 600 x 900 pixels.");
  await shots(page, "pdf-to-image", "options");
  const api: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) api.push(r.url());
  });

  await page.locator('[aria-label="Format"]').getByText("PNG", { exact: true }).click();
  // The chosen option is plain to see in both themes: its words 4.5:1 on its fill, and bold where
  // the others are not (not told by colour alone).
  const format = page.locator('[aria-label="Format"]');
  const chosen = format.locator("[data-part=item][data-state=checked]");
  await expect(chosen).toHaveText("PNG");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveClass(new RegExp(scheme));
    const c = await contrastOf(chosen, format.locator("[data-part=indicator]"));
    expect(c.ratio, `${scheme}: ${c.fg} on ${c.bg}`).toBeGreaterThanOrEqual(4.5);
    const weight = (l: typeof chosen) => l.evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(await weight(chosen)).toBeGreaterThanOrEqual(600);
    expect(await weight(format.locator("[data-part=item][data-state=unchecked]").first())).toBeLessThan(600);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await shots(page, "pdf-to-image", "segments");
  await page.locator('[aria-label="Pages"]').getByText("Choose pages", { exact: true }).click();
  await page.getByRole("button", { name: "Page 1", exact: true }).click();
  await page.getByRole("button", { name: "Page 3", exact: true }).click();
  await expect(page.getByTestId("render-status")).toHaveText("2 of 3 pages, made on this device.");
  await page.getByRole("button", { name: "Convert to PNG" }).click();
  await expect(page.getByTestId("device-result")).toContainText("three pages-png.zip");
  await expect(page.getByTestId("device-result")).toContainText("never left");
  await shots(page, "pdf-to-image", "result");
  const started = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download ZIP" }).click();
  const file = await started;
  expect(file.suggestedFilename()).toBe("three pages-png.zip");
  expect(file.url()).toMatch(/^blob:/);
  const zip = unzipSync(readFileSync(await file.path()));
  expect(Object.keys(zip).sort()).toEqual(["three pages-page-1.png", "three pages-page-3.png"]);
  // The square spans 75-225 across and 675-825 down at 150 dpi.
  for (const [name, colour] of [
    ["three pages-page-1.png", COLOURS[0]],
    ["three pages-page-3.png", COLOURS[2]],
  ] as const) {
    const img = await decodeImage(page, zip[name], "image/png", [150, 750]);
    expect([img.width, img.height]).toEqual([600, 900]);
    expectColour(img.colour, colour);
    // Paper is white.
    expectColour((await decodeImage(page, zip[name], "image/png", [400, 300])).colour, [1, 1, 1]);
  }
  expect(api, "requests to the server while converting").toEqual([]);

  // One page at 72 dpi as a JPG: the image itself, not a ZIP.
  await page.getByRole("button", { name: "Start over" }).click();
  await page.getByTestId("file-input").setInputFiles(pdf);
  await page.locator('[aria-label="Resolution"]').getByText("72 dpi", { exact: true }).click();
  await page.locator('[aria-label="Format"]').getByText("JPG", { exact: true }).click();
  await expect(page.getByTestId("quality-value")).toHaveText("85");
  await expect(page.getByTestId("pixel-size")).toHaveText("Page 1 will be 288 x 432 pixels.");
  await page.locator('[aria-label="Pages"]').getByText("Choose pages", { exact: true }).click();
  await page.getByRole("button", { name: "Page 2", exact: true }).click();
  await page.getByRole("button", { name: "Convert to JPG" }).click();
  const jpgDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download image" }).click();
  const jpg = await jpgDownload;
  expect(jpg.suggestedFilename()).toBe("three pages-page-2.jpg");
  const bytes = readFileSync(await jpg.path());
  expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  const img = await decodeImage(page, bytes, "image/jpeg", [72, 360]);
  expect([img.width, img.height]).toEqual([288, 432]);
  expectColour(img.colour, COLOURS[1]);
  expect(api, "requests to the server while converting").toEqual([]);
});

test("pdf to jpg: a resolution past the browser's canvas is refused with a way out", async ({ page }) => {
  const doc = await PDFDocument.create();
  doc.addPage([4000, 4000]);
  const big = writeTemp("poster.pdf", await doc.save());
  await page.goto("/pdf-to-image");
  await page.getByTestId("file-input").setInputFiles(big);
  await page.locator('[aria-label="Resolution"]').getByText("300 dpi", { exact: true }).click();
  await page.getByRole("button", { name: "Convert to JPG" }).click();
  await expectToast(
    page,
    "Conversion failed",
    "Page 1 would be 16,667 x 16,667 pixels at 300 dpi, more than a browser can draw. Choose 150 dpi or lower.",
  );
});

test("extract images: the page's images come back as they are, in a ZIP", async ({ page }) => {
  const doc = await PDFDocument.create();
  const jpegBytes = readFileSync(corpus("img/jpeg/sharp__concert.jpg"));
  const jpeg = await doc.embedJpg(jpegBytes);
  const png = await doc.embedPng(readFileSync(corpus("img/png/pdflib__basn2c08.png")));
  doc.addPage([500, 500]).drawImage(jpeg, { x: 10, y: 100, width: 400, height: 267 });
  const second = doc.addPage([500, 500]);
  second.drawImage(png, { x: 10, y: 10, width: 64, height: 64 });
  second.drawImage(jpeg, { x: 100, y: 100, width: 200, height: 134 });
  const pdf = writeTemp("photos.pdf", await doc.save());

  await signUp(page);
  await page.goto("/extract-images");
  await page.getByTestId("file-input").setInputFiles(pdf);
  await expect(page.getByRole("button", { name: "Extract Images" })).toBeVisible();
  await shots(page, "extract-images", "options");
  await page.getByRole("button", { name: "Extract Images" }).click();
  await expect(page.getByTestId("result-card")).toContainText("photos-images.zip");
  await expect(page.getByTestId("extract-message")).toHaveText("2 images extracted.");
  await shots(page, "extract-images", "result");
  // The images themselves are judged in test/engine/tools/extract-images.test.ts.
  const file = await download(page, page.getByRole("button", { name: "Download ZIP" }));
  expect(expectValidZip(file.path).sort()).toEqual(["page-1-image-1.jpg", "page-2-image-1.png"]);
});

test("extract images: a PDF without images is refused, saying so", async ({ page }) => {
  await signUp(page);
  await page.goto("/extract-images");
  await page.getByTestId("file-input").setInputFiles(corpus("pdf/valid/pysample__minimal-document.pdf"));
  await page.getByRole("button", { name: "Extract Images" }).click();
  await expectToast(page, "", "This PDF has no images to extract.");
});
