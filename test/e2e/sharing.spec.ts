import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { download, expectValidPdf } from "./tools-helpers";

const PDF = "test/fixtures/corpus/pdf/valid/pysample__pdflatex-4-pages.pdf";

test("a shared link opens in a fresh browser and downloads the file", async ({
  browser,
  request,
  baseURL,
  visitorIp,
}) => {
  const res = await request.post("/api/convert/rotate-pdf", {
    headers: { "cf-connecting-ip": visitorIp },
    multipart: { files: { name: "minutes.pdf", mimeType: "application/pdf", buffer: readFileSync(PDF) } },
  });
  const { file } = await res.json();
  const share = await (
    await request.post("/api/share", { data: { downloadUrl: file.downloadUrl, expiresIn: "7d" } })
  ).json();
  expect(share.shareUrl).toBe(`${baseURL}/shared/${share.shareId}`);

  const stranger = await browser.newContext();
  const page = await stranger.newPage();
  await page.goto(share.shareUrl);
  await expect(page.getByTestId("shared-file-name")).toHaveText("minutes-rotated.pdf");
  await expect(page.getByText("Shared", { exact: true })).toBeVisible();
  await expect(page.getByText("Expires", { exact: true })).toBeVisible();
  const saved = await download(page, page.getByRole("button", { name: "Download File" }));
  expect(saved.name).toBe("minutes-rotated.pdf");
  expectValidPdf(saved.path);
  await stranger.close();
});

test("an unknown share link shows 'File Not Available' and a way home", async ({ page }) => {
  await page.goto("/shared/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByRole("heading", { name: "File Not Available" })).toBeVisible();
  await expect(page.getByTestId("shared-error")).toHaveText("File not found or has been removed");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("File History lists a signed-in user's conversions with their downloads", async ({ page, request, visitorIp }) => {
  const email = `hist-${Date.now()}@example.com`;
  const reg = await (
    await request.post("/api/auth/register", {
      headers: { "cf-connecting-ip": visitorIp },
      data: {
        firstName: "Hal",
        lastName: "Story",
        email,
        password: "tulip-canyon-raft",
        confirmPassword: "tulip-canyon-raft",
      },
    })
  ).json();
  for (const name of ["one.pdf", "two.pdf"]) {
    const r = await request.post("/api/convert/rotate-pdf", {
      headers: { authorization: `Bearer ${reg.sessionToken}` },
      multipart: { files: { name, mimeType: "application/pdf", buffer: readFileSync(PDF) } },
    });
    expect(r.status()).toBe(200);
  }
  await page.goto("/");
  await page.evaluate((t) => localStorage.setItem("sessionToken", t), reg.sessionToken);
  await page.goto("/");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "File History" }).click();
  await expect(page).toHaveURL(/\/history$/);
  const table = page.getByTestId("history-table");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("row").nth(1)).toContainText("two-rotated.pdf");
  await expect(table.getByRole("row").nth(2)).toContainText("one-rotated.pdf");
  const saved = await download(page, table.getByRole("button", { name: "Download" }).first());
  expect(saved.name).toBe("two-rotated.pdf");
  expectValidPdf(saved.path);
});

test("a result's Share button makes a link that works in a fresh browser", async ({ page, browser }) => {
  await page.goto("/rotate-pdf");
  await page.locator('input[type="file"]').first().setInputFiles(PDF);
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  await page.getByTestId("share-button").first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Share");
  await dialog.getByText("7 days").click();
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByTestId("share-url").inputValue();
  expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{32}$/);
  await expect(dialog.getByTestId("share-expiry")).toContainText("Expires");

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(url);
  await expect(other.getByTestId("shared-file-name")).toHaveText("pysample__pdflatex-4-pages-rotated.pdf");
  const saved = await download(other, other.getByRole("button", { name: "Download File" }));
  expectValidPdf(saved.path);
  await stranger.close();
});
