import { localLink, openOnDevice, saveLocal } from "./device-helpers";
import { expect, test } from "./fixtures";
import { corpus, expectToast, expectValidPdf } from "./tools-helpers";

/**
 * The installable app, offline: after one visit the service worker holds the site and the
 * on-device engine, so with the connection gone the pages still open and the tools run here;
 * a server tool says plainly that it needs a connection.
 */

// Every other spec blocks service workers (each test would precache the whole site); this one is about them.
test.use({ serviceWorkers: "allow" });
test.describe.configure({ timeout: 90_000 });

const fourPages = corpus("pdf/valid/pysample__pdflatex-4-pages.pdf");

test("installable, then offline after one visit: pages open from the cache, tools run on this device, server tools say why not", async ({
  page,
  request,
  context,
}) => {
  // Installable: a manifest with its icons.
  await page.goto("/rotate-pdf");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await (await request.get(href ?? "")).json();
  expect(manifest).toMatchObject({ name: "PDFTools", display: "standalone", start_url: "/" });
  const sizes = (manifest.icons as { sizes: string }[]).map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of manifest.icons as { src: string }[]) expect((await request.get(icon.src)).status()).toBe(200);
  // Installed (everything precached) and in control of the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  // A page never opened before, from the cache.
  await page.goto("/merge-pdf");
  await expect(page.getByRole("heading", { level: 1, name: "Merge PDF" })).toBeVisible();

  // In server mode a job cannot be sent, and the page says what to do instead.
  await page.goto("/rotate-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  await expectToast(page, "Processing failed", "You are offline.");

  // On this device it runs: the engine's code and WebAssembly come from the cache too.
  await openOnDevice(page, "/rotate-pdf");
  await page.getByTestId("file-input").setInputFiles(fourPages);
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  const out = await saveLocal(page, localLink(page.getByTestId("upload-item")));
  expect(out.url).toMatch(/^blob:/);
  expectValidPdf(out.path);
});
