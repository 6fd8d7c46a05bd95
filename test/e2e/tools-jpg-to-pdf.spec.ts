import { expect, test } from "./fixtures";
import { corpus, download, expectToast, expectValidPdf, pageCount, run, signUp, writeTemp } from "./tools-helpers";

const cat = corpus("img/jpeg/progressive_cat.jpg"); // 320 x 240
const landscape = corpus("img/jpeg/sharp__Landscape_1.jpg"); // 600 x 450
const mario = corpus("img/png/pdflib__small_mario.png"); // 1473 x 1854, RGBA

function pageSizes(path: string): string[] {
  const out = run("pdfinfo", ["-f", "1", "-l", "99", path]);
  return [...out.matchAll(/^Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+)/gm)].map((m) => `${Number(m[1]) / Number(m[2])}`);
}

test("JPG to PDF: images in the arranged order become one PDF, a page each", async ({ page }) => {
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
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(file.path);
  expect(pageCount(file.path)).toBe(3);
  // Pages are sized to their images: the order shows in their proportions.
  const ratios = pageSizes(file.path).map(Number);
  expect(ratios[0]).toBeCloseTo(600 / 450, 2);
  expect(ratios[1]).toBeCloseTo(320 / 240, 2);
  expect(ratios[2]).toBeCloseTo(1473 / 1854, 2);
  expect(run("pdfimages", ["-list", file.path]).trim().split("\n").length).toBeGreaterThanOrEqual(2 + 3);
});

test("JPG to PDF: on A4 with a margin, each sheet turned as its image is", async ({ page }) => {
  await page.goto("/jpg-to-pdf");
  await page.getByTestId("file-input").setInputFiles([landscape, mario]);
  await page.getByLabel("Page size").selectOption("a4");
  await page.getByLabel("Margin").selectOption("small");
  await page.getByRole("button", { name: "Convert to PDF" }).click();
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(file.path);
  const sizes = [...run("pdfinfo", ["-f", "1", "-l", "2", file.path]).matchAll(/size:\s+([\d.]+) x ([\d.]+)/g)].map(
    (m) => [Number(m[1]), Number(m[2])],
  );
  // The landscape photo on a landscape sheet, the tall image on a portrait one.
  expect(sizes).toEqual([
    [841.89, 595.28],
    [595.28, 841.89],
  ]);
});
