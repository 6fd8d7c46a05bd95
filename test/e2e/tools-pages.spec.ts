import { expect, test } from "./fixtures";
import { shot as screenshot } from "./screens";
import { corpus, download, expectValidPdf, recordForms, sentForm, signUp } from "./tools-helpers";

/**
 * The page tools in Chromium: what the person chooses is what the page sends, and a valid PDF
 * comes back (what each holds is judged in test/engine/tools/page-tools.test.ts). With
 * SCREENSHOTS=1, screenshots land in test/e2e/output.
 */

const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");
/** AES-256, user password user4, 30 pages. */
const locked = corpus("pdf/encrypted/qpdf__c-r6-in.pdf");
const logo = corpus("img/png/pdflib__basn6a08.png");

const shot = (name: string) => `test/e2e/output/${name}.png`;

test.beforeEach(async ({ page }) => {
  await recordForms(page);
});

test("organize: thumbnails, delete, turn, undo and redo, then the new order", async ({ page }) => {
  await signUp(page);
  await page.goto("/organize-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  const cards = page.getByTestId("organize-page");
  await expect(cards).toHaveCount(4);
  await expect(cards.first().locator("canvas")).toBeVisible();
  // Deleted from the keyboard, focus stays where the person was: on the next page's Delete (not
  // the page's body), and Tab goes on from there.
  await page.getByRole("button", { name: "Delete Page 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Delete Page 3" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Move Page 4" })).toBeFocused();
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
  await screenshot(page, shot("organize"), { fullPage: true });
  await page.getByRole("button", { name: "Organize PDF" }).click();
  // Page 2 is gone and page 1 (turned) follows page 3: the source's pages 3, 1, 4, then the blank.
  const plan = JSON.parse((await sentForm(page, "/api/convert/organize-pdf")).fields.plan);
  expect(plan).toMatchObject([
    { file: 0, page: 3 },
    { file: 0, page: 1, rotate: 90 },
    { file: 0, page: 4 },
    { blank: true },
  ]);
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(file.path);
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
  expect((await sentForm(page, "/api/convert/remove-pages")).fields.pages).toBe("[2,3]");
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(file.path);
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
  await screenshot(page, shot("page-numbers"), { fullPage: true });
  await page.getByRole("button", { name: "Add Page Numbers" }).click();
  expect((await sentForm(page, "/api/convert/page-numbers")).fields.format).toBe("page-n-of-total");
  const numbered = await download(page, page.getByRole("button", { name: /^Download/ }).first());
  expectValidPdf(numbered.path);
});

test("every page preview is drawn at a size a person sees, at 1280 and 390 px", async ({ page }) => {
  // The page's drawn previews (pdf.js canvases), each by its laid-out size on screen.
  const drawn = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("main canvas[aria-hidden]")]
        .filter((c) => getComputedStyle(c).display !== "none" && (c as HTMLCanvasElement).width > 1)
        .map((c) => {
          const r = c.getBoundingClientRect();
          return Math.min(Math.round(r.width), Math.round(r.height));
        }),
    );
  for (const tool of [
    "page-numbers",
    "watermark-pdf",
    "crop-pdf",
    "sign-pdf",
    "redact-pdf",
    "organize-pdf",
    "split-pdf",
    "merge-pdf",
  ]) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/${tool}`);
    await page.getByTestId("file-input").setInputFiles(tool === "merge-pdf" ? [fourPages, fourPages] : fourPages);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      // Previews are drawn as they come into view: bring the first page's frame on screen.
      await page.locator("main canvas[aria-hidden]").first().locator("xpath=..").scrollIntoViewIfNeeded();
      await expect
        .poll(drawn, { message: `${tool} at ${width} px` })
        .toEqual(expect.arrayContaining([expect.any(Number)]));
      for (const side of await drawn()) expect(side, `${tool} at ${width} px`).toBeGreaterThan(20);
    }
  }
});

test("pages per sheet, crop and metadata: each as chosen, each a PDF", async ({ page }) => {
  await signUp(page);
  await page.goto("/nup-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await page.getByRole("radio", { name: "4" }).first().click({ force: true });
  await page.getByRole("button", { name: "Make Sheets" }).click();
  expect((await sentForm(page, "/api/convert/nup-pdf")).fields.perSheet).toBe("4");
  const sheets = await download(page, page.getByRole("button", { name: /^Download/ }).first());
  expectValidPdf(sheets.path);

  await page.goto("/crop-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  // Nothing is cut until the person chooses: the frame starts round the whole page, and Crop says why it waits.
  for (const side of ["Left", "Right", "Top", "Bottom"]) await expect(page.getByLabel(`${side} (%)`)).toHaveValue("0");
  await expect(page.getByTestId("crop-nothing")).toContainText("nothing would be cut");
  await expect(page.getByRole("button", { name: "Crop PDF" })).toBeDisabled();
  await screenshot(page, shot("crop-start"), { fullPage: true });
  await page.getByLabel("Left (%)").fill("20");
  await expect(page.getByTestId("crop-nothing")).toHaveCount(0);
  await screenshot(page, shot("crop"), { fullPage: true });
  await page.getByRole("button", { name: "Crop PDF" }).click();
  expect(JSON.parse((await sentForm(page, "/api/convert/crop-pdf")).fields.margins)).toEqual({
    left: 0.2,
    top: 0,
    right: 0,
    bottom: 0,
  });
  const cropped = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(cropped.path);

  await page.goto("/edit-metadata");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await expect(page.getByTestId("metadata-status")).toContainText("The file's metadata");
  await page.getByLabel("Title").fill("Quarterly figures");
  await page.getByRole("button", { name: "Save Metadata" }).click();
  expect(JSON.parse((await sentForm(page, "/api/convert/edit-metadata")).fields.info)).toMatchObject({
    title: "Quarterly figures",
  });
  const edited = await download(page, page.getByRole("button", { name: /^Download/ }).first());
  expectValidPdf(edited.path);
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
  await screenshot(page, shot("password"), { fullPage: true });
  await prompt.getByLabel("Password for qpdf__c-r6-in.pdf").fill("user4");
  await prompt.getByRole("button", { name: "Open" }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  // The password goes with the file it opens.
  expect((await sentForm(page, "/api/convert/rotate-pdf")).fields).toMatchObject({
    passwords: expect.stringContaining('"user4"'),
  });
  const file = await download(page, page.getByRole("button", { name: /^Download/ }).first());
  // Opened with its password, what comes back opens without one.
  expectValidPdf(file.path);
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
  await screenshot(page, shot("image-watermark"), { fullPage: true });
  await page.getByRole("button", { name: "Add Watermark" }).click();
  const result = page.getByTestId("file-result").first();
  await expect(result).toHaveAttribute("data-status", "watermarked");
  const sent = await sentForm(page, "/api/convert/watermark-pdf");
  expect(sent.fields).toMatchObject({ position: "tiled", scale: "15" });
  expect(sent.files).toContainEqual(expect.objectContaining({ field: "watermarkImage", name: "pdflib__basn6a08.png" }));
  const file = await download(page, result.getByRole("button", { name: /^Download/ }));
  expectValidPdf(file.path);
});
