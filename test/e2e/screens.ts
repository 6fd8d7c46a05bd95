import type { Locator, Page } from "@playwright/test";

/**
 * Screenshots for a person to look at (a layout, a theme, a language), taken only when asked:
 * `SCREENSHOTS=1 npx playwright test ...`. Nothing compares them, so an ordinary run spends no
 * time on them; the screenshots a test does compare (compress-compare's) are taken there as before.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === "1";

export async function shot(target: Page | Locator, path: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  if ("goto" in target) await target.screenshot({ path, ...opts });
  else await target.screenshot({ path });
}
