import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import sharp from "sharp";
import {
  bigPdf,
  blockServerJobs,
  formPdf,
  localLink,
  noisePng,
  openOnDevice,
  saveLocal,
  switchLabel,
} from "./device-helpers";
import { expect, test } from "./fixtures";
import { corpus, expectToast, expectValidPdf, firstPageText, pageCount, run, signUp, writeTemp } from "./tools-helpers";

/**
 * "Process on this device": every tool below runs in the browser's Web Worker with the server's
 * job endpoints blocked; each download comes from memory and is judged by qpdf, poppler, libjpeg,
 * libwebp or libvips, and no request carried the input.
 */
const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");
const onePage = corpus("pdf/valid/qpdf__good13.pdf");
const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: "application/pdf", buffer });

// Each test runs several tools in the browser's engine, beside the other worker's tests on two
// cores: on a fresh CI machine one took 2.5 times as long as alone (49 s alone, past 120 s there).
test.describe.configure({ timeout: 300_000 });

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

test("merge, rotate, compress, page numbers and organize run here, with nothing uploaded", async ({ page }) => {
  const net = await blockServerJobs(page);
  await openOnDevice(page, "/merge-pdf");
  await page.getByTestId("file-input").setInputFiles([fourPages, onePage]);
  await page.getByRole("button", { name: "Merge PDF" }).click();
  const merged = await saveLocal(page, localLink(page, "Download Merged PDF"));
  expect(merged.url).toMatch(/^blob:/);
  expectValidPdf(merged.path);
  expect(pageCount(merged.path)).toBe(5);
  expect(firstPageText(merged.path, 5)).toContain("Potato");

  await openOnDevice(page, "/rotate-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  const rotated = await saveLocal(page, localLink(page.getByTestId("upload-item")));
  expect(rotated.name).toMatch(/\.pdf$/);
  expect(run("pdfinfo", ["-f", "1", "-l", "4", rotated.path])).toMatch(/Page\s+4\s+rot:\s+90/);

  await openOnDevice(page, "/compress-pdf");
  const big = corpus("pdf/valid/pdfjs__issue13931.pdf");
  await page.getByTestId("file-input").setInputFiles(big);
  await page.getByText("Extreme", { exact: true }).click();
  await page.getByRole("button", { name: "Compress PDF" }).click();
  const compressed = await saveLocal(page, localLink(page.getByTestId("upload-item")));
  expectValidPdf(compressed.path);
  expect(statSync(compressed.path).size).toBeLessThan(statSync(big).size / 3);
  await expect(page.getByTestId("compression-result")).toContainText(/\d+ KB → \d+ KB \(\d+% smaller\)/);

  await openOnDevice(page, "/page-numbers");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await page.getByLabel("Style").selectOption({ label: "Page 1 of 12" });
  await page.getByRole("button", { name: "Add Page Numbers" }).click();
  const numbered = await saveLocal(page, localLink(page).first());
  expect(firstPageText(numbered.path, 3)).toContain("Page 3 of 4");

  await openOnDevice(page, "/organize-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await expect(page.getByTestId("organize-page")).toHaveCount(4);
  await page.getByRole("button", { name: "Delete Page 2" }).click();
  await page.getByRole("button", { name: "Organize PDF" }).click();
  const organized = await saveLocal(page, localLink(page, "Download PDF"));
  expect(pageCount(organized.path)).toBe(3);
  expect(firstPageText(organized.path, 2)).toBe(firstPageText(fourPages, 3));
  net.expectNothingUploaded();
});

test("split (extract), protect, unlock and watermark run here", async ({ page }) => {
  const net = await blockServerJobs(page);
  await openOnDevice(page, "/split-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await expectToast(page, "PDF analyzed successfully");
  await expect(page.getByTestId("page-toggle")).toHaveCount(4);
  await page.getByRole("button", { name: "Page 2", exact: true }).click();
  await page.getByRole("button", { name: "Page 4", exact: true }).click();
  await page.getByRole("button", { name: "Extract Pages" }).click();
  const extracted = await saveLocal(page, localLink(page, "Download PDF"));
  expect(pageCount(extracted.path)).toBe(2);
  expect(firstPageText(extracted.path, 2)).toBe(firstPageText(fourPages, 4));

  await openOnDevice(page, "/protect-pdf");
  await page.getByLabel("Password", { exact: true }).fill("secret-device");
  await page.getByTestId("file-input").setInputFiles(onePage);
  const locked = await saveLocal(page, localLink(page.getByTestId("upload-item")));
  expect(run("qpdf", ["--password=secret-device", "--show-encryption", locked.path])).toContain("AESv3");

  await openOnDevice(page, "/unlock-pdf");
  await page.getByTestId("file-input").setInputFiles(locked.path);
  const rows = page.getByTestId("file-result");
  await page.getByRole("button", { name: "Unlock PDF" }).click();
  await expect(rows.nth(0)).toContainText("Needs password", { timeout: 30_000 });
  await page.getByLabel(`Password for ${locked.name}`, { exact: true }).fill("secret-device");
  await rows.nth(0).getByRole("button", { name: "Unlock" }).click();
  await expect(rows.nth(0)).toHaveAttribute("data-status", "unlocked", { timeout: 30_000 });
  const unlocked = await saveLocal(page, localLink(rows.nth(0)));
  expect(run("qpdf", ["--show-encryption", unlocked.path])).toContain("File is not encrypted");
  expect(firstPageText(unlocked.path)).toContain("Potato");

  await openOnDevice(page, "/watermark-pdf");
  await page.getByTestId("file-input").setInputFiles(onePage);
  await page.getByLabel("Watermark text").fill("DEVICE COPY");
  await page.getByRole("button", { name: "Add Watermark" }).click();
  await expectToast(page, "PDF watermarking completed");
  const marked = await saveLocal(page, localLink(page.getByTestId("file-result").nth(0)));
  expectValidPdf(marked.path);
  expect(run("pdftotext", ["-raw", marked.path, "-"]).replace(/\s+/g, "")).toContain("DEVICECOPY");
  net.expectNothingUploaded();
});

test("JPG to PDF and compress image (JPEG, PNG, WebP) run here", async ({ page }) => {
  const net = await blockServerJobs(page);
  await openOnDevice(page, "/jpg-to-pdf");
  await page
    .getByTestId("file-input")
    .setInputFiles([corpus("img/jpeg/progressive_cat.jpg"), corpus("img/png/pdflib__small_mario.png")]);
  await page.getByRole("button", { name: "Convert to PDF" }).click();
  const images = await saveLocal(page, localLink(page, "Download PDF"));
  expectValidPdf(images.path);
  expect(pageCount(images.path)).toBe(2);

  await openOnDevice(page, "/compress-image");
  const photo = corpus("img/jpeg/sharp__gain-map.jpg");
  const png = corpus("img/png/pdflib__small_mario.png");
  const webp = corpus("img/webp/sharp__5_webp_a.webp");
  await page.getByTestId("file-input").setInputFiles([photo, png, webp]);
  await page.getByRole("button", { name: "Compress images" }).click();
  const items = page.getByTestId("upload-item");
  for (let i = 0; i < 3; i++)
    await expect(items.nth(i)).toHaveAttribute("data-status", "completed", { timeout: 90_000 });
  const jpeg = await saveLocal(page, localLink(items.nth(0)));
  expect(jpeg.name).toBe("sharp__gain-map-compressed.jpg");
  expect(statSync(jpeg.path).size).toBeLessThan(statSync(photo).size);
  expect(run("djpeg", ["-outfile", "/dev/null", jpeg.path])).toBe("");
  const pngOut = await saveLocal(page, localLink(items.nth(1)));
  const meta = await sharp(pngOut.path).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["png", 1473, 1854]);
  await sharp(pngOut.path).raw().toBuffer();
  const webpOut = await saveLocal(page, localLink(items.nth(2)));
  const dwebp = spawnSync("dwebp", [webpOut.path, "-o", "/dev/null"], { encoding: "utf8" });
  expect(dwebp.status).toBe(0);
  expect(dwebp.stderr).toContain("Dimensions: 300 x 300");
  net.expectNothingUploaded();
});

test("a 12 MP WebP, too large for the edge, is compressed here, and a 12 MP JPEG converted to WebP", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const net = await blockServerJobs(page);
  // Phone-sized inputs made from the corpus photo by libvips: 4000 x 3000, well past the edge's 3 MP
  // (and 4 MP converting to WebP); this browser's budget (a quarter of its memory) takes them.
  const photo = sharp(corpus("img/jpeg/sharp__gain-map.jpg")).resize(4000, 3000, { fit: "fill" });
  const webp = await photo.clone().webp({ quality: 90 }).toBuffer();
  const jpeg = await photo.clone().jpeg({ quality: 92 }).toBuffer();
  const dims = (path: string) => {
    const r = spawnSync("dwebp", [path, "-o", "/dev/null"], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    return /Dimensions: (\d+ x \d+)/.exec(r.stderr)?.[1];
  };

  await openOnDevice(page, "/compress-image");
  await page.getByTestId("file-input").setInputFiles([{ name: "phone.webp", mimeType: "image/webp", buffer: webp }]);
  await page.getByRole("button", { name: "Compress images" }).click();
  const items = page.getByTestId("upload-item");
  await expect(items.nth(0)).toHaveAttribute("data-status", "completed", { timeout: 300_000 });
  const compressed = await saveLocal(page, localLink(items.nth(0)));
  expect(compressed.name).toBe("phone-compressed.webp");
  expect(dims(compressed.path)).toBe("4000 x 3000");
  expect(statSync(compressed.path).size).toBeLessThanOrEqual(webp.length);

  await openOnDevice(page, "/compress-image");
  await page.getByTestId("file-input").setInputFiles([{ name: "phone.jpg", mimeType: "image/jpeg", buffer: jpeg }]);
  // The options show once a file is queued.
  await page.getByRole("radio", { name: "Convert to WebP" }).click({ force: true });
  await page.getByRole("button", { name: "Compress images" }).click();
  await expect(page.getByTestId("upload-item").nth(0)).toHaveAttribute("data-status", "completed", {
    timeout: 300_000,
  });
  const converted = await saveLocal(page, localLink(page.getByTestId("upload-item").nth(0)));
  // The conversion is kept only when it is smaller than the JPEG; either way it decodes whole.
  if (converted.name.endsWith(".webp")) expect(dims(converted.path)).toBe("4000 x 3000");
  else expect(run("djpeg", ["-outfile", "/dev/null", converted.path])).toBe("");
  net.expectNothingUploaded();
});

test("fill form, flatten, redact and sign run here, their inspections too", async ({ page }) => {
  const net = await blockServerJobs(page);
  await openOnDevice(page, "/fill-form");
  await page.getByTestId("file-input").setInputFiles(pdf("form.pdf", await formPdf()));
  await expect(page.getByTestId("form-status")).toContainText("2 fields", { timeout: 30_000 });
  await page.getByTestId("field-list").getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await page.getByRole("button", { name: "Fill PDF" }).click();
  const filled = await saveLocal(page, localLink(page, "Download PDF"));
  expect(run("pdftotext", [filled.path, "-"])).toContain("Ada Lovelace");

  await openOnDevice(page, "/flatten-pdf");
  await page.getByTestId("file-input").setInputFiles(pdf("filled.pdf", await formPdf("Katherine Johnson")));
  await page.getByRole("button", { name: "Flatten PDF" }).click();
  const flat = await saveLocal(page, localLink(page.getByTestId("upload-item")));
  expect(run("qpdf", ["--json", "--json-key=acroform", flat.path])).not.toContain('"fullname"');
  expect(run("pdftotext", [flat.path, "-"])).toContain("Katherine Johnson");

  await openOnDevice(page, "/redact-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await expect(page.locator('[data-testid="redact-page"][data-page="1"]')).toHaveAttribute("data-drawn", "true");
  await page.getByLabel("Find text").fill("Huardest");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByTestId("redact-match-summary")).toContainText(/\d+ match/);
  await page.getByRole("button", { name: "Redact PDF" }).click();
  const redacted = await saveLocal(page, localLink(page, "Download PDF"));
  expectValidPdf(redacted.path);
  const text = run("pdftotext", [redacted.path, "-"]);
  expect(text).not.toContain("Huardest");
  expect(text).toContain("Hello, here is some text");

  await openOnDevice(page, "/sign-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await expect(page.getByTestId("sign-page-1")).toBeVisible();
  await page.getByRole("radio", { name: "Type" }).click({ force: true });
  await page.getByLabel("Your name").fill("Grace Hopper");
  await page.getByRole("button", { name: "Place here, on page 1" }).click();
  await page.getByRole("button", { name: "Sign PDF" }).click();
  const signed = await saveLocal(page, localLink(page, "Download PDF"));
  expectValidPdf(signed.path);
  expect(run("pdfimages", ["-list", "-f", "1", "-l", "1", signed.path])).toMatch(/^\s*1\s+\d+\s+image/m);
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

test("a 30 MB PDF is refused by the server's limit with an offer, then processed on this device", async ({ page }) => {
  const net = await blockServerJobs(page);
  await page.goto("/rotate-pdf");
  await expect(page.getByLabel(switchLabel)).not.toBeChecked();
  const big = await bigPdf(30);
  await page.getByTestId("file-input").setInputFiles(pdf("large.pdf", big));
  const toast = page.getByTestId("toast").filter({ hasText: "File size exceeds 25MB limit" });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Process it on this device instead" }).click();
  await expect(page.getByLabel(switchLabel)).toBeChecked();
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  const rotated = await saveLocal(page, localLink(page.getByTestId("upload-item")));
  expectValidPdf(rotated.path);
  expect(statSync(rotated.path).size).toBeGreaterThan(30 * 1024 * 1024);
  expect(run("pdfinfo", [rotated.path])).toMatch(/Page rot:\s+90/);
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
