import { spawnSync } from "node:child_process";
import { expect, test } from "./fixtures";
import { corpus, download, expectToast, expectValidPdf, recordForms, sentForm } from "./tools-helpers";

/** Compress in the browser: the saving as the page shows it; how well each file is compressed is judged in the engine's tests. */

const photo = corpus("img/jpeg/sharp__gain-map.jpg");

test("compress image: a photo comes back smaller and the page shows the saving", async ({ page }) => {
  await page.goto("/compress-image");
  await page.getByTestId("file-input").setInputFiles(photo);
  await page.getByRole("button", { name: "Compress images" }).click();
  const item = page.getByTestId("upload-item");
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 45_000 });
  await expectToast(page, "Files processed successfully");
  // Per file: size before -> after (saved), said once (issue 21); a total only for several images.
  await expect(item).toContainText(/1\.1 MB → \d+ KB \((\d+)% smaller\)/);
  const percent = /\((\d+)% smaller\)/.exec((await item.textContent()) ?? "")?.[1];
  expect((await page.locator("main").textContent())?.split(`${percent}%`).length).toBe(2);
  await expect(page.getByTestId("compression-summary")).toHaveCount(0);

  const file = await download(page, item.getByRole("button", { name: /^Download/ }));
  expect(file.name).toBe("sharp__gain-map-compressed.jpg");
  // A JPEG libjpeg reads.
  const djpeg = spawnSync("djpeg", ["-outfile", "/dev/null", file.path], { encoding: "utf8" });
  expect(djpeg.status, djpeg.stderr).toBe(0);
});

test("compress image: a damaged image fails with the spec's toast", async ({ page }) => {
  await page.goto("/compress-image");
  await page.getByTestId("file-input").setInputFiles(corpus("img/malformed/truncated_jpeg.jpg"));
  await page.getByRole("button", { name: "Compress images" }).click();
  await expectToast(page, "Failed to compress truncated_jpeg.jpg", "truncated");
  await expect(page.getByTestId("upload-item")).toHaveAttribute("data-status", "error");
});

test("compress PDF: the chosen level is used and the saving shown", async ({ page }) => {
  const input = corpus("pdf/valid/pdfjs__issue13931.pdf");
  await recordForms(page);
  await page.goto("/compress-pdf");
  await page.getByTestId("file-input").setInputFiles(input);
  await page.getByText("Extreme", { exact: true }).click();
  await page.getByRole("button", { name: "Compress PDF" }).click();
  const item = page.getByTestId("upload-item");
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 45_000 });
  // The saving is stated once, on the result card; the row shows the file's size.
  const result = page.getByTestId("compression-result");
  await expect(result).toContainText(/296 KB → \d+ KB \(\d+% smaller\)/);
  await expect(result).toContainText("Extreme, 1 image re-encoded");
  await expect(item).not.toContainText("→");
  expect((await page.locator("main").textContent())?.match(/% smaller/g)).toHaveLength(1);
  expect((await sentForm(page, "/api/convert/compress-pdf")).fields.level).toBe("extreme");
  const file = await download(page, item.getByRole("button", { name: /^Download/ }));
  expectValidPdf(file.path);
});
