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

const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");
const potato = corpus("pdf/valid/qpdf__good13.pdf");
const helloWorld = corpus("pdf/valid/pdflib__Simple_PDF_2.0_file.pdf");

test("merge: arrange three PDFs, merge them, and download one PDF in that order", async ({ page }) => {
  await recordForms(page);
  await signUp(page);
  await page.goto("/merge-pdf");
  await expect(page.getByRole("heading", { level: 1, name: "Merge PDF" })).toBeVisible();
  for (const section of ["Custom order", "Unlimited files", "Optimized output"]) {
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  }
  for (const step of ["Upload", "Arrange", "Merge", "Download"]) {
    await expect(page.getByRole("heading", { name: step, exact: true })).toBeVisible();
  }

  await page.getByTestId("file-input").setInputFiles([fourPages, potato, helloWorld]);
  const items = page.getByTestId("upload-item");
  await expect(items).toHaveCount(3);
  // Keyboard-free reordering through the row buttons: Potato to the top, 4-pages to the bottom.
  await page.getByRole("button", { name: "Move qpdf__good13.pdf up" }).click();
  await page.getByRole("button", { name: "Move pysample__pdflatex-4-pages.pdf down" }).click();
  await expect(items.nth(0)).toContainText("qpdf__good13.pdf");
  await expect(items.nth(2)).toContainText("pysample__pdflatex-4-pages.pdf");

  await page.getByRole("button", { name: "Merge PDF" }).click();
  // The files go in the order arranged (the merged pages' order is judged in test/engine/tools/merge.test.ts).
  expect((await sentForm(page, "/api/convert/merge-pdf")).files.map((f) => f.name)).toEqual([
    "qpdf__good13.pdf",
    "pdflib__Simple_PDF_2.0_file.pdf",
    "pysample__pdflatex-4-pages.pdf",
  ]);
  // Processing, or already done on a quick machine.
  await expect(items.nth(0)).toHaveAttribute("data-status", /processing|completed/);
  const button = page.getByRole("button", { name: "Download Merged PDF" });
  await expect(button).toBeVisible({ timeout: 20_000 });
  await expectToast(page, "Files processed successfully");
  await expect(page.getByRole("button", { name: "Download Merged PDF" })).toHaveCount(1);

  const file = await download(page, button);
  expect(file.url).toMatch(/\/api\/download\/[\w-]+$/);
  expect(file.name).toBe("qpdf__good13-merged.pdf");
  expectValidPdf(file.path);
});

test("merge: drag and drop reorders from the keyboard too, and says so by name", async ({ page }) => {
  await page.goto("/merge-pdf");
  await page.getByTestId("file-input").setInputFiles([potato, helloWorld]);
  const items = page.getByTestId("upload-item");
  // Both rows drawn whole (first page and page count) before anything is lifted.
  await expect(items.nth(0)).toContainText("1 page");
  await expect(items.nth(1)).toContainText("1 page");
  const handle = page.getByRole("button", { name: "Drag to reorder qpdf__good13.pdf" });
  // The instructions a screen reader reads for the grip, and the live region it hears during the move.
  const described = await handle.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${described}"]`)).toContainText("press Space or Enter");
  const spoken = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(spoken).toHaveText("Picked up qpdf__good13.pdf, at position 1 of 2.");
  await page.keyboard.press("ArrowDown");
  await expect(spoken).toHaveText("qpdf__good13.pdf moved to position 2 of 2.");
  await page.keyboard.press("Space");
  await expect(spoken).toHaveText("qpdf__good13.pdf dropped at position 2 of 2.");
  await expect(items.nth(0)).toContainText("pdflib__Simple_PDF_2.0_file.pdf");
  await expect(items.nth(1)).toContainText("qpdf__good13.pdf");
});

test("merge: one file is not enough, and other file types are refused on their row", async ({ page }) => {
  await page.goto("/merge-pdf");
  await page.getByTestId("file-input").setInputFiles([writeTemp("notes.txt", "hello")]);
  await expectToast(page, "File validation error", "File type .txt is not supported. Accepted types: .pdf");
  // Refused files stay on the list with the reason (issue 21), and are never sent.
  const refused = page.getByTestId("upload-item").filter({ hasText: "notes.txt" });
  await expect(refused).toHaveAttribute("data-status", "refused");
  await expect(refused).toContainText("File type .txt is not supported");

  await page.getByTestId("file-input").setInputFiles([potato]);
  await page.getByRole("button", { name: "Merge PDF" }).click();
  await expectToast(page, "Merge requires multiple files", "Please select at least 2 PDF files to merge");
  await expect(page.getByTestId("upload-item").filter({ hasText: "qpdf__good13.pdf" })).toContainText(
    "At least 2 files required for merging",
  );
});
