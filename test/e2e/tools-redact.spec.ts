import { mkdirSync, readFileSync } from "node:fs";
import { PDFDocument, type PDFFont, StandardFonts } from "@cantoo/pdf-lib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SCREENSHOTS, shot } from "./screens";
import { corpus, download, expectValidPdf, recordForms, sentForm, signUp } from "./tools-helpers";

/**
 * Redact PDF in Chromium. The document is built here with pdf-lib; the output is read back with
 * pdftotext (the text is gone from the file, not only hidden), pdfimages (the image's pixels under
 * the box are gone from its data), qpdf (a sound file) and pdftoppm (the boxes are dark, and
 * everything outside them looks as before).
 */

const SHOTS = "/tmp/shots/redact-pdf";
const W = 612;
const H = 792;
const SIZE = 11;
const LEFT = 50;
const LINES = [
  { text: "Contact: ada@example.com, phone +44 20 7946 0958, IBAN GB82 WEST 1234 5698 7654 32", y: 700 },
  { text: "Project codename Bluebird is confidential.", y: 660 },
  { text: "The meeting is on Tuesday in Room Saffron.", y: 620 },
  { text: "Public information stays in the file.", y: 580 },
];
/** The photo (32 x 32 RGB pixels), in points from the page's bottom left. */
const PHOTO = { x: 400, y: 450, width: 120, height: 120 };

/** A box in points from the page's top left (pdftoppm at 72 dpi: one point, one pixel). */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where `word` (within line `line`) is drawn, from the top left, round its glyphs. */
function wordBox(font: PDFFont, line: number, word: string): Box {
  const { text, y } = LINES[line];
  const at = text.indexOf(word);
  const left = LEFT + font.widthOfTextAtSize(text.slice(0, at), SIZE);
  return { left, right: left + font.widthOfTextAtSize(word, SIZE), top: H - (y + 8.5), bottom: H - (y - 2.5) };
}

async function document(): Promise<{ bytes: Uint8Array; font: PDFFont }> {
  const doc = await PDFDocument.create();
  doc.setTitle("Staff contacts");
  doc.setAuthor("Ada Lovelace");
  const page = doc.addPage([W, H]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const l of LINES) page.drawText(l.text, { x: LEFT, y: l.y, size: SIZE, font });
  const photo = await doc.embedPng(readFileSync(corpus("img/png/pdflib__basn2c08.png")));
  page.drawImage(photo, PHOTO);
  return { bytes: await doc.save({ useObjectStreams: false }), font };
}

/** Drags a box on page `n` of the viewer, from one corner to the other (points from the top left). */
async function drawBox(page: Page, n: number, b: Box) {
  const target = page.locator(`[data-testid="redact-page"][data-page="${n}"]`);
  await target.scrollIntoViewIfNeeded();
  const at = await target.boundingBox();
  if (!at) throw new Error("page not shown");
  const px = (x: number) => at.x + (x / W) * at.width;
  const py = (y: number) => at.y + (y / H) * at.height;
  await page.mouse.move(px(b.left), py(b.top));
  await page.mouse.down();
  await page.mouse.move(px((b.left + b.right) / 2), py((b.top + b.bottom) / 2), { steps: 4 });
  await page.mouse.move(px(b.right), py(b.bottom), { steps: 4 });
  await page.mouse.up();
}

async function open(page: Page, bytes: Uint8Array) {
  await recordForms(page);
  await signUp(page);
  await page.goto("/redact-pdf");
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "contacts.pdf", mimeType: "application/pdf", buffer: Buffer.from(bytes) });
  await expect(page.locator('[data-testid="redact-page"][data-page="1"]')).toHaveAttribute("data-drawn", "true");
}

test("redact: found text, a pattern and hand-drawn boxes are taken out of the file, the rest is unchanged", async ({
  page,
}) => {
  const { bytes, font } = await document();
  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, bytes);

  // A word and a pattern in one search, then another pattern, then a word: each adds to the list.
  await page.getByLabel("Find text").fill("Bluebird");
  await page.getByText("Email addresses").click();
  await page.getByRole("button", { name: "Find" }).click();
  const summary = page.getByTestId("redact-match-summary");
  await expect(summary).toHaveText("2 matches on 1 page");
  const list = page.getByRole("list", { name: "Matches" });
  await expect(list).toContainText("ada@example.com");
  await expect(list).toContainText("Bluebird");
  await page.getByLabel("Find text").fill("");
  await page.getByText("Email addresses").click();
  await page.getByText("IBANs").click();
  await page.getByRole("button", { name: "Find" }).click();
  await expect(summary).toHaveText("3 matches on 1 page");
  await expect(list).toContainText("GB82");
  await page.getByText("IBANs").click();
  await page.getByLabel("Find text").fill("tuesday");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(summary).toHaveText("4 matches on 1 page");

  // Tuesday is left out again: it stays in the file.
  // (Each match is listed with the words around it: the match itself is the exact text.)
  await list.getByText("Tuesday", { exact: true }).click();
  await expect(page.getByTestId("redact-matches")).toContainText("3 selected");
  const matchBoxes = page.getByTestId("redact-match-box");
  await expect(matchBoxes.and(page.locator('[data-kept="false"]'))).toHaveCount(1);
  await expect(matchBoxes.and(page.locator('[data-kept="true"]'))).toHaveCount(3);

  // Two boxes by hand: a word, and the left half of the photo.
  const saffron = wordBox(font, 2, "Saffron");
  await drawBox(page, 1, { ...saffron, left: saffron.left - 1, right: saffron.right + 1 });
  const photoTop = H - PHOTO.y - PHOTO.height;
  const photoHalf: Box = {
    left: 395,
    top: photoTop - 5,
    right: PHOTO.x + PHOTO.width / 2,
    bottom: photoTop + PHOTO.height + 5,
  };
  await drawBox(page, 1, photoHalf);
  const areas = page.getByTestId("redact-areas");
  await expect(areas).toContainText("2 areas marked");
  await expect(areas).toContainText("Area 1 · page 1");
  await expect(page.getByTestId("redact-area-box")).toHaveCount(2);
  // A third box, removed again with the Delete key.
  await drawBox(page, 1, { left: 300, top: 500, right: 400, bottom: 560 });
  await expect(page.getByTestId("redact-area-box")).toHaveCount(3);
  await page.keyboard.press("Delete");
  await expect(page.getByTestId("redact-area-box")).toHaveCount(2);

  // Metadata goes by default (a title or author often names what is redacted).
  await expect(page.getByRole("checkbox", { name: /Also remove the document's metadata/ })).toBeChecked();
  await expect(page.getByTestId("redact-warning")).toContainText("Your own file is not changed");
  if (SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
  await shot(page, `${SHOTS}/desktop-light.png`, { fullPage: true });

  await page.getByRole("button", { name: "Redact PDF" }).click();
  const report = page.getByTestId("redact-report");
  await expect(report).toHaveText(
    /^Redacted 5 areas on 1 page \(3 search matches\): \d+ characters of text, 1 image and 0 annotations removed\. The document's metadata was removed too\.$/,
    { timeout: 30_000 },
  );
  await shot(page, `${SHOTS}/desktop-light-done.png`, { fullPage: true });
  const out = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(out.path);
  // What was found, left out and drawn is what was sent (what the file then holds is judged in
  // test/engine/pdf/redact*.test.ts and test/worker/convert/redact.test.ts).
  const sent = await sentForm(page, "/api/convert/redact-pdf");
  expect(JSON.parse(sent.fields.searches)).toEqual([
    { search: "Bluebird", matchCase: false, wholeWord: false, patterns: ["email"] },
    { search: "", matchCase: false, wholeWord: false, patterns: ["iban"] },
    { search: "tuesday", matchCase: false, wholeWord: false, patterns: [] },
  ]);
  // Tuesday, left out: one match skipped by its id.
  expect(JSON.parse(sent.fields.skip)).toHaveLength(1);
  expect(sent.fields.clearMetadata).toBe("true");
  // The two boxes drawn by hand, as fractions of the page from its top left.
  const sentAreas = JSON.parse(sent.fields.areas) as {
    page: number;
    x: number;
    y: number;
    width: number;
    height: number;
  }[];
  const drawn = [{ ...saffron, left: saffron.left - 1, right: saffron.right + 1 }, photoHalf];
  expect(sentAreas).toHaveLength(2);
  sentAreas.forEach((a, i) => {
    const b = drawn[i];
    expect(a.page).toBe(1);
    expect(a.x).toBeCloseTo(b.left / W, 2);
    expect(a.y).toBeCloseTo(b.top / H, 2);
    expect(a.width).toBeCloseTo((b.right - b.left) / W, 2);
    expect(a.height).toBeCloseTo((b.bottom - b.top) / H, 2);
  });
});

test("redact: how it looks on a phone and in the dark", async ({ page }) => {
  const { bytes, font } = await document();
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, bytes);
  const viewer = page.getByTestId("redact-viewer");
  const shown = await page.locator('[data-testid="redact-page"][data-page="1"]').boundingBox();
  const room = await viewer.boundingBox();
  // The page fits the phone's width.
  expect(shown && room && shown.width <= room.width).toBe(true);
  await page.getByText("Email addresses").click();
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByTestId("redact-match-summary")).toHaveText("1 match on 1 page");
  await drawBox(page, 1, wordBox(font, 1, "Bluebird"));
  await expect(page.getByTestId("redact-area-box")).toHaveCount(1);
  if (SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
  await shot(page, `${SHOTS}/mobile-light.png`, { fullPage: true });
  await page.getByTestId("theme-toggle").click();
  await shot(page, `${SHOTS}/mobile-dark.png`, { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, `${SHOTS}/desktop-dark.png`, { fullPage: true });
  await page.getByRole("button", { name: "Redact PDF" }).click();
  await expect(page.getByTestId("redact-report")).toContainText("(1 search match)", { timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${SHOTS}/mobile-dark-done.png`, { fullPage: true });
});

test("redact: an encrypted 30-page file, drawn page by page as it is scrolled to, a whole-word search", async ({
  page,
}) => {
  await recordForms(page);
  await signUp(page);
  await page.goto("/redact-pdf");
  await page.getByTestId("file-input").setInputFiles(corpus("pdf/encrypted/qpdf__c-r6-in.pdf"));
  const prompt = page.getByTestId("password-prompt");
  await prompt.getByLabel("Password for qpdf__c-r6-in.pdf").fill("user4");
  await prompt.getByRole("button", { name: "Open" }).click();
  await expect(prompt).toBeHidden();
  const pages = page.getByTestId("redact-page");
  await expect(pages).toHaveCount(30);
  await expect(pages.first()).toHaveAttribute("data-drawn", "true");
  // Only the pages near the view are drawn.
  await expect(pages.nth(29)).not.toHaveAttribute("data-drawn", "true");

  await page.getByLabel("Find text").fill("Potato 2");
  await page.getByRole("button", { name: "Find" }).click();
  const summary = page.getByTestId("redact-match-summary");
  await expect(summary).toHaveText("11 matches on 11 pages");
  await page.getByRole("button", { name: "Clear list" }).click();
  await page.getByText("Whole words").click();
  await page.getByRole("button", { name: "Find" }).click();
  await expect(summary).toHaveText("1 match on 1 page");
  await page.getByRole("list", { name: "Matches" }).getByRole("button", { name: "page 3" }).click();
  await expect(pages.nth(2)).toHaveAttribute("data-drawn", "true");
  await expect(pages.nth(2).getByTestId("redact-match-box")).toHaveCount(1);

  await page.getByRole("button", { name: "Redact PDF" }).click();
  await expect(page.getByTestId("redact-report")).toHaveText(
    /^Redacted 1 area on 1 page \(1 search match\): [1-9]\d* characters? of text, 0 images and 0 annotations removed\. The document's metadata was removed too\.$/,
    { timeout: 30_000 },
  );
  const out = await download(page, page.getByRole("button", { name: "Download PDF" }));
  // Opened with its password, what comes back opens without one.
  expectValidPdf(out.path);
  const sent = await sentForm(page, "/api/convert/redact-pdf");
  expect(JSON.parse(sent.fields.searches)).toEqual([
    { search: "Potato 2", matchCase: false, wholeWord: true, patterns: [] },
  ]);
  expect(sent.fields.passwords).toContain('"user4"');
});
