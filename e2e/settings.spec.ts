import { expect, test } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";

test.describe("settings, as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("the team page shows the team, the request quota and the webhook endpoint", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings\/team$/);
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    await expect(page.getByText("Acme Growth")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Request quota" })).toBeVisible();
    await expect(page.getByText(/^\d[\d,]* of \d[\d,]*$/)).toBeVisible();
    await expect(page.getByLabel("Webhook endpoint")).toHaveValue(/\/api\/webhooks$/);
    await expect(page.getByText(/Events arrive by (webhook|replay)/)).toBeVisible();
  });

  test("the platforms page is a capability matrix with limits and windows", async ({ page }) => {
    await page.goto("/settings/platforms");
    const matrix = page.getByRole("table", { name: "Which platform allows what" });
    await expect(matrix.getByRole("columnheader", { name: "Edit messages" })).toBeVisible();
    expect(await matrix.getByRole("row").count()).toBeGreaterThanOrEqual(5);
    const limits = page.getByRole("table", { name: /Message length/ });
    await expect(limits.getByText("15 minutes").first()).toBeVisible();
    await expect(limits.getByText("Not allowed").first()).toBeVisible();
  });

  test("the account links page says where each account stands and what it lacks", async ({ page }) => {
    await page.goto("/settings/accounts");
    const accounts = page.getByRole("list", { name: "Account links" });
    await expect(accounts.getByText("Offline — reconnect it in the service's dashboard")).toBeVisible();
    await expect(accounts.getByText(/^Paused \(.+\) — resume it in the service's dashboard$/)).toBeVisible();
    await expect(accounts.getByText(/^Narrowed below .+: this account can't/)).toBeVisible();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`no serious axe violations on the settings pages in ${colorScheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      for (const path of ["/settings/team", "/settings/platforms", "/settings/accounts"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  }
});

test.describe("settings, as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("the team page leaves the quota to managers", async ({ page }) => {
    await page.goto("/settings/team");
    await expect(page.getByText("Acme Growth")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Request quota" })).toHaveCount(0);
    await expect(page.getByText("Managers and admins also see the team's request quota")).toBeVisible();
  });
});
