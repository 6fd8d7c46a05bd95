import { expect, test } from "./fixtures";
import { corpus, download, expectToast, expectValidPdf, recordForms, sentForm, signUp } from "./tools-helpers";

/** Watermark PDF in the browser; the stamp itself is judged in test/engine/tools/watermark.test.ts. */

const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");
const onePage = corpus("pdf/valid/qpdf__good13.pdf");

test("watermark: preview, validation, then every file stamped with the chosen text", async ({ page }) => {
  await recordForms(page);
  await signUp(page);
  await page.goto("/watermark-pdf");
  const mark = page.getByTestId("watermark-mark");
  await expect(mark).toContainText("CONFIDENTIAL");
  await expect(mark).toHaveAttribute("data-opacity", "0.3");
  await expect(page.getByTestId("opacity-value")).toHaveText("30%");

  await page.getByRole("button", { name: "Add Watermark" }).click();
  await expectToast(page, "No files selected");

  await page.getByTestId("file-input").setInputFiles([fourPages, corpus("img/jpeg/progressive_cat.jpg"), onePage]);
  await expectToast(page, "Invalid files", "Please select only PDF files");
  // The image stays listed, refused with its reason; the two PDFs are the job.
  const listed = page.getByRole("list", { name: "Selected files" }).getByRole("listitem");
  await expect(listed).toHaveCount(3);
  await expect(listed.and(page.locator('[data-status="refused"]'))).toContainText("progressive_cat.jpg");
  await expect(page.getByText("Preview of page 1 of pysample__pdflatex-4-pages.pdf")).toBeVisible();

  const text = page.getByLabel("Watermark text");
  await text.fill("");
  await page.getByRole("button", { name: "Add Watermark" }).click();
  await expect(page.getByText("Watermark text is required")).toBeVisible();
  await text.fill("DRAFT COPY");
  await expect(mark).toContainText("DRAFT COPY");
  const thumb = page.getByRole("slider");
  await thumb.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("opacity-value")).toHaveText("50%");
  await expect(mark).toHaveAttribute("data-opacity", "0.5");

  await page.getByRole("button", { name: "Add Watermark" }).click();
  await expectToast(page, "PDF watermarking completed");
  const results = page.getByTestId("file-result");
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toHaveAttribute("data-status", "watermarked");
  const sent = await sentForm(page, "/api/convert/watermark-pdf");
  expect(sent.fields).toMatchObject({ watermarkText: "DRAFT COPY", opacity: "0.5" });
  expect(sent.files.map((f) => f.name)).toEqual(["pysample__pdflatex-4-pages.pdf", "qpdf__good13.pdf"]);
  const file = await download(page, results.nth(0).getByRole("button", { name: /^Download/ }));
  expectValidPdf(file.path);
  const second = await download(page, results.nth(1).getByRole("button", { name: /^Download/ }));
  expectValidPdf(second.path);
});
