import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { PDFDocument, PDFName, StandardFonts } from "@cantoo/pdf-lib";
import { expect, type Locator, type Page } from "@playwright/test";
import { live } from "./tools-helpers";

/** The server's job and inspect endpoints: in device mode, nothing may reach them. */
export const SERVER_JOBS = ["**/api/convert/**", "**/api/analyze-pdf", "**/api/form-fields", "**/api/redact-preview"];

/**
 * Blocks the server's job endpoints and records every request the page makes with a body, so a
 * test can show no input was uploaded: a file's bytes would be in a request's body.
 */
export async function blockServerJobs(page: Page) {
  const sent: { url: string; bytes: number }[] = [];
  page.on("request", (r) => {
    const body = r.postDataBuffer();
    if (r.url().includes("/api/")) sent.push({ url: r.url(), bytes: body?.length ?? 0 });
  });
  for (const pattern of SERVER_JOBS) await page.route(pattern, (route) => route.abort());
  return {
    sent,
    expectNothingUploaded(minBytes = 200) {
      expect(sent.filter((s) => /\/api\/(convert|analyze-pdf|form-fields|redact-preview)/.test(s.url))).toEqual([]);
      expect(sent.filter((s) => s.bytes >= minBytes)).toEqual([]);
    },
  };
}

export const switchLabel = "Process on this device: files never leave it";

/**
 * Opens a tool page with device mode on (turned on by its switch the first time). It looks at the
 * switch once the app has the page (a drawn page shows it off until then, whatever is stored): a
 * press decided on what the drawing showed, and made after the app had shown the stored setting,
 * would turn it off again.
 */
export async function openOnDevice(page: Page, path: string) {
  await page.goto(path);
  await live(page);
  const input = page.getByLabel(switchLabel);
  if (!(await input.isChecked())) await page.getByText(switchLabel).click();
  await expect(input).toBeChecked();
}

/** A result made on this device: a link that downloads from memory, with the file's name. */
export async function saveLocal(page: Page, link: Locator): Promise<{ path: string; url: string; name: string }> {
  // The first job on a page loads the engine (codecs, font) into the Web Worker first.
  await expect(link).toHaveAttribute("href", /^blob:/, { timeout: 60_000 });
  const started = page.waitForEvent("download");
  await link.click();
  const file = await started;
  const path = join(mkdtempSync(join(tmpdir(), "e2e-dev-")), file.suggestedFilename());
  await file.saveAs(path);
  return { path, url: file.url(), name: file.suggestedFilename() };
}

export const localLink = (scope: Page | Locator, name: string | RegExp = /^Download/) =>
  scope.getByRole("link", { name });

/** A PDF of one page with `mb` megabytes of random (incompressible) bytes in a stream. */
export async function bigPdf(mb: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText("Large file", { x: 72, y: 700, size: 24, font: await doc.embedFont(StandardFonts.Helvetica) });
  const stream = doc.context.stream(randomBytes(mb * 1024 * 1024));
  doc.catalog.set(PDFName.of("PieceInfo"), doc.context.register(stream));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A form with one text field "Name" (optionally filled) and a checkbox. */
export async function formPdf(name?: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("Membership form", { x: 50, y: 740, size: 20, font });
  const form = doc.getForm();
  const field = form.createTextField("Name");
  field.addToPage(page, { x: 150, y: 680, width: 250, height: 22 });
  if (name) field.setText(name);
  form.createCheckBox("Member").addToPage(page, { x: 150, y: 628, width: 16, height: 16 });
  form.updateFieldAppearances(font);
  return Buffer.from(await doc.save());
}

/** A PNG of random RGB noise (oxipng works long and hard on it): a job to cancel. */
export function noisePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  randomBytes(rows.length).copy(rows);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 1 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
