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

/** JPG to PDF in the browser; the pages and images of the PDF are judged in test/engine/tools/jpg-to-pdf.test.ts. */

const cat = corpus("img/jpeg/progressive_cat.jpg"); // 320 x 240
const landscape = corpus("img/jpeg/sharp__Landscape_1.jpg"); // 600 x 450
const mario = corpus("img/png/pdflib__small_mario.png"); // 1473 x 1854, RGBA

test("JPG to PDF: images in the arranged order become one PDF, a page each", async ({ page }) => {
  await recordForms(page);
  await signUp(page);
  await page.goto("/jpg-to-pdf");
  await page.getByTestId("file-input").setInputFiles([cat, writeTemp("scan.gif", "GIF89a"), mario, landscape]);
  await expectToast(page, "Invalid file", "File type .gif is not supported. Accepted types: .jpg, .jpeg, .png, .webp");
  // The refused file stays listed, with its reason; it is no part of the PDF.
  const items = page.getByTestId("upload-item").and(page.locator(':not([data-status="refused"])'));
  await expect(items).toHaveCount(3);
  await expect(page.locator('[data-status="refused"]')).toContainText("scan.gif");
  // Small previews of each image.
  await expect(items.nth(0).locator("img")).toHaveJSProperty("naturalWidth", 320);

  await page.getByRole("button", { name: "Move sharp__Landscape_1.jpg up" }).click();
  await page.getByRole("button", { name: "Move sharp__Landscape_1.jpg up" }).click();
  await expect(items.nth(0)).toContainText("sharp__Landscape_1.jpg");

  await page.getByRole("button", { name: "Convert to PDF" }).click();
  await expectToast(page, "Files processed successfully");
  // The images go in the order arranged, without the refused one.
  expect((await sentForm(page, "/api/convert/jpg-to-pdf")).files.map((f) => f.name)).toEqual([
    "sharp__Landscape_1.jpg",
    "progressive_cat.jpg",
    "pdflib__small_mario.png",
  ]);
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(file.path);
});

test("JPG to PDF: on A4 with a margin, each sheet turned as its image is", async ({ page }) => {
  await recordForms(page);
  await page.goto("/jpg-to-pdf");
  await page.getByTestId("file-input").setInputFiles([landscape, mario]);
  await page.getByLabel("Page size").selectOption("a4");
  await page.getByLabel("Margin").selectOption("small");
  await page.getByRole("button", { name: "Convert to PDF" }).click();
  // Each sheet turned as its image is: no orientation is sent (auto).
  const sent = await sentForm(page, "/api/convert/jpg-to-pdf");
  expect(sent.fields).toMatchObject({ pageSize: "a4", margin: "small" });
  expect(sent.fields.orientation ?? "auto").toBe("auto");
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(file.path);
});
