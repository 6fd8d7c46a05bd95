import { mkdirSync } from "node:fs";
import { degrees, PDFDocument, PDFName, StandardFonts } from "@cantoo/pdf-lib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SCREENSHOTS, shot } from "./screens";
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

/**
 * Fill PDF Form and Flatten PDF in Chromium. The form is built here with pdf-lib; what the person
 * fills in is what the page sends, and a valid PDF comes back (the filled, flattened files are
 * judged by qpdf, pdftotext and pdftoppm in test/engine/tools/forms.test.ts).
 */

const SHOTS = "/tmp/shots/fill-form";
const plain = corpus("pdf/valid/qpdf__good13.pdf");

// Places in PDF points from the bottom left, on a US Letter page (612 x 792).
const NAME_BOX = { x: 150, y: 680, width: 250, height: 22 };

async function formPdf(values?: { name?: string }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("Membership form", { x: 50, y: 740, size: 20, font });
  const label = (text: string, y: number) => page.drawText(text, { x: 50, y, size: 11, font });
  const form = doc.getForm();
  label("Name", 686);
  const name = form.createTextField("Name");
  name.addToPage(page, NAME_BOX);
  if (values?.name) name.setText(values.name);
  label("Notes", 620);
  const notes = form.createTextField("Notes");
  notes.enableMultiline();
  notes.addToPage(page, { x: 150, y: 570, width: 300, height: 70 });
  label("Member", 532);
  form.createCheckBox("Member").addToPage(page, { x: 150, y: 528, width: 16, height: 16 });
  label("Size", 492);
  const size = form.createRadioGroup("Size");
  size.addOptionToPage("Small", page, { x: 150, y: 488, width: 16, height: 16 });
  size.addOptionToPage("Large", page, { x: 230, y: 488, width: 16, height: 16 });
  label("Country", 452);
  const country = form.createDropdown("Country");
  country.addOptions(["France", "Japan", "Peru"]);
  country.addToPage(page, { x: 150, y: 446, width: 160, height: 22 });
  label("Colour", 400);
  const colour = form.createOptionList("Colour");
  colour.addOptions(["Red", "Green", "Blue"]);
  colour.addToPage(page, { x: 150, y: 350, width: 160, height: 60 });
  form.updateFieldAppearances(font);
  return Buffer.from(await doc.save());
}

/**
 * Turned fields: on an upright page, one whose widget is turned a quarter (/MK /R 90, its text
 * runs up the page); on a page shown turned (/Rotate 90), one turned with it (level on screen)
 * and one that is not (its text runs down the screen).
 */
async function turnedFormPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const form = doc.getForm();
  const upright = doc.addPage([612, 792]);
  form.createTextField("Side").addToPage(upright, { x: 80, y: 200, width: 400, height: 24, rotate: degrees(90) });
  const turned = doc.addPage([612, 792]);
  turned.setRotation(degrees(90));
  form.createTextField("Level").addToPage(turned, { x: 300, y: 100, width: 400, height: 24, rotate: degrees(90) });
  form.createTextField("Down").addToPage(turned, { x: 100, y: 100, width: 400, height: 24 });
  return Buffer.from(await doc.save());
}

/** A form whose fields exist only in an XFA packet: the AcroForm lists none. */
async function xfaOnlyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const xfa = doc.context.flateStream('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template/></xdp:xdp>');
  doc.catalog.set(PDFName.of("AcroForm"), doc.context.obj({ Fields: [], XFA: doc.context.register(xfa) }));
  doc.catalog.set(PDFName.of("NeedsRendering"), doc.context.obj(true));
  return Buffer.from(await doc.save());
}

const pdfFile = (name: string, buffer: Buffer) => ({ name, mimeType: "application/pdf", buffer });

async function openForm(page: Page, buffer: Buffer, name = "membership.pdf") {
  await recordForms(page);
  await page.goto("/fill-form");
  await page.getByTestId("file-input").setInputFiles(pdfFile(name, buffer));
  await expect(page.getByTestId("form-status")).toContainText("6 fields", { timeout: 20_000 });
}

test("fill form: the fields are listed and on the page; typed values show in every reader", async ({ page }) => {
  const original = await formPdf();
  await signUp(page);
  await openForm(page, original);
  const list = page.getByTestId("field-list");
  const onPage = page.getByTestId("form-page").first();
  for (const name of ["Name", "Notes", "Member", "Size", "Country", "Colour"]) {
    await expect(list.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(onPage.locator("canvas")).toBeVisible();

  // The page and the list are one form: typing in one shows in the other.
  await onPage.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await expect(list.getByLabel("Name", { exact: true })).toHaveValue("Ada Lovelace");
  await list.getByLabel("Notes").fill("First line\nSecond line");
  await expect(onPage.getByLabel("Notes")).toHaveValue("First line\nSecond line");
  await onPage.getByLabel("Member").check();
  await onPage.getByLabel("Size: Large").check();
  await list.getByLabel("Country").selectOption("Japan");
  await expect(onPage.getByLabel("Country")).toHaveValue("Japan");
  await onPage.getByLabel("Colour").selectOption("Green");
  await page.setViewportSize({ width: 1366, height: 900 });
  if (SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
  await shot(page, `${SHOTS}/filled-desktop-light.png`, { fullPage: true });

  await page.getByRole("button", { name: "Fill PDF" }).click();
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  await shot(page, `${SHOTS}/result-desktop-light.png`, { fullPage: true });
  expectValidPdf(file.path);
  // What was typed, ticked and chosen, on the page or in the list, is what was sent.
  expect(JSON.parse((await sentForm(page, "/api/convert/fill-form")).fields.values)).toMatchObject({
    Name: "Ada Lovelace",
    Notes: "First line\nSecond line",
    Member: true,
    Size: "Large",
    Country: "Japan",
  });
});

test("fill form: a field turned on the page is turned on screen, its value read along it", async ({ page }) => {
  await recordForms(page);
  await page.goto("/fill-form");
  await page.getByTestId("file-input").setInputFiles(pdfFile("turned.pdf", await turnedFormPdf()));
  await expect(page.getByTestId("form-status")).toContainText("3 fields", { timeout: 20_000 });
  const value = "A value long enough to need the whole field";
  for (const [name, turn] of [
    ["Side", "270"],
    ["Level", "0"],
    ["Down", "90"],
  ] as const) {
    const input = page.getByTestId("form-page").getByLabel(name, { exact: true });
    await input.scrollIntoViewIfNeeded();
    // pdf.js reads the widgets' turns once the page is open.
    await expect(input.locator("xpath=..")).toHaveAttribute("data-turn", turn);
    await input.fill(value);
    const box = await input.boundingBox();
    expect(box).not.toBeNull();
    // A turned field is a tall box on screen, its input turned to lie along it; a level one is wide.
    if (box) expect(turn === "0" ? box.width > box.height * 5 : box.height > box.width * 5, name).toBe(true);
    // The value fits along the input: nothing is cut off.
    expect(
      await input.evaluate((el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth <= el.clientWidth),
    ).toBe(true);
  }
  if (SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
  await shot(page, `${SHOTS}/turned-fields-desktop-light.png`, { fullPage: true });
  await page.getByRole("button", { name: "Fill PDF" }).click();
  expect(JSON.parse((await sentForm(page, "/api/convert/fill-form")).fields.values)).toMatchObject({
    Side: value,
    Level: value,
    Down: value,
  });
});

test("fill form: flattened, the values stay on the page and the form is gone", async ({ page }) => {
  await signUp(page);
  await openForm(page, await formPdf());
  await page.getByTestId("form-page").first().getByLabel("Name", { exact: true }).fill("Grace Hopper");
  await page.getByText("Flatten the filled form (values can no longer be changed)").click();
  await page.getByRole("button", { name: "Fill PDF" }).click();
  const sent = await sentForm(page, "/api/convert/fill-form");
  expect(sent.fields.flatten).toBe("true");
  expect(JSON.parse(sent.fields.values)).toMatchObject({ Name: "Grace Hopper" });
  const file = await download(page, page.getByRole("button", { name: "Download PDF" }));
  expectValidPdf(file.path);
});

test("fill form: a CSV fills the form from a row, or makes one PDF per row in a ZIP", async ({ page }) => {
  await signUp(page);
  await openForm(page, await formPdf());
  const csv =
    '\uFEFFname,Member,size,City\r\n"Lovelace, Ada",yes,Large,London\r\nAlan Turing,no,small,Wilmslow\r\n"Grace ""Amazing"" Hopper",x,large,Arlington\r\n';
  await page
    .getByTestId("data-file-input")
    .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const data = page.getByTestId("data-source");
  await expect(data).toContainText("3 rows · 3 of 4 columns match a field");
  await expect(page.getByTestId("unmatched-columns")).toHaveText("Not used (no field has this name): City");
  const onPage = page.getByTestId("form-page").first();
  // The first row is loaded at once; a click on another loads that one.
  await expect(onPage.getByLabel("Name", { exact: true })).toHaveValue("Lovelace, Ada");
  await expect(onPage.getByLabel("Size: Large")).toBeChecked();
  await data.getByRole("row", { name: /Alan Turing/ }).click();
  await expect(onPage.getByLabel("Name", { exact: true })).toHaveValue("Alan Turing");
  await expect(onPage.getByLabel("Member")).not.toBeChecked();
  await expect(onPage.getByLabel("Size: Small")).toBeChecked();

  await page.getByText("One PDF per row (ZIP)").click();
  await page.getByLabel("Name each file by").selectOption("name");
  await shot(page, `${SHOTS}/mail-merge-desktop-light.png`, { fullPage: true });
  await page.getByRole("button", { name: "Create 3 PDFs" }).click();
  expect((await sentForm(page, "/api/convert/fill-form")).fields).toMatchObject({ eachRow: "true", nameBy: "Name" });
  const zip = await download(page, page.getByRole("button", { name: "Download all (ZIP)" }));
  expect(zip.name).toMatch(/\.zip$/);
  const listing = expectValidZip(zip.path);
  expect(listing).toHaveLength(3);
  expect(listing.some((n) => n.includes("Alan Turing") || n.includes("Alan_Turing"))).toBe(true);
});

test("fill form: a PDF with no fields, and an XFA-only form, are explained", async ({ page }) => {
  await page.goto("/fill-form");
  await page.getByTestId("file-input").setInputFiles(plain);
  await expect(page.getByTestId("no-fields")).toContainText("This PDF has no form fields to fill.");
  if (SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
  await shot(page, `${SHOTS}/no-fields.png`);
  await page.getByRole("button", { name: "Choose another PDF" }).click();
  await page.getByTestId("file-input").setInputFiles(pdfFile("xfa.pdf", await xfaOnlyPdf()));
  await expect(page.getByTestId("form-refused")).toContainText("XFA");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${SHOTS}/xfa-mobile.png`, { fullPage: true });
});

test("fill form: how it looks on a phone and in the dark", async ({ page }) => {
  test.skip(!SCREENSHOTS, "screenshots to look at: SCREENSHOTS=1");
  await page.setViewportSize({ width: 390, height: 844 });
  await openForm(page, await formPdf({ name: "Ada" }));
  await expect(page.getByTestId("form-page").first().locator("canvas")).toBeVisible();
  if (SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
  await shot(page, `${SHOTS}/form-mobile-light.png`, { fullPage: true });
  await page.getByTestId("theme-toggle").click();
  await shot(page, `${SHOTS}/form-mobile-dark.png`, { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, `${SHOTS}/form-desktop-dark.png`, { fullPage: true });
});

test("flatten: form fields become page content; the values still read", async ({ page }) => {
  await recordForms(page);
  await signUp(page);
  await page.goto("/flatten-pdf");
  await page
    .getByTestId("file-input")
    .setInputFiles(pdfFile("filled.pdf", await formPdf({ name: "Katherine Johnson" })));
  // Nothing chosen, nothing to do.
  await page.getByText("Form fields", { exact: true }).click();
  await page.getByText("Comments, highlights and stamps").click();
  await expect(page.getByText("Choose what to flatten: form fields, annotations, or both.")).toBeVisible();
  await page.getByText("Form fields", { exact: true }).click();
  if (SCREENSHOTS) mkdirSync("/tmp/shots/flatten-pdf", { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, "/tmp/shots/flatten-pdf/desktop-light.png", { fullPage: true });
  await page.getByRole("button", { name: "Flatten PDF" }).click();
  const item = page.getByTestId("upload-item");
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  await expectToast(page, "Files processed successfully");
  expect((await sentForm(page, "/api/convert/flatten-pdf")).fields.annotations).toBe("false");
  const file = await download(page, item.getByRole("button", { name: /^Download/ }));
  expectValidPdf(file.path);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("theme-toggle").click();
  await shot(page, "/tmp/shots/flatten-pdf/mobile-dark.png", { fullPage: true });
});
