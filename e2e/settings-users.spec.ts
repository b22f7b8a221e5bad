import { expect, test, type Page } from "@playwright/test";
import { DEMO_USERS, recordNotifications, sandboxControl, seriousViolations, storageStateOf } from "./helpers";

const row = (page: Page, name: string) => page.getByRole("list", { name: "Users" }).getByRole("group", { name, exact: true });

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: /sign in/i }).click();
}

test.describe("users, as an admin", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("add a user who signs in, change their role, reset their password and remove them", async ({ page, browser }) => {
    // Two browsers, two sign-ins and three password hashes: a long journey on two busy cores.
    test.slow();
    // Her own name and email, so repetitions of this journey (--repeat-each) never meet.
    const tag = Date.now().toString(36);
    const email = `dana.${tag}@acme.test`;
    const name = `Dana Quinn ${tag}`;
    await page.goto("/settings/users");
    await page.getByRole("button", { name: "Add user" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a user" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Email").fill(DEMO_USERS.member.email);
    await dialog.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Manager" }).click();
    const password = await dialog.getByRole("textbox", { name: "Password" }).inputValue();
    expect(password).toMatch(/^\S{4}-\S{4}-\S{4}-\S{4}$/);

    // A taken email is refused beside the field, and nothing typed is lost.
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog.getByText("A user with that email already exists.")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue(name);

    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Add user" }).click();
    const added = page.getByRole("dialog", { name: `${name} can sign in` });
    await expect(added.getByLabel("The new password")).toHaveText(password);
    await added.getByRole("button", { name: "Done" }).click();
    await expect(row(page, name).getByRole("combobox", { name: `Role of ${name}` })).toHaveText("Manager");

    // Dana signs in elsewhere with the password she was given.
    const dana = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await signIn(dana, email, password);
    await expect(dana).toHaveURL(/\/(\?.*)?$/);

    await row(page, name).getByRole("combobox", { name: `Role of ${name}` }).click();
    await page.getByRole("option", { name: "Member" }).click();
    await page.reload();
    await expect(row(page, name).getByRole("combobox", { name: `Role of ${name}` })).toHaveText("Member");

    // A new password ends her sessions at once.
    await row(page, name).getByRole("button", { name: `More for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Reset password…" }).click();
    const reset = page.getByRole("dialog", { name: `Reset ${name}'s password` });
    await reset.getByRole("button", { name: "Set password" }).click();
    const second = await reset.getByLabel("The new password").textContent();
    expect(second).not.toBe(password);
    await reset.getByRole("button", { name: "Done" }).click();
    await dana.reload();
    await expect(dana).toHaveURL(/\/login/);
    await signIn(dana, email, second!);
    await expect(dana).not.toHaveURL(/\/login/);

    await row(page, name).getByRole("button", { name: `More for ${name}` }).click();
    await page.getByRole("menuitem", { name: "Remove…" }).click();
    await page.getByRole("alertdialog", { name: `Remove ${name}?` }).getByRole("button", { name: "Remove user" }).click();
    await expect(row(page, name)).toHaveCount(0);
    await dana.reload();
    await expect(dana).toHaveURL(/\/login/);
    await dana.close();
  });

  test("an admin's own role and removal are left to another admin, with the reason", async ({ page }) => {
    await page.goto("/settings/users");
    const self = row(page, DEMO_USERS.admin.name);
    await expect(self.getByRole("combobox")).toHaveCount(1); // the member link only
    await self.getByText("Admin", { exact: true }).hover();
    await expect(page.getByRole("tooltip")).toHaveText("You can't change your own role: ask another admin.");
    await self.getByRole("button", { name: `More for ${DEMO_USERS.admin.name}` }).click();
    await expect(page.getByRole("menuitem", { name: "Remove (ask another admin)" })).toBeDisabled();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`no serious axe violations on users and notifications in ${colorScheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      for (const path of ["/settings/users", "/settings/notifications"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  }
});

test.describe("users, as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("reads the list but changes nothing, and the server refuses a direct call", async ({ page }) => {
    await page.goto("/settings/users");
    await expect(page.getByRole("note")).toContainText("Only admins can add, change or remove users.");
    await expect(row(page, DEMO_USERS.admin.name)).toContainText("Admin");
    await expect(page.getByRole("button", { name: "Add user" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Users" }).getByRole("combobox")).toHaveCount(0);

    const origin = new URL(page.url()).origin;
    const direct = await page.request.post("/api/inbox/users", {
      headers: { origin },
      data: { email: "sneaky@acme.test", name: "Sneaky", password: "long-enough-pw", role: "admin" },
    });
    expect(direct.status()).toBe(403);
    expect(await direct.json()).toMatchObject({ code: "forbidden" });
  });
});

test.describe("notifications, as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("asks nothing on load, and keeps the member's choice on the server", async ({ page }) => {
    await page.goto("/settings/notifications");
    await expect(page.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
    const others = page.getByRole("checkbox", { name: /Assigned to others/ });
    await others.check();
    await page.reload();
    await expect(others).toBeChecked();
    await others.uncheck();
    await page.reload();
    await expect(others).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Assigned to me/ })).toBeChecked();
  });
});

// Apart from the journey above, which changes the member's own choices meanwhile.
test.describe("notifications, as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("a new inbound message raises a browser notification that opens its conversation", async ({ page, context }) => {
    await recordNotifications(context);
    await page.goto("/settings/notifications");
    await expect(page.getByText("Notifications are on in this browser.")).toBeVisible();
    for (const scope of [/Assigned to me/, /Unassigned/, /Assigned to others/]) await page.getByRole("checkbox", { name: scope }).check();
    // Saved before the page goes: a navigation cancels a save still in flight.
    await expect
      .poll(async () => ((await (await page.request.get("/api/inbox/preferences")).json()) as { notifications: unknown }).notifications)
      .toEqual({ assignedToMe: true, unassigned: true, others: true });

    // The message goes in once the tab's event stream is open: a stream hears what happens from then on.
    const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events" && response.ok());
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Inbox" })).toBeVisible();
    await streamOpen;
    // One from the middle of the inbox: the other journeys work on the newest and (bulk) the oldest.
    const threads = (await (await page.request.get("/api/v2/threads?folder=inbox&limit=100")).json()) as { data: { id: string }[] };
    const threadId = threads.data[Math.floor(threads.data.length / 2)]!.id;
    const content = `Is it still for sale? ${Date.now().toString(36)}`;
    await sandboxControl("POST", "/inbound", { threadId, content });

    await expect.poll(() => page.evaluate(() => (window as unknown as { shown: { body?: string }[] }).shown.map((n) => n.body))).toContain(content);
    await page.evaluate((text) => (window as unknown as { shown: { body?: string; onclick: () => void }[] }).shown.find((n) => n.body === text)!.onclick(), content);
    await expect(page).toHaveURL(new RegExp(`thread=${threadId}`));
  });
});
