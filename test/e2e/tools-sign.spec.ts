import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { corpus, download, expectValidPdf, firstPageText, pageCount, run, signUp } from "./tools-helpers";

/** Sign PDF in Chromium: drawn and typed signatures placed, signed, and read back by poppler and qpdf. */

const form = corpus("pdf/valid/pysample__libreoffice-form.pdf");
const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");
const screens = "test/e2e/output/screens/sign";
mkdirSync(screens, { recursive: true });

interface Gray {
  width: number;
  height: number;
  at(x: number, y: number): number;
}

/** Page `n` rendered by poppler in grey at 40 dpi (a binary PGM, read here). */
function render(path: string, n = 1): Gray {
  const dir = mkdtempSync(join(tmpdir(), "e2e-sign-"));
  execFileSync("pdftoppm", [
    "-gray",
    "-r",
    "40",
    "-f",
    String(n),
    "-l",
    String(n),
    "-singlefile",
    path,
    join(dir, "p"),
  ]);
  const bytes = readFileSync(join(dir, "p.pgm"));
  // "P5 <width> <height> <maxval>" and one whitespace byte, then a byte per pixel.
  const fields: number[] = [];
  let i = 2;
  while (fields.length < 3) {
    while (/\s/.test(String.fromCharCode(bytes[i]))) i++;
    let token = "";
    while (!/\s/.test(String.fromCharCode(bytes[i]))) token += String.fromCharCode(bytes[i++]);
    fields.push(Number(token));
  }
  const [width, height] = fields;
  const offset = i + 1;
  return { width, height, at: (x, y) => bytes[offset + y * width + x] };
}

/** The images drawn on each page, as `pdfimages -list` names them (soft masks not counted). */
function imagesPerPage(path: string): Map<number, number> {
  const rows = run("pdfimages", ["-list", path]).split("\n").slice(2);
  const count = new Map<number, number>();
  for (const row of rows) {
    const [page, , type] = row.trim().split(/\s+/);
    if (type === "image") count.set(Number(page), (count.get(Number(page)) ?? 0) + 1);
  }
  return count;
}

/** Tests for "is this point (fractions of the page from its top left) in a form field's area?" */
function widgetAreas(path: string, width: number, height: number) {
  const json = JSON.parse(run("qpdf", ["--json", "--json-key=acroform", "--json-key=qpdf", path]));
  const objects = json.qpdf[1] as Record<string, { value: { "/Rect"?: number[] } }>;
  const grow = 0.01;
  return (json.acroform.fields as { annotation: { object: string } }[]).map(({ annotation }) => {
    const [x0, y0, x1, y1] = objects[`obj:${annotation.object}`]?.value["/Rect"] ?? [0, 0, 0, 0];
    return (fx: number, fy: number) =>
      fx >= Math.min(x0, x1) / width - grow &&
      fx <= Math.max(x0, x1) / width + grow &&
      fy >= 1 - Math.max(y0, y1) / height - grow &&
      fy <= 1 - Math.min(y0, y1) / height + grow;
  });
}

/** A signature drawn on the pad with the mouse: two loops and a line. */
async function drawSignature(page: Page) {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("no pad");
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.12, 0.6));
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.2, 0.25],
    [0.28, 0.7],
    [0.36, 0.3],
    [0.45, 0.72],
    [0.55, 0.35],
    [0.62, 0.65],
    [0.75, 0.4],
    [0.88, 0.55],
  ] as const) {
    await page.mouse.move(...at(fx, fy), { steps: 6 });
  }
  await page.mouse.up();
  await page.mouse.move(...at(0.3, 0.8));
  await page.mouse.down();
  await page.mouse.move(...at(0.7, 0.78), { steps: 8 });
  await page.mouse.up();
}

/** Where a placed box lies on its page, as fractions from the top left. */
async function boxOnPage(pageLayer: Locator, box: Locator) {
  const p = await pageLayer.boundingBox();
  const b = await box.boundingBox();
  if (!p || !b) throw new Error("not shown");
  return { x: (b.x - p.x) / p.width, y: (b.y - p.y) / p.height, w: b.width / p.width, h: b.height / p.height };
}

async function openTool(page: Page, file: string) {
  await signUp(page);
  await page.goto("/sign-pdf");
  await page.getByTestId("file-input").setInputFiles(file);
  await expect(page.getByTestId("sign-page-1")).toBeVisible();
}

/** The page's three parts, in light and dark, for a person to look at (test/e2e/output/screens/sign). */
async function shoot(page: Page, name: string) {
  for (const theme of ["light", "dark"]) {
    for (const part of ["signature-card", "sign-scroller", "sign-options-card"]) {
      await page.getByTestId(part).screenshot({ path: `${screens}/${name}-${theme}-${part}.png` });
    }
    await page.screenshot({ path: `${screens}/${name}-${theme}.png`, fullPage: true });
    await page.getByTestId("theme-toggle").click();
  }
}

const today = (page: Page) =>
  page.evaluate(() => new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date()));

test("a drawn signature placed on page 1 with name and date: the output is flattened and read back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openTool(page, form);
  await expect(page.getByTestId("signature-notice")).toContainText("not a certificate-based digital signature");
  // Nothing to place yet: the page says what to do first.
  await page.getByRole("button", { name: "Sign PDF" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Add your signature" })).toBeVisible();

  await drawSignature(page);
  await expect(page.getByRole("button", { name: "Place here, on page 1" })).toBeEnabled();
  await page.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("button", { name: "Place here, on page 1" })).toBeDisabled();
  await drawSignature(page);
  await expect(page.getByRole("button", { name: "Place here, on page 1" })).toBeEnabled();

  const layer = page.getByTestId("sign-page-1");
  const size = await layer.boundingBox();
  await layer.click({ position: { x: (size?.width ?? 0) * 0.5, y: (size?.height ?? 0) * 0.45 } });
  const placed = page.getByTestId("placed-signature");
  await expect(placed).toHaveCount(1);
  await expect(page.getByTestId("placed-count")).toHaveText("Placed 1 time, on 1 page");
  // Dragged a little, then nudged with the keyboard.
  const before = await boxOnPage(layer, placed);
  const b = await placed.boundingBox();
  if (!b) throw new Error("not shown");
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2 - 30, b.y + b.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  await placed.focus();
  await page.keyboard.press("ArrowRight");
  const after = await boxOnPage(layer, placed);
  expect(after.x).toBeLessThan(before.x);
  expect(after.y).toBeGreaterThan(before.y);
  // The box keeps the signature's shape.
  const img = await placed.locator("img").evaluate((el) => {
    const i = el as unknown as { naturalWidth: number; naturalHeight: number };
    return i.naturalWidth / i.naturalHeight;
  });
  const pageRatio = 595.304 / 841.89;
  expect(Math.abs((after.w * pageRatio) / after.h / img - 1)).toBeLessThan(0.03);

  await page.getByText("Add my name under the signature").click();
  await page.getByLabel("Name under the signature", { exact: true }).fill("Ada Lovelace");
  const date = await today(page);
  await expect(page.getByText(`Add the date (${date})`)).toBeVisible();
  await expect(page.getByTestId("signature-caption")).toContainText("Ada Lovelace");
  await shoot(page, "desktop");

  await page.getByRole("button", { name: "Sign PDF" }).click();
  const signed = await download(page, page.getByRole("button", { name: "Download PDF" }));
  await page.screenshot({ path: `${screens}/desktop-result.png` });
  expectValidPdf(signed.path);
  expect(pageCount(signed.path)).toBe(1);
  const text = firstPageText(signed.path);
  expect(text).toContain("Ada Lovelace");
  expect(text).toContain(date);
  expect(imagesPerPage(signed.path)).toEqual(new Map([[1, 1]]));
  // Flattened: the form is gone, its values are page content.
  expect(run("pdfinfo", [signed.path])).toMatch(/Form:\s+none/);
  const acro = JSON.parse(run("qpdf", ["--json", "--json-key=acroform", signed.path])).acroform;
  expect(acro.fields).toEqual([]);
  expect(text).toContain("Alice");

  // Ink inside the box, and nothing of ours outside the box and the lines under it.
  // The form's fields are drawn anew as page content, so their areas are not compared.
  const fields = widgetAreas(form, 595.304, 841.89);
  const input = render(form);
  const output = render(signed.path);
  expect([output.width, output.height]).toEqual([input.width, input.height]);
  const inBox = (x: number, y: number, grow: number, below = 0) =>
    x >= (after.x - grow) * output.width &&
    x <= (after.x + after.w + grow) * output.width &&
    y >= (after.y - grow) * output.height &&
    y <= (after.y + after.h + grow + below) * output.height;
  let inside = 0;
  let outside = 0;
  for (let y = 0; y < output.height; y++) {
    for (let x = 0; x < output.width; x++) {
      const darker = input.at(x, y) - output.at(x, y) > 80;
      if (!darker) continue;
      if (inBox(x, y, 0.005)) inside += 1;
      // The line, name and date go under the box, two lines of at most 11 pt.
      else if (!inBox(x, y, 0.02, 0.05) && !fields.some((f) => f(x / output.width, y / output.height))) outside += 1;
    }
  }
  expect(inside).toBeGreaterThan(30);
  expect(outside).toBe(0);
});

test("a typed signature in a script font, on every page, on a phone-sized screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTool(page, fourPages);
  await page.getByRole("radio", { name: "Type" }).click({ force: true });
  await page.getByLabel("Your name").fill("Grace Hopper");
  const vibes = page.locator('[data-font="great-vibes"]');
  await expect(vibes).toHaveText("Grace Hopper");
  await expect.poll(() => page.evaluate<boolean>(`document.fonts.check('30px "Sign Great Vibes"')`)).toBe(true);
  await page.getByRole("radio", { name: "Great Vibes" }).click({ force: true });
  await expect(page.getByRole("button", { name: "Place here, on page 1" })).toBeEnabled();
  await page.getByRole("button", { name: "Place here, on page 1" }).click();
  await page.getByRole("button", { name: "Place on all pages" }).click();
  await expect(page.getByTestId("placed-signature")).toHaveCount(4);
  await expect(page.getByTestId("placed-count")).toHaveText("Placed 4 times, on 4 pages");
  // The name line is filled from the typed name; this time without the date.
  await page.getByText("Add my name under the signature").click();
  await expect(page.getByLabel("Name under the signature", { exact: true })).toHaveValue("Grace Hopper");
  await page.getByText(/^Add the date/).click();
  // Nothing runs off the side of a phone's screen.
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  await shoot(page, "phone");

  await page.getByRole("button", { name: "Sign PDF" }).click();
  const signed = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(signed.path);
  expect(pageCount(signed.path)).toBe(4);
  expect(imagesPerPage(signed.path)).toEqual(
    new Map([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ]),
  );
  const third = firstPageText(signed.path, 3);
  expect(third).toContain("Grace Hopper");
  expect(third).not.toContain(await today(page));
});

test("the signature is remembered in this browser only when asked, and forgotten on request", async ({ page }) => {
  await openTool(page, form);
  await drawSignature(page);
  await expect(page.getByRole("button", { name: "Place here, on page 1" })).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem("signPdf.signature"))).toBeNull();
  await page.getByText("Remember my signature in this browser").click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("signPdf.signature")?.slice(0, 40) ?? null))
    .toContain("data:image/png;base64");

  await page.reload();
  await page.getByTestId("file-input").setInputFiles(form);
  await expect(page.getByRole("radio", { name: "Saved" })).toBeChecked();
  await expect(page.getByRole("img", { name: "Your saved signature" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Remember my signature in this browser" })).toBeChecked();
  await page.getByRole("button", { name: "Place here, on page 1" }).click();
  await expect(page.getByTestId("placed-signature")).toHaveCount(1);
  await page.getByTestId("theme-toggle").click();
  await page.screenshot({ path: `${screens}/saved-dark.png`, fullPage: true });

  await page.getByRole("button", { name: "Forget it" }).click();
  expect(await page.evaluate(() => localStorage.getItem("signPdf.signature"))).toBeNull();
  await expect(page.getByRole("radio", { name: "Saved" })).toHaveCount(0);
  await page.reload();
  await page.getByTestId("file-input").setInputFiles(form);
  await expect(page.getByRole("radio", { name: "Draw" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Saved" })).toHaveCount(0);
});

test("an uploaded photo of a signature: turned upright as the camera meant, sent as it is", async ({ page }) => {
  await openTool(page, fourPages);
  await page.getByRole("radio", { name: "Upload" }).click({ force: true });
  // Stored 450 x 600 with EXIF orientation 6: shown (and sent) 600 x 450.
  await page.getByTestId("signature-file-input").setInputFiles(corpus("img/jpeg/sharp__Landscape_6.jpg"));
  const preview = page.getByRole("img", { name: "Your uploaded signature" });
  await expect(preview).toBeVisible();
  await page.getByText("Remove white background").click();
  await expect(page.getByRole("checkbox", { name: /Remove white background/ })).not.toBeChecked();
  await expect
    .poll(() =>
      preview.evaluate((el) => {
        const i = el as unknown as { naturalWidth: number; naturalHeight: number; complete: boolean };
        return i.complete ? `${i.naturalWidth}x${i.naturalHeight}` : "";
      }),
    )
    .toBe("600x450");
  await page.getByRole("button", { name: "Place here, on page 2" }).click();
  // Turned a quarter turn clockwise, with no date under it.
  await page.getByLabel("Rotation (degrees)").fill("90");
  await page.getByText(/^Add the date/).click();
  await page.getByRole("button", { name: "Sign PDF" }).click();
  const signed = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(signed.path);
  const rows = run("pdfimages", ["-list", signed.path])
    .split("\n")
    .slice(2)
    .map((r) => r.trim().split(/\s+/))
    .filter((r) => r[2] === "image");
  expect(rows).toHaveLength(1);
  const [pageNo, , , width, height, , , , enc] = rows[0];
  expect([pageNo, width, height, enc]).toEqual(["2", "600", "450", "jpeg"]);
  // The 4:3 picture stands upright on the page: what changed is taller than it is wide.
  const before = render(fourPages, 2);
  const after = render(signed.path, 2);
  let [x0, y0, x1, y1] = [after.width, after.height, -1, -1];
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      if (Math.abs(before.at(x, y) - after.at(x, y)) < 40) continue;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  const ratio = (y1 - y0 + 1) / (x1 - x0 + 1);
  expect(ratio).toBeGreaterThan(1.2);
  expect(ratio).toBeLessThan(1.45);
});
