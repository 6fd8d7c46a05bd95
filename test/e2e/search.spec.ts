import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot } from "./screens";

/**
 * Finding a tool in a second (issue 31): the header's search by keyboard, the home page's search
 * in German, an alias people type, and the home page's height on a phone. With SCREENSHOTS=1,
 * screenshots land in test/e2e/output/search.
 */
const SHOTS = "test/e2e/output/search";

test.use({ locale: "en-US" });

/** Types into a search field until its list answers: a page is drawn before its script listens. */
async function typeIn(field: Locator, text: string, answer: Locator) {
  await expect(async () => {
    await field.fill(text);
    await expect(answer).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

test("the header's search, by keyboard alone: / opens it, arrows choose, Enter opens the tool", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const dialog = page.getByTestId("search-dialog");
  const field = dialog.getByRole("combobox", { name: "Search tools" });
  // Keys are heard once the page's script runs, which may be after the page is drawn.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press("/");
    await expect(field).toBeFocused({ timeout: 2_000 });
  }).toPass();
  await page.keyboard.type("jpg");
  const options = dialog.getByRole("option");
  await expect(options.first()).toHaveAccessibleName("JPG to PDF");
  await expect(options.nth(1)).toHaveAccessibleName("PDF to JPG");
  await expect(field).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(field).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id")) ?? "");
  await shot(page, `${SHOTS}/header-1280.png`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/pdf-to-image$/);
  await expect(page.getByRole("heading", { level: 1, name: "PDF to JPG" })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Ctrl+K from anywhere, Escape closes, and a word no tool has says so and offers All Tools.
  await page.keyboard.press("Control+k");
  await expect(field).toBeFocused();
  await page.keyboard.type("xyzzy");
  await expect(dialog.getByTestId("tool-search-empty")).toContainText("No tool matches “xyzzy”.");
  await expect(dialog.getByRole("link", { name: "See all tools" })).toHaveAttribute("href", "/all-tools");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("German: the home page's search finds tools by German words and leads to the German page", async ({ page }) => {
  await page.goto("/de");
  const field = page.getByRole("main").getByRole("combobox", { name: "Tools durchsuchen" });
  await typeIn(field, "unterschreiben", page.getByRole("option").first());
  await expect(page.getByRole("option").first()).toHaveAccessibleName("PDF unterschreiben");
  await expect(page.getByRole("option").first()).toHaveAttribute("href", "/de/sign-pdf");
  await field.fill("schwarzen");
  await expect(page.getByRole("option").first()).toHaveAccessibleName("PDF schwärzen");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/de\/redact-pdf$/);
  await expect(page.getByRole("heading", { level: 1, name: "PDF schwärzen" })).toBeVisible();
  await page.goto("/de/all-tools");
  await typeIn(page.getByRole("main").getByRole("combobox"), "xyzzy", page.getByTestId("tool-search-empty"));
  await expect(page.getByTestId("tool-search-empty")).toContainText("Kein Tool passt zu „xyzzy“.");
  await expect(page.getByRole("link", { name: "Alle Tools ansehen" })).toHaveAttribute("href", "/de/all-tools");
});

test("/pdf-to-jpg leads to PDF to JPG, moved for good, in English and German", async ({ page }) => {
  for (const [from, to, title] of [
    ["/pdf-to-jpg", "/pdf-to-image", "PDF to JPG"],
    ["/de/pdf-to-jpg", "/de/pdf-to-image", "PDF in JPG"],
  ]) {
    const res = await page.goto(from);
    expect(res?.status(), from).toBe(200);
    expect((await res?.request().redirectedFrom()?.response())?.status(), from).toBe(301);
    await expect(page).toHaveURL(new RegExp(`${to}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${to}$`));
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the home page fits in three screens, every tool on it, grouped", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("tool-card").last()).toBeVisible();
    await expect(page.getByTestId("tool-group")).toHaveCount(7);
    await expect(page.getByRole("heading", { name: "Get Started Now" })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `the home page is ${height} px tall at 390x844`).toBeLessThanOrEqual(2550);
    await shot(page, `${SHOTS}/home-390.png`, { fullPage: true });
  });
});
