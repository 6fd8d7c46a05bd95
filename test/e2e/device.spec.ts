import { statSync } from "node:fs";
import { bigPdf, blockServerJobs, localLink, noisePng, openOnDevice, saveLocal, switchLabel } from "./device-helpers";
import { expect, test } from "./fixtures";
import { corpus, expectToast, expectValidPdf, signUp, writeTemp } from "./tools-helpers";

/**
 * "Process on this device" in Chromium: the switch, one conversion (reached from the server's
 * refusal of a file over its limit) and one inspection (split's page count, then extract) in the
 * browser's Web Worker with the server's job endpoints blocked, each download from memory and a
 * valid file, nothing uploaded; Cancel ends the worker; a result is uploaded only when asked.
 * Every tool's job on the device, its output judged by qpdf, poppler and the image decoders, is
 * tested as a function in Node (test/engine/device-jobs.test.ts); offline, in ./offline.spec.ts.
 */
const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");
const onePage = corpus("pdf/valid/qpdf__good13.pdf");
const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: "application/pdf", buffer });

// The first job on a page loads the engine (its code, codecs and font) into the Web Worker.
test.describe.configure({ timeout: 90_000 });

test("the switch is remembered across a reload, and says what it means", async ({ page }) => {
  await signUp(page);
  await openOnDevice(page, "/rotate-pdf");
  await expect(page.getByTestId("device-switch")).toContainText("jobs on this device are not counted");
  await expect(page.getByTestId("device-not-counted")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(switchLabel)).toBeChecked();
  await page.goto("/merge-pdf");
  await expect(page.getByLabel(switchLabel)).toBeChecked();
  await page.getByText(switchLabel).click();
  await page.reload();
  await expect(page.getByLabel(switchLabel)).not.toBeChecked();
});

test("split on this device: its pages counted here (an inspection), the chosen ones extracted here", async ({
  page,
}) => {
  const net = await blockServerJobs(page);
  await openOnDevice(page, "/split-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await expectToast(page, "PDF analyzed successfully");
  await expect(page.getByTestId("page-toggle")).toHaveCount(4);
  await page.getByRole("button", { name: "Page 2", exact: true }).click();
  await page.getByRole("button", { name: "Page 4", exact: true }).click();
  await page.getByRole("button", { name: "Extract Pages" }).click();
  const extracted = await saveLocal(page, localLink(page, "Download PDF"));
  expect(extracted.url).toMatch(/^blob:/);
  expectValidPdf(extracted.path);
  net.expectNothingUploaded();
});

test("Cancel stops a long job on this device: its worker is ended", async ({ page }) => {
  await blockServerJobs(page);
  await openOnDevice(page, "/compress-image");
  const noise = writeTemp("noise.png", noisePng(2600, 2600));
  await page.getByTestId("file-input").setInputFiles(noise);
  await page.getByRole("button", { name: "Compress images" }).click();
  const engines = () => page.workers().filter((w) => w.url().includes("engine.worker")).length;
  await expect.poll(engines).toBe(1);
  await page.waitForTimeout(500);
  await page.getByRole("button", { name: "Remove noise.png" }).click();
  await expect(page.getByTestId("upload-item")).toHaveCount(0);
  await expect.poll(engines).toBe(0);
});

test("a conversion on this device: a 26 MB PDF refused by the server's limit with an offer, then rotated here", async ({
  page,
}) => {
  const net = await blockServerJobs(page);
  await page.goto("/rotate-pdf");
  await expect(page.getByLabel(switchLabel)).not.toBeChecked();
  const big = await bigPdf(26);
  await page.getByTestId("file-input").setInputFiles(pdf("large.pdf", big));
  const toast = page.getByTestId("toast").filter({ hasText: "File size exceeds 25MB limit" });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Process it on this device instead" }).click();
  await expect(page.getByLabel(switchLabel)).toBeChecked();
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  const rotated = await saveLocal(page, localLink(page.getByTestId("upload-item")));
  expect(rotated.url).toMatch(/^blob:/);
  expect(rotated.name).toBe("large-rotated.pdf");
  expectValidPdf(rotated.path);
  expect(statSync(rotated.path).size).toBeGreaterThan(25 * 1024 * 1024);
  net.expectNothingUploaded();
});

test("a result made here is uploaded only when asked", async ({ page }) => {
  await signUp(page);
  await openOnDevice(page, "/rotate-pdf");
  await page.getByTestId("file-input").setInputFiles(onePage);
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  const item = page.getByTestId("upload-item");
  await expect(localLink(item)).toBeVisible({ timeout: 30_000 });
  await expect(item.getByRole("button", { name: /Share/ })).toHaveCount(0);
  const posted = page.waitForRequest((r) => r.url().endsWith("/api/results"));
  await item.getByRole("button", { name: "Upload to share" }).click();
  const answer = await (await posted).response();
  expect(answer?.status()).toBe(201);
  // The uploaded copy is a server result: shared, saved or kept like any other, and in the history.
  await expect(item.getByRole("button", { name: /Share/ })).toBeVisible();
  await page.goto("/history");
  await expect(page.getByText("Rotate PDF").first()).toBeVisible();
});
