import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

test.describe("start page", () => {
  test("loads with the product heading", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Team Inbox");
    await expect(page.getByRole("heading", { level: 1, name: "Team Inbox" })).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`has no serious or critical axe violations in ${colorScheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Team Inbox" })).toBeVisible();
      // The default theme is "system", so the emulated scheme decides the class on <html>.
      await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /\blight\b/);

      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("theme toggle switches the dark class on <html>", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/\bdark\b/);

    await page.getByRole("button", { name: "Change theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(html).toHaveClass(/\bdark\b/);

    // The choice survives a reload (next-themes keeps it in localStorage).
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);

    await page.getByRole("button", { name: "Change theme" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeChecked();
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test("raises a toast", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Try a notification" }).click();
    const notifications = page.getByRole("region", { name: /notifications/i });
    await expect(notifications.getByText("Notifications are working")).toBeVisible();

    await notifications.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(notifications.getByText("Notifications are working")).toBeHidden();
  });
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Team Inbox");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Back to the start page" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Team Inbox" })).toBeVisible();
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }));
}
