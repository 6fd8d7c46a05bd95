import { readFileSync, statSync } from "node:fs";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { CompressImageOptions, CompressPdfOptions, objectEntries } from "../../schema/options";
import { blockServerJobs, localLink, openOnDevice, saveLocal } from "./device-helpers";
import { expect, test } from "./fixtures";
import { corpus, download, expectValidPdf, signUp, writeTemp } from "./tools-helpers";

/**
 * See before you keep (issue 19): the before/after comparison on compress image and compress PDF,
 * on the server and on this device, and the target size and cleanup choices as sent.
 */

// Each test compresses and draws several files (5-10 s alone) on a machine other work shares.
test.describe.configure({ timeout: 90_000 });

// The pages offer a target and the PDF cleanup choices only once the shared schema reads them (the
// "target" and "pdfopts" work of issue 19); until then the tests of those choices have nothing to test.
const reads = (schema: typeof CompressPdfOptions | typeof CompressImageOptions, field: string) =>
  field in (objectEntries(schema) ?? {});
const NO_TARGET_YET = "the shared schema does not read targetSize yet";
const NO_CLEANUP_YET = "the shared schema does not read the PDF cleanup fields yet";

// Stored 450 x 600 with EXIF orientation 6 (turn 90° clockwise): upright it is 600 x 450.
const turned = corpus("img/jpeg/sharp__Landscape_6.jpg");

/** A PDF of `pages` pages, each with a heading, a 12 MP-class photo (3840 x 2160) and a line of text. */
async function photoPdf(pages = 2): Promise<string> {
  const doc = await PDFDocument.create();
  const jpg = await doc.embedJpg(readFileSync(corpus("img/jpeg/sharp__gain-map.jpg")));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Holiday photos, page ${i}`, { x: 50, y: 780, size: 24, font });
    page.drawImage(jpg, { x: 50, y: 450, width: 495, height: (495 * 2160) / 3840 });
    page.drawText("Text stays text: searchable and sharp at any zoom.", { x: 50, y: 400, size: 14, font });
  }
  return writeTemp("photos.pdf", Buffer.from(await doc.save()));
}

/**
 * Records the text fields the page puts into the forms it sends (Chromium gives no body for a
 * multipart request that carries a file): `sentFields(page)` reads the last value of each.
 */
async function recordFields(page: Page) {
  await page.addInitScript(() => {
    const seen: [string, string][] = [];
    (window as unknown as { __sent: [string, string][] }).__sent = seen;
    const append = FormData.prototype.append;
    FormData.prototype.append = function (this: FormData, ...args: [string, string | Blob, string?]) {
      if (typeof args[1] === "string") seen.push([args[0], args[1]]);
      Reflect.apply(append, this, args);
    };
  });
}
async function sentFields(page: Page): Promise<Record<string, string>> {
  const pairs = await page.evaluate(() => (window as unknown as { __sent: [string, string][] }).__sent);
  return Object.fromEntries(pairs);
}

/** Mean absolute difference (0-255) of two PNG screenshots of the same size, over RGB. */
async function meanDiff(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((p) => sharp(p).removeAlpha().raw().toBuffer()));
  expect(x.length).toBe(y.length);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

/** What each side's image is: its natural size and whether it has loaded. */
function sideImages(frame: Locator) {
  return frame.evaluate((el) =>
    [...el.querySelectorAll("img")].map((img) => ({
      side: img.dataset.side,
      src: img.src,
      complete: img.complete,
      w: img.naturalWidth,
      h: img.naturalHeight,
      transform: img.style.transform,
    })),
  );
}

/** The mean difference (0-255) between the two sides' images, drawn at the original's size. */
function imagesDiffer(frame: Locator) {
  return frame.evaluate((el) => {
    const [a, b] = [...el.querySelectorAll("img")];
    const w = a.naturalWidth;
    const h = a.naturalHeight;
    const px = (img: HTMLImageElement) => {
      const c = document.createElement("canvas");
      c.width = w;
      c.height = h;
      const ctx = c.getContext("2d") as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0, w, h);
      return ctx.getImageData(0, 0, w, h).data;
    };
    const [x, y] = [px(a), px(b)];
    let sum = 0;
    for (let i = 0; i < x.length; i += 4)
      sum += Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]);
    return sum / ((x.length / 4) * 3);
  });
}

async function dragSplitTo(page: Page, frame: Locator, fraction: number) {
  const handle = page.getByTestId("compare-handle");
  // In the middle of the screen, as a person would have it: the sticky run bar covers the bottom.
  await handle.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const h = await handle.boundingBox();
  const f = await frame.boundingBox();
  if (!h || !f) throw new Error("no comparison on the page");
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(f.x + f.width * fraction, h.y + h.height / 2, { steps: 5 });
  await page.mouse.up();
}

test("compress image: the original and the result over the same region, upright, with a slider and zoom", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/compress-image");
  await page.getByTestId("file-input").setInputFiles(turned);
  await page.getByRole("button", { name: "Compress images" }).click();
  const item = page.getByTestId("upload-item");
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 45_000 });

  // The first result's comparison opens by itself, under its row.
  const frame = item.getByTestId("compare-frame");
  await expect(item.getByRole("button", { name: /Compare/ })).toHaveAttribute("aria-expanded", "true");
  await expect.poll(async () => (await sideImages(frame)).filter((i) => i.complete && i.w > 0).length).toBe(2);
  const [before, after] = await sideImages(frame);
  expect(before.side).toBe("before");
  expect(before.src).toMatch(/^blob:/);
  // Both upright: the browser applies the original's EXIF orientation, the engine applied it to the result.
  expect([before.w, before.h]).toEqual([600, 450]);
  expect([after.w, after.h]).toEqual([600, 450]);
  // The same picture, re-encoded: close, but not the same pixels.
  const diff = await imagesDiffer(frame);
  expect(diff).toBeGreaterThan(0);
  expect(diff).toBeLessThan(6);

  // The slider: a labelled slider the keyboard and the pointer move; the two sides show different pixels.
  const slider = page.getByRole("slider", { name: "Split between original and compressed" });
  await expect(slider).toHaveAttribute("aria-valuenow", "50");
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuenow", "61");
  await dragSplitTo(page, frame, 0.25);
  const at = Number(await slider.getAttribute("aria-valuenow"));
  expect(at).toBeGreaterThanOrEqual(23);
  expect(at).toBeLessThanOrEqual(27);

  await frame.scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(frame).toHaveAttribute("data-zoom", "4.000");
  await slider.focus();
  await page.keyboard.press("End");
  const original = await frame.screenshot();
  await page.keyboard.press("Home");
  const compressed = await frame.screenshot();
  // Zoomed in, the re-encoded pixels show: the two sides differ, and are still the same region.
  const shown = await meanDiff(original, compressed);
  expect(shown).toBeGreaterThan(0.2);
  expect(shown).toBeLessThan(12);

  // Ctrl + wheel zooms further about the pointer; dragging pans; both sides keep one transform.
  const box = await frame.boundingBox();
  if (!box) throw new Error("no frame");
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -100);
  await page.keyboard.up("Control");
  await expect.poll(async () => Number(await frame.getAttribute("data-zoom"))).toBeGreaterThan(4);
  const zoomedAt = (await sideImages(frame))[0].transform;
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6, { steps: 5 });
  await page.mouse.up();
  const [b2, a2] = await sideImages(frame);
  expect(b2.transform).not.toBe(zoomedAt);
  expect(a2.transform).toBe(b2.transform);
  await page.getByRole("button", { name: "Fit" }).click();
  await expect(frame).toHaveAttribute("data-zoom", "1.000");
});

test("compress image: a pinch on a touch screen zooms the comparison", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    serviceWorkers: "block",
    extraHTTPHeaders: { "cf-connecting-ip": "10.99.0.1" },
  });
  const page = await context.newPage();
  await signUp(page);
  await page.goto("/compress-image");
  await page.getByTestId("file-input").setInputFiles(turned);
  await page.getByRole("button", { name: "Compress images" }).click();
  const frame = page.getByTestId("compare-frame");
  await expect(frame).toBeVisible({ timeout: 45_000 });
  await expect.poll(async () => (await sideImages(frame)).filter((i) => i.complete && i.w > 0).length).toBe(2);
  await frame.scrollIntoViewIfNeeded();
  const box = await frame.boundingBox();
  if (!box) throw new Error("no frame");
  // The frame takes the phone's width, and the slider's thumb is big enough for a finger.
  expect(box.width).toBeGreaterThan(330);
  const thumb = await page.getByRole("slider").boundingBox();
  expect(thumb?.width).toBeGreaterThanOrEqual(44);

  const cdp = await context.newCDPSession(page);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const points = (d: number) => [
    { x: cx - d, y: cy, id: 1 },
    { x: cx + d, y: cy, id: 2 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(20) });
  for (const d of [40, 60, 80, 100])
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(d) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expect.poll(async () => Number(await frame.getAttribute("data-zoom"))).toBeGreaterThan(3);
  await context.close();
});

test("compress PDF: a chosen page before and after, drawn sharper when zoomed; an encrypted original with its password", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/compress-pdf");
  const input = await photoPdf(2);
  await page.getByTestId("file-input").setInputFiles(input);
  await page.getByRole("button", { name: "Compress PDF" }).click();
  const result = page.getByTestId("compression-result");
  await expect(result).toContainText(/1\.1 MB → \d+ KB \(\d+% smaller\)/, { timeout: 45_000 });
  const frame = result.getByTestId("compare-frame");
  const drawn = frame.locator("canvas[data-layer=base][data-drawn=true]");
  await expect(drawn).toHaveCount(2, { timeout: 30_000 });
  await expect(result.getByRole("group", { name: "Page to compare" })).toContainText("of 2");

  // The photo was re-encoded: the two renders differ where it is, and agree on the text.
  const renders = () =>
    frame.evaluate((el) => {
      const [a, b] = [...el.querySelectorAll<HTMLCanvasElement>("canvas[data-layer=base]")];
      const px = (c: HTMLCanvasElement) =>
        (c.getContext("2d") as CanvasRenderingContext2D).getImageData(0, 0, c.width, c.height).data;
      const [x, y] = [px(a), px(b)];
      // Rows: the photo is drawn from 100 to 392 pt of the 842 pt page; the heading above it.
      const band = (from: number, to: number) => {
        let sum = 0;
        let n = 0;
        for (let row = Math.floor(a.height * from); row < a.height * to; row++)
          for (let i = row * a.width * 4; i < (row + 1) * a.width * 4; i += 4, n++)
            sum += Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]);
        return sum / (n * 3);
      };
      return { size: [a.width, b.width], photo: band(0.14, 0.44), heading: band(0.05, 0.1) };
    });
  const first = await renders();
  expect(first.size[0]).toBe(first.size[1]);
  expect(first.photo).toBeGreaterThan(0.5);
  expect(first.photo).toBeLessThan(25);
  expect(first.heading).toBeLessThan(0.5);

  // Zoomed in, each side redraws the visible region at the screen's resolution.
  await frame.scrollIntoViewIfNeeded();
  for (let i = 0; i < 3; i++) await result.getByRole("button", { name: "Zoom in" }).click();
  await expect(frame).toHaveAttribute("data-zoom", "8.000");
  await expect(frame.locator("canvas[data-layer=detail][data-shown=true]")).toHaveCount(2, { timeout: 20_000 });
  const detail = await frame.evaluate((el) => {
    const c = el.querySelector<HTMLCanvasElement>("canvas[data-layer=detail]") as HTMLCanvasElement;
    return { w: c.width, frame: el.clientWidth, ratio: Math.min(window.devicePixelRatio, 2) };
  });
  expect(detail.w).toBe(Math.round(detail.frame * detail.ratio));

  // Another page.
  await result.getByRole("button", { name: "Next page" }).click();
  await expect(result.getByLabel("Page, 1 to 2")).toHaveValue("2");
  await expect(drawn).toHaveCount(2, { timeout: 30_000 });
  await expect(frame).toHaveAttribute("aria-label", "Page 2 of the original and the compressed PDF, side by side");

  // An encrypted PDF: its original is drawn with the password given on its row.
  await page.getByRole("button", { name: "Start over" }).click();
  await page.getByTestId("file-input").setInputFiles(corpus("pdf/encrypted/qpdf__c-r6-in.pdf"));
  const prompt = page.getByTestId("password-prompt");
  await expect(page.getByTestId("upload-status")).toHaveText("Password needed");
  await prompt.getByLabel("Password for qpdf__c-r6-in.pdf").fill("user4");
  await prompt.getByRole("button", { name: "Open" }).click();
  await expect(prompt).toBeHidden({ timeout: 30_000 });
  await page.getByRole("button", { name: "Compress PDF" }).click();
  await expect(page.getByTestId("compression-result").locator("canvas[data-layer=base][data-drawn=true]")).toHaveCount(
    2,
    { timeout: 45_000 },
  );
  await expect(page.getByTestId("compression-result")).not.toContainText("could not draw");
});

test("compress PDF: a target preset is sent in bytes and the result says whether it was met", async ({ page }) => {
  test.skip(!reads(CompressPdfOptions, "targetSize"), NO_TARGET_YET);
  await recordFields(page);
  await signUp(page);
  await page.goto("/compress-pdf");
  await page.getByTestId("file-input").setInputFiles(await photoPdf(1));
  // Its words, as a person clicks it: the input itself is hidden, and a forced click at its box
  // landed elsewhere while the options were still moving into place (the file's row appearing).
  await page.getByText("Under 1 MB", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Under 1 MB" })).toBeChecked();
  // With a target, the target decides how hard to compress.
  await expect(page.getByRole("radiogroup", { name: "Compression level" })).toHaveAttribute("data-disabled", "");
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/convert/compress-pdf"));
  await page.getByRole("button", { name: "Compress PDF" }).click();
  await sent;
  expect((await sentFields(page)).targetSize).toBe("1000000");
  const outcome = page.getByTestId("target-outcome");
  await expect(outcome).toHaveAttribute("data-met", "true", { timeout: 60_000 });
  await expect(outcome).toHaveText("Under 1 MB: target met.");
  await expect(page.getByTestId("quality-figure")).toContainText(/^SSIM 0\.\d{3} · /);
  const file = await download(page, page.getByTestId("upload-item").getByRole("button", { name: /^Download/ }));
  expect(statSync(file.path).size).toBeLessThanOrEqual(1_000_000);
});

test("compress image: a typed target is sent in decimal megabytes; one it cannot reach says so", async ({ page }) => {
  test.skip(!reads(CompressImageOptions, "targetSize"), NO_TARGET_YET);
  await recordFields(page);
  await signUp(page);
  await page.goto("/compress-image");
  await page.getByTestId("file-input").setInputFiles(turned);
  await page.getByText("Another size", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Another size" })).toBeChecked();
  await page.getByLabel("Size in MB").fill("0,01");
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/convert/compress-image"));
  await page.getByRole("button", { name: "Compress images" }).click();
  await sent;
  expect((await sentFields(page)).targetSize).toBe("10000");
  const item = page.getByTestId("upload-item");
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
  const outcome = item.getByTestId("target-outcome");
  const met = await outcome.getAttribute("data-met");
  const file = await download(page, item.getByRole("button", { name: /^Download/ }));
  // Whatever the engine managed, the page says it as it is.
  expect(met).toBe(String(statSync(file.path).size <= 10_000));
  if (met === "false") await expect(outcome).toContainText(/^Could not reach 10 KB: ./);
});

test("compress PDF: More options sends the cleanup choices", async ({ page }) => {
  test.skip(!["grayscale", "removeMetadata"].every((f) => reads(CompressPdfOptions, f)), NO_CLEANUP_YET);
  await recordFields(page);
  await signUp(page);
  await page.goto("/compress-pdf");
  const doc = await PDFDocument.load(readFileSync(await photoPdf(1)));
  doc.setTitle("Holiday photos");
  doc.setAuthor("Ada Tester");
  const input = writeTemp("titled.pdf", Buffer.from(await doc.save()));
  await page.getByTestId("file-input").setInputFiles(input);
  await expect(page.getByTestId("pdf-options-summary")).toHaveText(
    "Colours kept; thumbnails and unused objects removed",
  );
  await page.getByRole("button", { name: /More options/ }).click();
  await page.getByText("Remove metadata").click();
  await page.getByText(/^Grayscale/).click();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/convert/compress-pdf"));
  await page.getByRole("button", { name: "Compress PDF" }).click();
  await sent;
  const fields = await sentFields(page);
  expect(
    ["grayscale", "removeMetadata", "removeThumbnails", "removeAttachments", "removeUnused"].map((n) => fields[n]),
  ).toEqual(["true", "true", "true", "false", "true"]);
  // That they happen (no metadata, every pixel grey) is judged in the engine's compression tests.
  const file = await download(page, page.getByTestId("upload-item").getByRole("button", { name: /^Download/ }));
  expectValidPdf(file.path);
});

test("on this device: the comparison shows results that never left memory", async ({ page }) => {
  const net = await blockServerJobs(page);
  await openOnDevice(page, "/compress-image");
  await page.getByTestId("file-input").setInputFiles(turned);
  await page.getByRole("button", { name: "Compress images" }).click();
  const item = page.getByTestId("upload-item");
  await saveLocal(page, localLink(item));
  const frame = item.getByTestId("compare-frame");
  await expect.poll(async () => (await sideImages(frame)).filter((i) => i.complete && i.w > 0).length).toBe(2);
  const [before, after] = await sideImages(frame);
  expect(before.src).toMatch(/^blob:/);
  expect(after.src).toMatch(/^blob:/);
  expect([after.w, after.h]).toEqual([600, 450]);
  expect(await imagesDiffer(frame)).toBeGreaterThan(0);

  await openOnDevice(page, "/compress-pdf");
  await page.getByTestId("file-input").setInputFiles(await photoPdf(1));
  await page.getByRole("button", { name: "Compress PDF" }).click();
  await saveLocal(page, localLink(page.getByTestId("upload-item")));
  const result = page.getByTestId("compression-result");
  await expect(result.locator("canvas[data-layer=base][data-drawn=true]")).toHaveCount(2, { timeout: 30_000 });
  net.expectNothingUploaded();
});
