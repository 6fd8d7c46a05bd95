import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";

export const corpus = (path: string) => join(process.cwd(), "test/fixtures/corpus", path);

/** Live: the app has taken the whole page over (web/prerender/take-over.ts marks the root until then). */
export async function live(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    return root !== null && !("takingOver" in root.dataset) && root.childElementCount > 0;
  });
}

let users = 0;

/**
 * A fresh account for the test, signed in the way the app does it: the token in storage (the
 * generic calls send it as a bearer header) and the session cookie from the answer (the split
 * and watermark calls send no header, so the cookie is what makes them count as this user's).
 */
export async function signUp(page: Page) {
  await page.goto("/");
  users += 1;
  const email = `tools-${Date.now()}-${process.pid}-${users}@example.com`;
  const res = await page.evaluate(async (email) => {
    const r = await fetch("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        email,
        password: "correct horse",
        confirmPassword: "correct horse",
        firstName: "Ada",
        lastName: "Tester",
      }),
    });
    return { status: r.status, body: (await r.json()) as { sessionToken?: string } };
  }, email);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await page.evaluate((token) => localStorage.setItem("sessionToken", token), res.body.sessionToken ?? "");
}

/** Clicks a download button: a new tab opens and the result arrives as a download, saved to disk. */
export async function download(page: Page, button: Locator): Promise<{ path: string; url: string; name: string }> {
  const tab = page.waitForEvent("popup");
  // Chromium reports a download started by a new tab on the page that opened it.
  const started = page.waitForEvent("download");
  await button.click();
  await tab;
  const file = await started;
  const dir = mkdtempSync(join(tmpdir(), "e2e-dl-"));
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return { path, url: file.url(), name: file.suggestedFilename() };
}

/** An independent reader of the output: qpdf, pdfinfo, pdftotext, unzip from the system. */
export function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: "utf8", timeout: 20_000 });
}

export function pageCount(path: string): number {
  return Number(run("qpdf", ["--show-npages", path]).trim());
}

/**
 * The download is a PDF qpdf reads without errors (with its password, if it has one). What it
 * holds is judged in the engine's tests (test/engine/tools); here, that the person got a file.
 */
export function expectValidPdf(path: string, password?: string) {
  // qpdf exits non-zero (and execFileSync throws) on errors; warnings exit 3 and are reported too.
  const out = run("qpdf", ["--check", ...(password === undefined ? [] : [`--password=${password}`]), path]);
  expect(out).toContain("No syntax or stream encoding errors found");
}

/** The download is a ZIP unzip reads whole; its entries' names. */
export function expectValidZip(path: string): string[] {
  run("unzip", ["-tq", path]);
  return run("unzip", ["-Z1", path]).trim().split("\n");
}

export interface SentForm {
  url: string;
  fields: Record<string, string>;
  files: { field: string; name: string; type: string; size: number }[];
}

/**
 * Records every form the page sends (fetch or XMLHttpRequest with a FormData body): each text
 * field's value and each file's field and name, in order. Chromium does not hand a request's file
 * parts to Playwright, so the page's own FormData is read. Call before the page is opened.
 */
export async function recordForms(page: Page) {
  await page.addInitScript(() => {
    const sent: SentForm[] = [];
    (window as unknown as { __sentForms: SentForm[] }).__sentForms = sent;
    const record = (url: string, body: unknown) => {
      if (!(body instanceof FormData)) return;
      const form: SentForm = { url, fields: {}, files: [] };
      for (const [field, value] of body.entries()) {
        if (typeof value === "string") form.fields[field] = value;
        else form.files.push({ field, name: value.name, type: value.type, size: value.size });
      }
      sent.push(form);
    };
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      record(input instanceof Request ? input.url : String(input), init?.body);
      return fetch(input, init);
    };
    const open = XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { __url?: string }, ...args: unknown[]) {
      this.__url = String(args[1]);
      return (open as (...a: unknown[]) => void).apply(this, args);
    };
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { __url?: string }, body) {
      record(this.__url ?? "", body);
      return send.call(this, body);
    };
  });
}

/**
 * The last form the page sent to a URL ending in `path` (recordForms must have been called): how
 * the person's choices reach the tool. What the tool makes of them is judged in the engine's tests.
 */
export async function sentForm(page: Page, path: string): Promise<SentForm> {
  let found: SentForm | undefined;
  await expect
    .poll(async () => {
      const all = await page.evaluate(() => (window as unknown as { __sentForms?: SentForm[] }).__sentForms ?? []);
      found = all.filter((f) => new URL(f.url, "http://x").pathname.endsWith(path)).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found as SentForm;
}

export function firstPageText(path: string, page = 1): string {
  return run("pdftotext", ["-f", String(page), "-l", String(page), "-layout", path, "-"])
    .replace(/\s+/g, " ")
    .trim();
}

/** The page's text in content-stream order with every space removed: diagonal text comes out whole. */
export function rawText(path: string, page = 1): string {
  return run("pdftotext", ["-raw", "-f", String(page), "-l", String(page), path, "-"]).replace(/\s+/g, "");
}

export function writeTemp(name: string, content: string | Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "e2e-in-"));
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId("toast").filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}
