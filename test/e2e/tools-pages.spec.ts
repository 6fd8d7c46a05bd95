import { expect, test } from "./fixtures";
import { corpus, download, expectValidPdf, firstPageText, pageCount, run, signUp } from "./tools-helpers";

/** The page tools in Chromium, each output read back by qpdf and poppler; screenshots land in test/e2e/output. */

const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");
/** AES-256, user password user4, 30 pages. */
const locked = corpus("pdf/encrypted/qpdf__c-r6-in.pdf");
const logo = corpus("img/png/pdflib__basn6a08.png");

const shot = (name: string) => `test/e2e/output/${name}.png`;

test("organize: thumbnails, delete, turn, undo and redo, then the new order", async ({ page }) => {
  await signUp(page);
  await page.goto("/organize-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  const cards = page.getByTestId("organize-page");
  await expect(cards).toHaveCount(4);
  await expect(cards.first().locator("canvas")).toBeVisible();
  await page.getByRole("button", { name: "Delete Page 2" }).click();
  await expect(cards).toHaveCount(3);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(cards).toHaveCount(4);
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(cards).toHaveCount(3);
  await page.getByRole("button", { name: "Turn Page 1 right" }).click();
  await page.getByRole("button", { name: "Insert a blank page after Page 4" }).click();
  await expect(page.getByTestId("organize-summary")).toHaveText("4 pages");
  // Page 1 moved one place on from the keyboard, told by name and place as it goes.
  const grip = page.getByRole("button", { name: "Move Page 1" });
  const spoken = page.locator('[id^="DndLiveRegion"]');
  await grip.focus();
  await page.keyboard.press("Space");
  await expect(spoken).toHaveText("Picked up Page 1, at position 1 of 4.");
  await page.keyboard.press("ArrowRight");
  await expect(spoken).toHaveText("Page 1 moved to position 2 of 4.");
  await page.keyboard.press("Space");
  await expect(spoken).toHaveText("Page 1 dropped at position 2 of 4.");
  await expect(cards.nth(1)).toContainText("Page 1");
  await page.screenshot({ path: shot("organize"), fullPage: true });
  await page.getByRole("button", { name: "Organize PDF" }).click();
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(file.path);
  expect(pageCount(file.path)).toBe(4);
  // Page 2 is gone and page 1 follows page 3: the source's pages 3, 1, 4, then the blank.
  expect(firstPageText(file.path, 1)).toBe(firstPageText(fourPages, 3));
  expect(firstPageText(file.path, 2)).toBe(firstPageText(fourPages, 1));
  expect(firstPageText(file.path, 3)).toBe(firstPageText(fourPages, 4));
  expect(firstPageText(file.path, 4)).toBe("");
});

test("remove pages: typed ranges select the pages, the rest are kept", async ({ page }) => {
  await signUp(page);
  await page.goto("/remove-pages");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  const typed = page.getByLabel("Pages to select");
  await typed.fill("2-9");
  await expect(page.getByText("Page 9 does not exist", { exact: false })).toBeVisible();
  await typed.fill("2-3");
  await typed.press("Enter");
  await expect(page.getByTestId("remove-summary")).toHaveText("2 of 4 pages will be removed; 2 kept.");
  await page.getByRole("button", { name: "Remove Pages" }).click();
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(file.path);
  expect(pageCount(file.path)).toBe(2);
  expect(firstPageText(file.path, 2)).toBe(firstPageText(fourPages, 4));
});

test("page numbers: the style chosen, previewed, on every page", async ({ page }) => {
  await signUp(page);
  await page.goto("/page-numbers");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  const style = page.getByLabel("Style");
  await style.selectOption({ label: "Page 1 of 12" });
  // The preview renders once it is on screen.
  await style.scrollIntoViewIfNeeded();
  await expect(page.getByTestId("number-preview")).toHaveText("Page 1 of 12");
  await page.screenshot({ path: shot("page-numbers"), fullPage: true });
  await page.getByRole("button", { name: "Add Page Numbers" }).click();
  const numbered = await download(page, page.getByRole("button", { name: /^Download/ }).first());
  expect(firstPageText(numbered.path, 3)).toContain("Page 3 of 4");
});

test("pages per sheet, crop and metadata: each output read back", async ({ page }) => {
  await signUp(page);
  await page.goto("/nup-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await page.getByRole("radio", { name: "4" }).first().click({ force: true });
  await page.getByRole("button", { name: "Make Sheets" }).click();
  const sheets = await download(page, page.getByRole("button", { name: /^Download/ }).first());
  expectValidPdf(sheets.path);
  expect(pageCount(sheets.path)).toBe(1);

  await page.goto("/crop-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await page.getByLabel("Left (%)").fill("20");
  await page.screenshot({ path: shot("crop"), fullPage: true });
  await page.getByRole("button", { name: "Crop PDF" }).click();
  const cropped = await download(page, page.getByRole("button", { name: "Download PDF" }));
  const info = run("pdfinfo", ["-box", cropped.path]);
  const media = /MediaBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(info);
  const crop = /CropBox:\s+([\d.]+)/.exec(info);
  expect(Number(crop?.[1])).toBeCloseTo(Number(media?.[3]) * 0.2, 0);

  await page.goto("/edit-metadata");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await expect(page.getByTestId("metadata-status")).toContainText("The file's metadata");
  await page.getByLabel("Title").fill("Quarterly figures");
  await page.getByRole("button", { name: "Save Metadata" }).click();
  const edited = await download(page, page.getByRole("button", { name: /^Download/ }).first());
  expect(run("pdfinfo", [edited.path])).toMatch(/Title:\s+Quarterly figures/);
});

test("an encrypted PDF asks for its password on its row, checks it here, then opens and rotates", async ({ page }) => {
  await signUp(page);
  await page.goto("/rotate-pdf");
  await page.getByTestId("file-input").setInputFiles(locked);
  const prompt = page.getByTestId("password-prompt");
  await expect(prompt).toContainText("qpdf__c-r6-in.pdf is password-protected. Enter its password to open it.");
  await expect(page.getByTestId("upload-status")).toHaveText("Password needed");
  await prompt.getByLabel("Password for qpdf__c-r6-in.pdf").fill("wrong");
  await prompt.getByRole("button", { name: "Open" }).click();
  await expect(prompt).toContainText("That password does not open this file.");
  await page.screenshot({ path: shot("password"), fullPage: true });
  await prompt.getByLabel("Password for qpdf__c-r6-in.pdf").fill("user4");
  await prompt.getByRole("button", { name: "Open" }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  const file = await download(page, page.getByRole("button", { name: /^Download/ }).first());
  expectValidPdf(file.path);
  expect(pageCount(file.path)).toBe(30);
  expect(run("qpdf", ["--show-encryption", file.path])).toContain("File is not encrypted");
});

test("image watermark: a logo tiled in the preview, then on every page", async ({ page }) => {
  await signUp(page);
  await page.goto("/watermark-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await page.getByRole("radio", { name: "Image" }).click({ force: true });
  await page.getByLabel("Watermark image").setInputFiles(logo);
  await expect(page.getByTestId("logo-name")).toContainText("pdflib__basn6a08.png");
  await page.getByLabel("Position").selectOption({ label: "Tiled" });
  await page.getByLabel("Size (% of the page)").fill("15");
  const preview = page.getByTestId("watermark-logo");
  await expect(preview).toBeVisible();
  expect(Number(await preview.getAttribute("data-copies"))).toBeGreaterThan(4);
  await page.screenshot({ path: shot("image-watermark"), fullPage: true });
  await page.getByRole("button", { name: "Add Watermark" }).click();
  const result = page.getByTestId("file-result").first();
  await expect(result).toHaveAttribute("data-status", "watermarked");
  const file = await download(page, result.getByRole("button", { name: /^Download/ }));
  expectValidPdf(file.path);
  // pdfimages lists every drawing of an image: many tiles on each of the 4 pages, all one image object.
  const rows = run("pdfimages", ["-list", file.path])
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter((cols) => cols[2] === "image");
  expect(new Set(rows.map((cols) => cols[0]))).toEqual(new Set(["1", "2", "3", "4"]));
  expect(rows.length).toBeGreaterThan(4 * 4);
  expect(new Set(rows.map((cols) => cols[10])).size).toBe(1);
});
