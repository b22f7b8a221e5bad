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
    // Who sees what is the admins' to choose; a member reads it.
    const everything = page.getByRole("radio", { name: /Every conversation/ });
    await expect(everything).toBeChecked();
    await expect(everything).toBeDisabled();
    await expect(page.getByText("Only admins change this.")).toBeVisible();
  });
});

test.describe("the activity log", () => {
  test.describe(() => {
    test.use({ storageState: storageStateOf("manager") });

    test("managers see who did what, filter it, and export it", async ({ page }) => {
      await page.goto("/settings/activity");
      const origin = new URL(page.url()).origin;
      // Something to find: the manager archives a conversation and brings it back.
      const threads = ((await (await page.request.get("/api/v2/threads?folder=inbox&limit=1")).json()) as { data: { id: string }[] }).data;
      for (const archived of [true, false]) {
        const response = await page.request.patch(`/api/v2/threads/${threads[0]!.id}`, { data: { archived }, headers: { origin } });
        expect(response.ok()).toBe(true);
      }

      await page.goto("/settings/activity?action=threads.update");
      const log = page.getByRole("list", { name: "Activity" });
      await expect(log.getByText("Marcus Lee archived the conversation").first()).toBeVisible();
      await expect(log.getByText("Marcus Lee unarchived the conversation").first()).toBeVisible();

      await page.getByRole("combobox", { name: "Member" }).click();
      await page.getByRole("option", { name: "Marcus Lee" }).click();
      await expect(page).toHaveURL(/member=/);
      await expect(log.getByRole("listitem").first()).toContainText("Marcus Lee");
      expect(await log.getByRole("listitem").filter({ hasNotText: "Marcus Lee" }).count()).toBe(0);

      const href = (await page.getByRole("link", { name: "Export CSV" }).getAttribute("href"))!;
      expect(href).toContain("format=csv");
      const csv = await page.request.get(href);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      expect(await csv.text()).toMatch(/^time,member,memberId,action/);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test.describe(() => {
    test.use({ storageState: storageStateOf("member") });

    test("members are told it is for managers, and refused by the server", async ({ page }) => {
      await page.goto("/settings/activity");
      await expect(page.getByText("Only managers and admins can see the team's whole activity.")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Activity log" })).toHaveCount(0);
      expect((await page.request.get("/api/inbox/activity")).status()).toBe(403);
    });
  });
});

test.describe("the workload page", () => {
  test.describe(() => {
    test.use({ storageState: storageStateOf("manager") });

    test("managers see each member's and account's load, and open a member's queue from it", async ({ page }) => {
      await page.goto("/settings/workload");
      const members = page.getByRole("table", { name: /^Members:/ });
      await expect(members.getByRole("rowheader", { name: "Unassigned" })).toBeVisible();
      await expect(members.getByRole("rowheader", { name: "Marcus Lee" })).toBeVisible();
      await expect(page.getByRole("table", { name: /^Account links:/ }).getByRole("rowheader", { name: /Acme on LinkedIn/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await members.getByRole("link", { name: "Unassigned" }).click();
      await expect(page).toHaveURL(/unassigned=true/);
      await expect(page.getByRole("heading", { level: 1, name: "Unassigned" })).toBeVisible();
    });
  });

  test.describe(() => {
    test.use({ storageState: storageStateOf("member") });

    test("members are told it is for managers, and refused by the server", async ({ page }) => {
      await page.goto("/settings/workload");
      await expect(page.getByText("Only managers and admins can see the team's workload.")).toBeVisible();
      expect((await page.request.get("/api/inbox/workload")).status()).toBe(403);
    });
  });
});
