import { expect, test } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("member") });

test.describe("the start page is the inbox", () => {
  test("loads the inbox with its folders and list", async ({ page }) => {
    await page.goto("/");
    // The tab's title carries the member's unread count in the inbox.
    const inboxLink = page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: /^Inbox/ });
    await expect(inboxLink).toHaveText(/\d+$/);
    // Read together, since other journeys may read threads meanwhile.
    await expect
      .poll(async () => {
        const count = (await inboxLink.innerText()).match(/(\d+)\s*$/)?.[1];
        return (await page.title()) === `(${count}) Inbox · Team Inbox`;
      })
      .toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: /^Inbox/ })).toBeVisible();
    await expect(page.getByRole("listbox", { name: /conversations$/ }).getByRole("option").first()).toBeVisible();
  });

  test("theme toggle switches the dark class on <html>", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const html = page.locator("html");
    // The default theme is "system", so the emulated scheme decides the class on <html>.
    await expect(html).toHaveClass(/\blight\b/);

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
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Team Inbox");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
    expect(await seriousViolations(page), `axe in ${colorScheme} mode`).toEqual([]);
  }

  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
});
