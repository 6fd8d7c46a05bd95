import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { imitationPort } from "./playwright.config";

test("an error from the provider shows 'Authentication failed' and goes home after 3 s", async ({ page }) => {
  // The provider's free text is not shown: a crafted link could put any words on our page.
  await page.goto("/auth/google/callback?error=access_denied&error_description=Call+0800+FAKE+for+help");
  await expect(page.getByText("Authentication failed").first()).toBeVisible();
  await expect(page.getByText("Access to Google Drive was not granted, so nothing was saved.").first()).toBeVisible();
  await expect(page.getByText(/0800 FAKE/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
});

test("missing parameters show 'Invalid callback'", async ({ page }) => {
  await page.goto("/auth/dropbox/callback?code=abc");
  await expect(page.getByText("Invalid callback").first()).toBeVisible();
  await expect(page.getByText("Missing required parameters").first()).toBeVisible();
});

test("the callback page says what it is doing while it works", async ({ page, configured }) => {
  await page.route("**/api/auth/google/callback", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`${configured}/auth/google/callback?code=x&state=${encodeURIComponent("{}")}`);
  await expect(page.getByText("Processing authentication...")).toBeVisible();
  await expect(page.getByText("Save failed").first()).toBeVisible();
});

for (const [provider, name] of [
  ["google", "Google Drive"],
  ["dropbox", "Dropbox"],
] as const) {
  test(`saving a result to ${name} through the imitation provider`, async ({
    page,
    request,
    configured,
    visitorIp,
  }) => {
    const res = await request.post(`${configured}/api/convert/rotate-pdf`, {
      headers: { "cf-connecting-ip": visitorIp },
      multipart: {
        files: {
          name: "plan.pdf",
          mimeType: "application/pdf",
          buffer: readFileSync("test/fixtures/corpus/pdf/valid/pysample__minimal-document.pdf"),
        },
      },
    });
    const { file } = await res.json();
    // Started from the page, as the app does: the flow's cookie lands in this browser.
    await page.goto(`${configured}/`);
    const authUrl = await page.evaluate(
      async ([p, downloadUrl]) => {
        const res = await fetch(`/api/cloud/${p}/start`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ downloadUrl }),
        });
        return ((await res.json()) as { authUrl: string }).authUrl;
      },
      [provider, file.downloadUrl] as const,
    );
    expect(authUrl).toContain(`127.0.0.1:${imitationPort}/${provider}/auth`);
    // The imitation's consent page approves at once and sends the browser back with a code.
    await page.goto(authUrl);
    await expect(page.getByText("File saved successfully").first()).toBeVisible();
    await expect(page.getByText(`plan-rotated.pdf was saved to ${name}.`).first()).toBeVisible();
    const uploads = (await (await request.get(`http://127.0.0.1:${imitationPort}/__requests`)).json()).filter(
      (r: { path: string }) => r.path === `/${provider}/upload`,
    );
    expect(uploads.length).toBeGreaterThan(0);
  });
}

test("Save to Dropbox from a result: the popup reports back to the page and closes", async ({
  page,
  configured,
  context,
}) => {
  await page.goto(`${configured}/rotate-pdf`);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles("test/fixtures/corpus/pdf/valid/pysample__minimal-document.pdf");
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  const [popup] = await Promise.all([context.waitForEvent("page"), page.getByTestId("save-dropbox").first().click()]);
  await expect(page.getByTestId("toast").filter({ hasText: "File saved successfully" })).toContainText(
    "pysample__minimal-document-rotated.pdf was saved to Dropbox.",
    { timeout: 20_000 },
  );
  await popup.waitForEvent("close", { timeout: 10_000 });
});

test("without provider keys there are no save buttons: nothing on the page that cannot work", async ({ page }) => {
  await page.goto("/rotate-pdf");
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles("test/fixtures/corpus/pdf/valid/pysample__minimal-document.pdf");
  await page.getByRole("button", { name: "Rotate PDF" }).click();
  await expect(page.getByTestId("share-button").first()).toBeVisible();
  await expect(page.getByTestId("save-google")).toHaveCount(0);
  await expect(page.getByTestId("save-dropbox")).toHaveCount(0);
});
