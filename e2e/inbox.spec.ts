import { expect, test, type Locator, type Page } from "@playwright/test";
import { gotoLiveInbox, seriousViolations, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("member") });

const list = (page: Page) => page.getByRole("listbox", { name: /conversations$/ });
const rows = (page: Page) => list(page).getByRole("option");

test.describe("the inbox", () => {
  test("triage a folder by keyboard only", async ({ page }) => {
    await gotoLiveInbox(page, "/?folder=all");
    await list(page).focus();

    // The first j shows the cursor on the first row; j/k then move it, Enter opens, and the URL names the open thread.
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    // The cursor by its thread (the list's active descendant): other journeys' sends may move rows meanwhile.
    // (Keys pressed before the keyboard's code is in wait for it: the cursor gets there in a moment.)
    const cursorPlace = async () => {
      const id = await list(page).getAttribute("aria-activedescendant");
      return id ? page.locator(`[id="${id}"]`).getAttribute("aria-posinset") : null;
    };
    await expect.poll(cursorPlace).toBe("2");
    const secondId = (await list(page).getAttribute("aria-activedescendant"))!.replace(/^row-/, "");
    const second = list(page).locator(`[data-thread-id="${secondId}"]`);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`thread=${secondId}`));
    await expect(second).toHaveAttribute("aria-selected", "true");

    // With a thread open, j opens the next one.
    await page.keyboard.press("j");
    await expect(page).not.toHaveURL(new RegExp(`thread=${secondId}`));
    const thirdId = new URL(page.url()).searchParams.get("thread")!;
    const third = list(page).locator(`[data-thread-id="${thirdId}"]`);
    await expect(third).toHaveAttribute("aria-selected", "true");
    expect(Number(await third.getAttribute("aria-posinset"))).toBe(Number(await second.getAttribute("aria-posinset")) + 1);

    // u marks it unread again (opening read it).
    await page.keyboard.press("u");
    await expect(page.locator(`[data-thread-id="${thirdId}"]`)).toHaveAttribute("aria-label", /unread/);
    await page.keyboard.press("u");
    await expect(page.locator(`[data-thread-id="${thirdId}"]`)).not.toHaveAttribute("aria-label", /unread/);

    // g n goes to No reply; g i back to the inbox.
    await page.keyboard.press("Escape");
    await page.keyboard.press("g");
    await page.keyboard.press("n");
    await expect(page).toHaveURL(/folder=noReply/);
    await expect(page.getByRole("heading", { level: 1, name: "No reply" })).toBeVisible();
    await page.keyboard.press("g");
    await page.keyboard.press("i");
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();

    // ? shows every shortcut; Escape closes it.
    await page.keyboard.press("Shift+Slash");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeHidden();

    // / focuses the search.
    await page.keyboard.press("/");
    await expect(page.getByLabel("Search conversations")).toBeFocused();
  });

  test("every 'Go to' sequence goes where the sheet says, though its second key is a shortcut of its own", async ({ page }) => {
    await gotoLiveInbox(page, "/");
    // g a is Archived, not Assign; g r is Requests, not Reply.
    for (const [second, folder, heading] of [
      ["n", "noReply", "No reply"],
      ["r", "requests", "Requests"],
      ["a", "archived", "Archived"],
      ["i", null, "Inbox"],
    ] as const) {
      await page.keyboard.press("g");
      await page.keyboard.press(second);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (folder) await expect(page).toHaveURL(new RegExp(`folder=${folder}`));
      else await expect(page).not.toHaveURL(/folder=/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
  });

  test("the focus comes back to the list after a picker, and to the conversation after Esc in the composer", async ({ page }) => {
    await gotoLiveInbox(page, "/?folder=all");
    await rows(page).nth(3).click();
    await expect(page.getByRole("log")).toBeVisible();
    // Nothing focused, as after a click on plain text: a picker opened by its key…
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("a");
    await expect(page.getByRole("dialog", { name: "Assign conversation" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // …gives the focus back to the list, whose cursor row is its active descendant.
    await expect(list(page)).toBeFocused();

    await page.keyboard.press("r");
    await expect(page.locator("#composer")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("log")).toBeFocused();
    // The shortcuts work again from there: Esc closes the conversation.
    await page.keyboard.press("Escape");
    await expect(page).not.toHaveURL(/thread=/);
  });

  test("archive with e: the row leaves at once and the next one takes the cursor", async ({ page }) => {
    await gotoLiveInbox(page, "/");
    // The pointer on the list holds other journeys' changes back: the rows read stay where they are.
    await list(page).hover();
    const firstId = await rows(page).first().getAttribute("data-thread-id");
    const nextId = await rows(page).nth(1).getAttribute("data-thread-id");
    await page.locator(`[data-thread-id="${firstId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`thread=${firstId}`));
    await page.keyboard.press("e");
    await expect(page.locator(`[data-thread-id="${firstId}"]`)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`thread=${nextId}`));
    // The row leaves at once; the toast says the API has it (leaving the page before would cancel the write).
    await expect(page.getByRole("region", { name: /^Notifications/ }).locator("li").filter({ hasText: /^Archived the conversation with / })).toBeVisible();

    // It is in Archived now; unarchive it from there with e.
    await page.goto(`/?folder=archived&thread=${firstId}`);
    await expect(page.locator(`[data-thread-id="${firstId}"]`)).toBeVisible();
    await page.keyboard.press("e");
    await expect(page.locator(`[data-thread-id="${firstId}"]`)).toHaveCount(0);
  });

  test("filters live in the URL: filter by tag and status, reload, keep the view", async ({ page }) => {
    await page.goto("/?folder=all");
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole("button", { name: "Filter conversations" }).click();
    await page.getByRole("menuitem", { name: "Status" }).click();
    // The statuses are in the submenu, the second menu open.
    const status = page.getByRole("menu").nth(1).getByRole("menuitemcheckbox").first();
    const statusName = (await status.textContent())!.trim();
    await status.click();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/status=/);
    // Escape closed the menu and its submenu: the trigger opens it again (a click on an open
    // menu's trigger would close it).
    const filter = page.getByRole("button", { name: "Filter conversations" });
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(filter).toHaveAttribute("aria-expanded", "false");

    await filter.click();
    await expect(filter).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("menuitem", { name: "Tag" }).click();
    const tag = page.getByRole("menu").nth(1).getByRole("menuitemcheckbox").first();
    const tagName = (await tag.textContent())!.trim();
    await tag.click();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/tag=/);

    const chips = page.getByRole("list", { name: "Active filters" });
    await expect(chips.getByText(`Status: ${statusName}`)).toBeVisible();
    await expect(chips.getByText(`Tag: ${tagName}`)).toBeVisible();
    const url = page.url();

    await page.reload();
    expect(page.url()).toBe(url);
    await expect(chips.getByText(`Status: ${statusName}`)).toBeVisible();
    await expect(chips.getByText(`Tag: ${tagName}`)).toBeVisible();

    await chips.getByRole("button", { name: `Remove filter Tag: ${tagName}` }).click();
    await expect(page).not.toHaveURL(/tag=/);
  });

  test("search narrows the list and is kept in the URL", async ({ page }) => {
    await page.goto("/?folder=all");
    const first = rows(page).first();
    await expect(first).toBeVisible();
    const name = (await first.getAttribute("aria-label"))!.split(",")[0]!;
    await page.getByLabel("Search conversations").fill(name);
    await expect(page).toHaveURL(/q=/);
    await expect(rows(page).first()).toHaveAttribute("aria-label", new RegExp(`^${escape(name)}`));
  });

  test("the command palette finds actions and views", async ({ page }) => {
    await page.goto("/");
    await expect(rows(page).first()).toBeVisible();
    await page.keyboard.press("ControlOrMeta+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await expect(palette).toBeVisible();
    await palette.getByRole("combobox", { name: "Command" }).fill("Requests");
    await palette.getByRole("option", { name: /Requests/ }).first().click();
    await expect(page).toHaveURL(/folder=requests/);
  });

  test("assign to self from the keyboard", async ({ page }) => {
    await page.goto("/?unassigned=true");
    await expect(rows(page).first()).toBeVisible();
    const id = await rows(page).first().getAttribute("data-thread-id");
    await rows(page).first().click();
    await page.keyboard.press("a");
    const picker = page.getByRole("dialog", { name: "Assign conversation" });
    await expect(picker).toBeVisible();
    // Members can assign only to themselves: others are disabled.
    await expect(picker.getByRole("option", { name: /Marcus Lee/ })).toHaveAttribute("aria-disabled", "true");
    await picker.getByRole("option", { name: /Sam Rivera/ }).click();
    await expect(page.locator(`[data-thread-id="${id}"]`)).toHaveAttribute("aria-label", /assigned to Sam Rivera/);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`no serious axe violations in ${colorScheme} mode, with a thread open`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/");
      await expect(rows(page).first()).toBeVisible();
      await rows(page).first().click();
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page)).toEqual([]);
      // And with a menu open, its submenu too: the rest of the page stays reachable, not hidden with focusable controls inside.
      await page.getByRole("button", { name: "Filter conversations" }).click();
      await page.getByRole("menuitem", { name: "Tag" }).click();
      await expect(page.getByRole("menu")).toHaveCount(2);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test("a conversation whose code cannot be fetched says so in its pane, keeps the list, and opens with Try again", async ({ page }) => {
  await gotoLiveInbox(page, "/?folder=all");
  // The panes' code is fetched at the first pointer move or key: no move before the click, and every script refused.
  const chunks = /\/_next\/static\/chunks\/.*\.js$/;
  await page.route(chunks, (route) => route.abort());
  await rows(page).nth(1).click();
  const failed = page.getByRole("alert").filter({ hasText: "The conversation couldn't be opened" });
  await expect(failed).toContainText("You appear to be offline");
  await expect(list(page)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Part of the inbox couldn't load." })).toBeVisible();

  await page.unroute(chunks);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.locator("#composer")).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Part of the inbox couldn't load." })).toHaveCount(0);
});

test("a mouse press opens a row before the button is released; a press that selects opens nothing", async ({ page }) => {
  await gotoLiveInbox(page, "/?folder=all");
  // Rows by thread, not by place: other journeys' sends move rows of this shared server's list.
  // A press answers the row it landed on, as the page saw it (a row may move between aim and press).
  await page.evaluate(() => {
    const seen = window as unknown as { pressedRow?: string | null };
    window.addEventListener("pointerdown", (event) => (seen.pressedRow = (event.target as Element).closest("[data-thread-id]")?.getAttribute("data-thread-id") ?? null), true);
  });
  const row = (id: string | null | undefined) => list(page).locator(`[data-thread-id="${id}"]`);
  const pressOn = async (target: Locator) => {
    const box = (await target.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    return page.evaluate(() => (window as unknown as { pressedRow?: string | null }).pressedRow);
  };

  // The next row by thread that no earlier press landed on.
  const rowOtherThan = async (...pressed: (string | null | undefined)[]) => {
    const ids = await rows(page).evaluateAll((options) => options.map((option) => option.getAttribute("data-thread-id")));
    return row(ids.slice(1).find((id) => id && !pressed.includes(id)));
  };

  const secondId = await pressOn(rows(page).nth(1).locator("p").first());
  const second = row(secondId);
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(new RegExp(`thread=${secondId}`));
  await expect(page.locator("[data-thread-history]")).toBeVisible();
  await page.mouse.up();
  await expect(second).toHaveAttribute("aria-selected", "true");

  // A press on a row's checkbox, or with Ctrl held, is a selection: the open thread stays.
  const third = await rowOtherThan(secondId);
  await third.hover();
  const thirdId = await pressOn(third.locator("[data-row-check]"));
  const fourth = await rowOtherThan(secondId, thirdId);
  const aimed = (await fourth.boundingBox())!;
  await page.mouse.up();
  await expect(row(thirdId)).toHaveAttribute("aria-checked", "true");
  // The selection's toolbar comes without moving a row: the next press lands where it was aimed.
  await expect(page.getByRole("toolbar", { name: "Actions on 1 selected conversation" })).toBeVisible();
  expect((await fourth.boundingBox())!.y).toBe(aimed.y);
  await page.keyboard.down("Control");
  const fourthId = await pressOn(fourth);
  await page.mouse.up();
  await page.keyboard.up("Control");
  expect(new Set([secondId, thirdId, fourthId]).size).toBe(3);
  await expect(row(fourthId)).toHaveAttribute("aria-checked", "true");
  await expect(page).toHaveURL(new RegExp(`thread=${secondId}`));
  await expect(second).toHaveAttribute("aria-selected", "true");
});

test("a contact's picture covers their initials once loaded; a picture that fails leaves the initials", async ({ page }) => {
  // The server's HTML carries the pictures themselves, not initials waiting for a script.
  const html = await (await page.request.get("/?folder=all")).text();
  expect(html).toMatch(/<img[^>]*data-slot="avatar-image"/);

  await gotoLiveInbox(page, "/?folder=all");
  // The contact's avatar (the row's checkbox takes its place on hover), not an assignee's.
  const contactAvatar = (row: Locator) => row.locator("[data-row-check] [data-slot=avatar]");
  const pictured = contactAvatar(rows(page).filter({ has: page.locator('[data-row-check] img[data-slot="avatar-image"]') }).first());
  await expect(pictured.locator("img")).toHaveAttribute("data-loaded", "");
  await expect(pictured.locator('[data-slot="avatar-fallback"]')).toBeHidden();

  // Every picture of the next read points at nothing.
  await page.route(/\/api\/v2\/threads\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { profile?: { avatarUrl: string | null } }[] };
    for (const thread of body.data) if (thread.profile?.avatarUrl) thread.profile.avatarUrl = "/no-such-avatar.png";
    await route.fulfill({ response, json: body });
  });
  await gotoLiveInbox(page, "/?folder=all");
  const broken = contactAvatar(rows(page).filter({ has: page.locator('[data-row-check] img[src="/no-such-avatar.png"]') }).first());
  await expect(broken.locator("img")).toHaveAttribute("data-failed", "");
  await expect(broken.locator("img")).toBeHidden();
  await expect(broken.locator('[data-slot="avatar-fallback"]')).toBeVisible();
  await expect(broken.locator('[data-slot="avatar-fallback"]')).toHaveText(/^[A-Z?@]{1,2}$/);
  // Reads still on their way when the page closes are no error.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("one pane at a time, with back navigation", async ({ page }) => {
    await gotoLiveInbox(page, "/");
    await rows(page).first().click();
    await expect(list(page)).toBeHidden();
    await page.getByRole("button", { name: "Back to the list" }).click();
    await expect(list(page)).toBeVisible();

    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("dialog", { name: "Navigation" }).getByRole("link", { name: /No reply/ }).click();
    await expect(page).toHaveURL(/folder=noReply/);
    await expect(page.getByRole("heading", { level: 1, name: "No reply" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
