import { expect, test } from "@playwright/test";
import { storageStateOf } from "./helpers";

test.describe("as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("sees how much of the team's request quota is left", async ({ page }) => {
    await page.goto("/?folder=all");
    const meter = page.getByRole("group", { name: /^Request quota: \d[\d,]* of \d[\d,]* left$/ });
    await expect(meter).toBeVisible();
    await meter.focus();
    await expect(page.getByRole("tooltip")).toContainText("Shared by every member");
  });
});

test.describe("as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("does not see the quota, and the server refuses it", async ({ page }) => {
    await page.goto("/?folder=all");
    await expect(page.getByRole("listbox", { name: /conversations$/ }).getByRole("option").first()).toBeVisible();
    await expect(page.getByRole("group", { name: /^Request quota/ })).toHaveCount(0);
    const response = await page.request.get("/api/inbox/status");
    expect(response.status()).toBe(403);
    const body = await response.json();
    expect(body).toMatchObject({ code: "forbidden", message: "Only managers and admins can see the team's request quota." });
    expect(body.requestId).toEqual(expect.any(String));
  });
});
