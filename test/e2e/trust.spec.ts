import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot } from "./screens";

const PDF = "test/fixtures/corpus/pdf/valid/pysample__minimal-document.pdf";
const PASSWORD = "correct horse battery";

/**
 * Turnstile's widget script cannot be reached from here: this stands in for it, with the same
 * API (render, reset, remove), rendering a button that hands out a token siteverify's imitation
 * accepts.
 */
const FAKE_TURNSTILE = `window.turnstile = {
  render(el, opts) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "I am a person";
    b.onclick = () => opts.callback("pass-" + opts.sitekey);
    el.append(b);
    return "w1";
  },
  reset() {},
  remove() {},
};`;

async function signUp(page: Page, base: string, email: string) {
  const res = await page.request.post(`${base}/api/auth/register`, {
    data: { firstName: "Ada", lastName: "Lovelace", email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { sessionToken: string };
}

async function signInWithToken(page: Page, base: string, token: string) {
  await page.goto(`${base}/`);
  await page.evaluate((t) => localStorage.setItem("sessionToken", t), token);
}

test("after failed sign-ins, the dialog asks for a Turnstile check and then lets the owner in", async ({
  page,
  configured,
}) => {
  await page.route("https://challenges.cloudflare.com/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: FAKE_TURNSTILE }),
  );
  const email = `challenged-${Date.now()}@example.com`;
  await signUp(page, configured, email);
  // A stranger's five wrong guesses, from elsewhere.
  for (let i = 0; i < 5; i++) {
    await page.request.post(`${configured}/api/auth/login`, {
      data: { email, password: `guess-${i}` },
      headers: { "cf-connecting-ip": `10.200.0.${i + 1}` },
    });
  }
  await page.goto(`${configured}/`);
  await page.getByRole("button", { name: "Sign In" }).click();
  const login = page.getByRole("dialog", { name: "Welcome Back" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill(PASSWORD);
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Login failed" })).toContainText(
    "Please confirm you are a person, then sign in again.",
  );
  await expect(login.getByRole("button", { name: "Sign In" })).toBeDisabled();
  await login.getByRole("button", { name: "I am a person" }).click();
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await shot(page, "test/e2e/output/screens/signed-in-after-challenge.png");
});

test("a history item can be deleted, and so can the whole account", async ({ page, baseURL }) => {
  const base = baseURL as string;
  const email = `erase-${Date.now()}@example.com`;
  const { sessionToken } = await signUp(page, base, email);
  for (const name of ["first.pdf", "second.pdf"]) {
    const res = await page.request.post(`${base}/api/convert/rotate-pdf`, {
      headers: { authorization: `Bearer ${sessionToken}` },
      multipart: { files: { name, mimeType: "application/pdf", buffer: readFileSync(PDF) } },
    });
    expect(res.status()).toBe(200);
  }
  await signInWithToken(page, base, sessionToken);
  await page.goto(`${base}/history`);
  const table = page.getByTestId("history-table");
  await expect(table.getByText("first-rotated.pdf")).toBeVisible();
  await table.getByRole("button", { name: "Delete first-rotated.pdf" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this file?" });
  await expect(confirm).toContainText("first-rotated.pdf will be deleted now, with any share links to it.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(table.getByText("first-rotated.pdf")).toHaveCount(0);
  await expect(table.getByText("second-rotated.pdf")).toBeVisible();

  await page.goto(`${base}/account`);
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog.getByRole("button", { name: "Delete my account" })).toBeDisabled();
  await dialog.getByLabel("Password").fill("not my password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Account not deleted" })).toContainText(
    "That password is not right, so nothing was deleted.",
  );
  await dialog.getByLabel("Password").fill(PASSWORD);
  await shot(page, "test/e2e/output/screens/delete-account.png");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted")).toBeVisible();
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  const me = await page.request.get(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${sessionToken}` } });
  expect(me.status()).toBe(401);
});
