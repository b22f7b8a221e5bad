import { expect, test, type Page } from "@playwright/test";
import { gotoLiveInbox, storageStateOf } from "./helpers";

/**
 * The inbox's first paint draws its menus' and tooltips' triggers without radix's code, which
 * comes at the first pointer move or key (components/ui/later, issue 18). Whatever a person
 * does first still works: a click or a key on a menu's trigger opens the menu once the code is
 * here, focus stays where it was when the real controls take the triggers' place, and the
 * tooltips show.
 */
test.use({ storageState: storageStateOf("manager"), viewport: { width: 1440, height: 900 } });

const laterCodeIn = (page: Page) => expect(page.getByRole("button", { name: "Sign out" })).toHaveAttribute("data-slot", "tooltip-trigger");

test("the first click on the filter menu, before its code is here, opens it", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await gotoLiveInbox(page, "/?folder=all");
  // From now on the later code's chunks wait until the click has been made.
  await page.route(/\/_next\/static\/chunks\/.+\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  const trigger = page.getByRole("button", { name: "Filter conversations" });
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await trigger.click();
  await expect(page.getByRole("menu")).toHaveCount(0);
  release();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitemcheckbox", { name: "Oldest first" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test("a menu whose code could not be fetched leaves its trigger, and the banner's Reload brings it", async ({ page }) => {
  await gotoLiveInbox(page, "/?folder=all");
  // The connection drops as the later code is asked for (the first pointer move), then comes back.
  const chunks = /\/_next\/static\/chunks\/.+\.js(\?.*)?$/;
  let refused = 0;
  await page.route(chunks, (route) => {
    refused++;
    return route.abort();
  });
  await page.mouse.move(600, 400);
  const banner = page.getByRole("status").filter({ hasText: "Part of the inbox couldn't load." });
  await expect(banner).toBeVisible();
  // The banner comes with the first failure; chunks that others ask for once they run are asked a
  // moment later. The connection comes back only when no chunk has been asked for in half a second.
  let before = -1;
  await expect
    .poll(
      () => {
        const quiet = refused === before;
        before = refused;
        return quiet;
      },
      { intervals: [500] },
    )
    .toBe(true);
  await page.unroute(chunks);
  const trigger = page.getByRole("button", { name: "Filter conversations" });
  await trigger.click();
  await expect(page.getByRole("menu")).toHaveCount(0);
  await banner.getByRole("button", { name: "Reload" }).click();
  await expect(banner).toHaveCount(0);
  await trigger.click();
  await expect(page.getByRole("menu").getByRole("menuitemcheckbox", { name: "Oldest first" })).toBeVisible();
  await expect(page).toHaveURL(/folder=all/);
});

test("Enter on the theme menu's trigger, the page's first key, opens it and Escape comes back", async ({ page }) => {
  await gotoLiveInbox(page, "/?folder=all");
  const trigger = page.getByRole("button", { name: "Change theme" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(page.locator(":focus")).toHaveAttribute("role", /menu/);
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test("a focused control keeps focus when its tooltip's code takes its place, and the tooltips show", async ({ page }) => {
  await gotoLiveInbox(page, "/?folder=all");
  const signOut = page.getByRole("button", { name: "Sign out" });
  await signOut.focus();
  await page.keyboard.press("Shift");
  await laterCodeIn(page);
  await expect(signOut).toBeFocused();
  await expect(page.getByRole("tooltip")).toHaveText("Sign out");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  await page.getByRole("link", { name: "Settings" }).hover();
  await expect(page.getByRole("tooltip").filter({ hasText: "Settings" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Select all conversations in view" }).hover();
  await expect(page.getByRole("tooltip").filter({ hasText: "Select all conversations in view" })).toBeVisible();
});
