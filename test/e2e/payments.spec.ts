import { expect, test } from "./fixtures";

test("without Stripe keys the donation card says the payment provider needs configuring", async ({ page }) => {
  await page.goto("/donate");
  const card = page.getByTestId("donation-card-disabled");
  await expect(card).toBeVisible();
  await expect(card).toContainText("needs configuring");
  await expect(card.getByRole("button", { name: "Donate" })).toBeDisabled();
});

test.describe("with Stripe configured", () => {
  test("quick amounts, the custom amount's rules, and checkout in a new tab", async ({ page, configured }) => {
    await page.goto(`${configured}/`);
    const card = page.getByTestId("donation-card");
    await expect(card).toBeVisible();
    const submit = card.getByTestId("donate-submit");
    await expect(submit).toHaveText("Donate $5");
    for (const amount of [3, 10, 25]) {
      await card.getByRole("button", { name: `$${amount}`, exact: true }).click();
      await expect(submit).toHaveText(`Donate $${amount}`);
    }
    const custom = card.getByLabel("Custom amount (USD)");
    await expect(custom).toHaveAttribute("step", "0.01");
    await expect(custom).toHaveAttribute("min", "1");
    await expect(custom).toHaveAttribute("max", "1000");
    await custom.fill("0.5");
    await custom.blur();
    await expect(card.getByText("Amount must be at least $1")).toBeVisible();
    await custom.fill("1000.01");
    await expect(card.getByText("Amount cannot exceed $1000")).toBeVisible();
    await custom.fill("7.25");
    await expect(submit).toHaveText("Donate $7.25");
    await card.getByPlaceholder("Say thanks, or tell us what to build next").fill("Merci!");
    const [checkout] = await Promise.all([page.waitForEvent("popup"), submit.click()]);
    await expect(page.getByText("Payment Window Opened")).toBeVisible();
    expect(checkout.url()).toContain("/checkout/cs_test_");
  });

  test("the thank-you state after returning from Checkout", async ({ page, configured }) => {
    await page.goto(`${configured}/donate?donation=success&session_id=cs_test_1`);
    await expect(page.getByTestId("donation-thanks")).toContainText("Thank you for the coffee!");
  });
});
