import { expect, test } from "./fixtures";
import { shot } from "./screens";

/**
 * The site in the visitor's language: German at phone width (long words must not push the page
 * sideways), Japanese, Arabic right to left, the language menu (URL, remembered choice), first
 * visits chosen from the browser's languages, and the links search engines read.
 * With SCREENSHOTS=1, screenshots land in test/e2e/output/i18n for a person to look at.
 */
const SHOTS = "test/e2e/output/i18n";

test.use({ locale: "en-US" });

/** Nothing wider than the screen: the page, and its main content. */
async function expectNoSidewaysScroll(page: import("@playwright/test").Page) {
  const widths = await page.evaluate(() => {
    const main = document.querySelector("main") as HTMLElement;
    return {
      doc: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      main: main.scrollWidth,
      mainClient: main.clientWidth,
    };
  });
  expect(widths.main, JSON.stringify(widths)).toBeLessThanOrEqual(widths.mainClient);
  expect(widths.doc, JSON.stringify(widths)).toBeLessThanOrEqual(widths.view);
}

test("German at 390 px: long words wrap, nothing overflows, links keep the language", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/de", "/de/all-tools", "/de/donate", "/de/merge-pdf"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("main h1").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await page.goto("/de");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Alle PDF-Tools, die du brauchst");
  await expect(page.getByRole("heading", { name: "Unterstütze unsere kostenlosen Tools" })).toBeVisible();
  await shot(page, `${SHOTS}/de-home-390.png`, { fullPage: true });
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  const sheet = page.getByTestId("mobile-sheet");
  await expect(sheet.getByRole("link", { name: "Alle Tools" })).toHaveAttribute("href", "/de/all-tools");
  await shot(page, `${SHOTS}/de-sheet-390.png`);
  await sheet.getByRole("link", { name: "PDF zusammenfügen" }).click();
  await expect(page).toHaveURL(/\/de\/merge-pdf$/);
  await expect(page).toHaveTitle("PDF zusammenfügen | PDFTools");
});

test("Japanese: words, title and formats in Japanese", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/ja/all-tools");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1, name: "すべてのツール" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "整理", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /PDF 結合/ }).first()).toBeVisible();
  await expect(page).toHaveTitle("すべてのツール | PDFTools");
  await shot(page, `${SHOTS}/ja-all-tools-1366.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
});

test("Arabic: right to left, the layout mirrored, arrows pointing the reading way", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/ar");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("dir", "rtl");
  await expect(html).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("كل أدوات PDF التي تحتاجها");
  // Mirrored: the logo starts at the right edge, the header's buttons at the left.
  const logo = await page.getByRole("banner").getByRole("link", { name: "الصفحة الرئيسية لـ PDFTools" }).boundingBox();
  const donate = await page.getByTestId("donate-button").first().boundingBox();
  expect(logo && donate && logo.x > 683 && donate.x < 683, JSON.stringify({ logo, donate })).toBe(true);
  // "Explore all tools" points forward, which is to the left in Arabic.
  const explore = page.getByRole("link", { name: "استكشف كل الأدوات" });
  await expect(explore.locator("svg")).toHaveCount(1);
  const arrow = await explore.locator("svg").boundingBox();
  const text = await explore.boundingBox();
  expect(arrow && text && arrow.x < text.x + text.width / 2).toBe(true);
  await shot(page, `${SHOTS}/ar-home-1366.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, `${SHOTS}/ar-home-390.png`);
  await page.goto("/ar/donate");
  await expect(page.getByRole("heading", { level: 1, name: "ادعمني بفنجان قهوة" })).toBeVisible();
  await shot(page, `${SHOTS}/ar-donate-390.png`, { fullPage: true });
});

test("Arabic: pages are drawn left to right as in English; the device switch's heading has room", async ({ page }) => {
  const pdf = "test/fixtures/corpus/pdf/valid/pysample__pdflatex-4-pages.pdf";
  await page.setViewportSize({ width: 390, height: 844 });
  // The crop preview, in English, then in Arabic: the same pixels, so no text run is drawn backwards.
  const drawn = async (path: string) => {
    await page.goto(path);
    await page.getByTestId("file-input").setInputFiles(pdf);
    const canvas = page.locator("main canvas[aria-hidden]").first();
    await expect(canvas).toBeVisible();
    return canvas.evaluate((c) => ({
      direction: getComputedStyle(c).direction,
      pixels: (c as unknown as { toDataURL(): string }).toDataURL(),
    }));
  };
  const english = await drawn("/crop-pdf");
  const arabic = await drawn("/ar/crop-pdf");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(arabic.direction).toBe("ltr");
  expect(arabic.pixels === english.pixels, "the Arabic page's preview differs from the English one").toBe(true);
  await shot(page, `${SHOTS}/ar-crop-390.png`, { fullPage: true });
  // Every page canvas of every tool inherits it (one rule for all canvases, thumbnails too).
  await page.goto("/ar/split-pdf");
  await page.getByTestId("file-input").setInputFiles(pdf);
  await expect(page.locator("main canvas[aria-hidden]").first()).toBeVisible();
  const directions = await page.locator("canvas").evaluateAll((all) => all.map((c) => getComputedStyle(c).direction));
  expect(new Set(directions)).toEqual(new Set(["ltr"]));

  // The switch's heading: lines apart when it wraps, and space between it and the switch.
  const label = page.getByTestId("device-switch").getByText("المعالجة على هذا الجهاز", { exact: false });
  const style = await label.evaluate((el) => {
    const s = getComputedStyle(el);
    return { line: Number.parseFloat(s.lineHeight), font: Number.parseFloat(s.fontSize) };
  });
  expect(style.line / style.font).toBeGreaterThanOrEqual(1.5);
  const text = await label.boundingBox();
  const toggle = await page.getByTestId("device-switch").locator("[data-part=control]").boundingBox();
  // Right to left: the switch is to the left of its words, at least 16 px away.
  expect(text && toggle && text.x - (toggle.x + toggle.width) >= 16, JSON.stringify({ text, toggle })).toBe(true);
  await shot(page, `${SHOTS}/ar-split-390.png`);
});

test("the language menu changes the language and the URL, and the choice is remembered", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/all-tools");
  await expect(page.getByRole("heading", { level: 1, name: "All Tools" })).toBeVisible();
  await page.getByTestId("language-menu").click();
  await expect(page.getByTestId("language-de")).toHaveText("Deutsch");
  await expect(page.getByTestId("language-ar")).toHaveText("العربية");
  await page.getByTestId("language-fr").click();
  await expect(page).toHaveURL(/\/fr\/all-tools$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tous les outils" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("locale"))).toBe("fr");
  // An English path now opens in French: the stored choice wins.
  await page.goto("/donate");
  await expect(page).toHaveURL(/\/fr\/donate$/);
  await expect(page.getByRole("heading", { level: 1, name: "Offrez-moi un café" })).toBeVisible();
  // The footer's menu back to English, and English stays.
  await page.getByTestId("footer-language-menu").click();
  await page.getByTestId("language-en").click();
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByRole("heading", { level: 1, name: "Buy Me a Coffee" })).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Get Started Now" })).toBeVisible();
});

test.describe("a first visit from a Spanish browser", () => {
  test.use({ locale: "es-ES" });

  test("is shown in Spanish, and a prefixed URL is never moved", async ({ page }) => {
    await page.goto("/merge-pdf");
    await expect(page).toHaveURL(/\/es\/merge-pdf$/);
    await expect(page.getByRole("link", { name: "Todas las herramientas" }).first()).toBeVisible();
    await page.goto("/de/all-tools");
    await expect(page).toHaveURL(/\/de\/all-tools$/);
    await expect(page.getByRole("heading", { level: 1, name: "Alle Tools" })).toBeVisible();
  });
});

test("search engines: translated title and description, hreflang for every language, canonical", async ({
  page,
  request,
}) => {
  await page.goto("/de/merge-pdf");
  await expect(page).toHaveTitle("PDF zusammenfügen | PDFTools");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Mehrere PDFs zu einem Dokument zusammenfügen, in der Reihenfolge deiner Wahl.",
  );
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(15);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    "href",
    `${origin}/merge-pdf`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute("href", `${origin}/ar/merge-pdf`);
  await expect(page.locator('link[rel="alternate"][hreflang="zh-CN"]')).toHaveAttribute(
    "href",
    `${origin}/zh-cn/merge-pdf`,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/de/merge-pdf`);
  // A crawler asking for German at an English path gets the English page, not a redirect.
  const res = await request.get("/merge-pdf", { headers: { "Accept-Language": "de-DE" }, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  // A page that does not exist is not indexed, in any language.
  await page.goto("/fr/nothing-here");
  await expect(page.getByRole("heading", { level: 1, name: "404 – Page introuvable" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});
