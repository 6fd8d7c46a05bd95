import { expect, test } from "./fixtures";
import {
  corpus,
  download,
  expectToast,
  expectValidPdf,
  expectValidZip,
  recordForms,
  sentForm,
  signUp,
} from "./tools-helpers";

/** Split PDF in the browser; the pages in each output are judged in test/engine/tools/split.test.ts. */

/** The part of a canvas the test reads (the e2e project has no DOM types). */
interface Canvas {
  width: number;
  height: number;
  getContext(kind: "2d"): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");

test("split: pick pages from real previews and extract them into one PDF", async ({ page }) => {
  await recordForms(page);
  await signUp(page);
  await page.goto("/split-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await expect(page.getByTestId("split-status")).toContainText("Uploading");
  await expectToast(page, "PDF analyzed successfully");
  const pages = page.getByTestId("page-toggle");
  await expect(pages).toHaveCount(4);
  await expect(page.getByTestId("selection-count")).toHaveText("0 of 4 pages selected");
  // The previews are drawn by pdf.js in the browser: the canvas holds ink (small text is grey).
  await expect
    .poll(() =>
      pages
        .nth(0)
        .locator("canvas")
        .evaluate((el) => {
          const c = el as unknown as Canvas;
          if (c.width < 2) return 0;
          const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
          let ink = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i] < 220) ink++;
          return ink;
        }),
    )
    .toBeGreaterThan(100);

  await page.getByRole("button", { name: "Extract Pages" }).click();
  await expectToast(page, "No pages selected", "Please select at least one page to extract.");
  await page.getByRole("button", { name: "Select All", exact: true }).click();
  await expect(page.getByTestId("selection-count")).toHaveText("4 of 4 pages selected");
  await page.getByRole("button", { name: "Deselect All", exact: true }).click();
  await page.getByRole("button", { name: "Page 2", exact: true }).click();
  await page.getByRole("button", { name: "Page 4", exact: true }).click();
  await expect(page.getByRole("button", { name: "Page 2", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Extract Pages" }).click();

  await expectToast(page, "Pages extracted successfully");
  expect((await sentForm(page, "/api/convert/extract-pages")).fields.selectedPages).toBe("[2,4]");
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expect(file.name).toBe("pysample__pdflatex-4-pages-pages-2_4.pdf");
  expectValidPdf(file.path);

  await page.getByRole("button", { name: "Split Another PDF" }).click();
  await expect(page.getByTestId("dropzone")).toBeVisible();
});

test("split: each selected page becomes its own PDF, and a ZIP holds them all", async ({ page }) => {
  await recordForms(page);
  await signUp(page);
  await page.goto("/split-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await page.getByRole("button", { name: "Page 1", exact: true }).click();
  await page.getByRole("button", { name: "Page 3", exact: true }).click();
  await page.getByRole("button", { name: "Split Pages" }).click();
  await expect(page.getByTestId("split-file")).toHaveCount(2, { timeout: 20_000 });

  expect((await sentForm(page, "/api/convert/split-pages")).fields.selectedPages).toBe("[1,3]");
  const zip = await download(page, page.getByRole("button", { name: "Download all (ZIP)" }));
  expect(zip.name).toMatch(/\.zip$/);
  expect(expectValidZip(zip.path)).toHaveLength(2);
  const single = await download(
    page,
    page
      .getByTestId("split-file")
      .nth(1)
      .getByRole("button", { name: /^Download/ }),
  );
  expect(single.name).toBe("pysample__pdflatex-4-pages-page-3.pdf");
  expectValidPdf(single.path);
});

test("split: wrong type and Cancel", async ({ page }) => {
  await page.goto("/split-pdf");
  await page.getByTestId("file-input").setInputFiles(corpus("img/jpeg/progressive_cat.jpg"));
  await expectToast(page, "Invalid file type", "Please select a PDF file.");
  await expect(page.getByTestId("dropzone")).toBeVisible();

  await page.getByTestId("file-input").setInputFiles(fourPages);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("dropzone")).toBeVisible();
});

test("split: a PDF that cannot be read ends in an error with Try Again", async ({ page }) => {
  await page.goto("/split-pdf");
  await page.getByTestId("file-input").setInputFiles({
    name: "broken.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\nthis is not really a PDF\n"),
  });
  // The file's own problem, as the server finds it: trying again would not mend it.
  await expectToast(page, "Analysis failed", "damaged");
  await expect(page.getByText("Failed to analyze PDF")).toBeVisible();
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByTestId("dropzone")).toBeVisible();
});

test("split: a text file named .pdf is said to be no PDF at all", async ({ page }) => {
  await page.goto("/split-pdf");
  await page.getByTestId("file-input").setInputFiles({
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("just some notes, not a PDF"),
  });
  await expectToast(page, "Analysis failed", "notes.pdf is not a valid PDF file.");
});
