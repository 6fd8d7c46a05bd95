import { expect, test } from "./fixtures";
import { corpus, download, expectToast, expectValidPdf, recordForms, sentForm, signUp } from "./tools-helpers";

/** Rotate PDF in the browser; the turned pages themselves are judged in test/engine/tools/rotate.test.ts. */

const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");
const onePage = corpus("pdf/valid/qpdf__good13.pdf");

test("rotate: 180° on the pages chosen under More options", async ({ page }) => {
  await recordForms(page);
  await signUp(page);
  await page.goto("/rotate-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await expect(page.getByTestId("rotate-summary")).toHaveText("Every page, 90° clockwise");
  await page.getByRole("button", { name: "More options" }).click();
  await page.getByText("180°", { exact: true }).click();
  await page.getByText("Only these pages").click();
  await page.getByLabel("Page numbers").fill("2-x");
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  await expect(page.getByText('"2-x" is not a page or a range like 3-5.')).toBeVisible();
  await page.getByLabel("Page numbers").fill("1, 3-4");
  await page.getByRole("button", { name: "Rotate PDF" }).click();

  const item = page.getByTestId("upload-item");
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  await expectToast(page, "Files processed successfully");
  expect((await sentForm(page, "/api/convert/rotate-pdf")).fields).toMatchObject({ angle: "180", pages: "[1,3,4]" });
  const file = await download(page, item.getByRole("button", { name: /^Download/ }));
  expect(file.name).toBe("pysample__pdflatex-4-pages-rotated.pdf");
  expectValidPdf(file.path);
});

test("rotate: by default every page turns 90° clockwise", async ({ page }) => {
  await recordForms(page);
  await signUp(page);
  await page.goto("/rotate-pdf");
  await page.getByTestId("file-input").setInputFiles(onePage);
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  const item = page.getByTestId("upload-item");
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  const sent = await sentForm(page, "/api/convert/rotate-pdf");
  expect(sent.fields.angle ?? "90").toBe("90");
  expect(sent.fields.pages).toBeUndefined();
  const file = await download(page, item.getByRole("button", { name: /^Download/ }));
  expectValidPdf(file.path);
});

test("rotate: a guest's three files with two conversions left are refused whole, before any upload", async ({
  page,
}) => {
  // Every test is its own visitor (./fixtures), so this guest starts the day with 2 conversions.
  await page.goto("/rotate-pdf");
  const converts: string[] = [];
  page.on("request", (r) => r.url().includes("/api/convert/") && converts.push(r.url()));
  await page.getByTestId("file-input").setInputFiles([onePage, onePage, onePage]);
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  await expectToast(
    page,
    "Conversion limit reached",
    "These files need 3 conversions and 2 are left today. Remove 1 file to go on, or try the rest tomorrow.",
  );
  const items = page.getByTestId("upload-item");
  // Not failed: they wait for one to be taken off.
  await expect(items.and(page.locator('[data-status="pending"]'))).toHaveCount(3);
  expect(converts).toEqual([]);
  // Two fit: they go, and the day's allowance is used up.
  await page.getByRole("button", { name: "Remove qpdf__good13.pdf" }).first().click();
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  await expect(items.and(page.locator('[data-status="completed"]'))).toHaveCount(2, { timeout: 20_000 });
  expect(converts).toHaveLength(2);
  // The next is stopped on the page, with the spec's words: the run button says so, and pressing it gives the toast.
  await page.getByTestId("file-input").setInputFiles(onePage);
  await page.getByRole("button", { name: "Conversion limit reached" }).click();
  await expectToast(page, "Conversion limit reached", "Please try again tomorrow");
  expect(converts).toHaveLength(2);
});
