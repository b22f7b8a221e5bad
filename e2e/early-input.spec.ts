import { expect, test, type Page } from "@playwright/test";
import { gotoLiveInbox, storageStateOf } from "./helpers";

/**
 * The inbox comes in the server's HTML and paints before its scripts run (issue 23 item 9).
 * What the person does meanwhile is not lost: a row clicked and keys pressed happen once the
 * page is live, in order, and the controls that could not act yet are disabled until then.
 * The keyboard's own code comes later still, at the first sign of work (issue 18): keys pressed
 * on the live page before it is here are replayed too, after the clicks React already took.
 */
test.use({ storageState: storageStateOf("member"), viewport: { width: 1440, height: 900 } });

const list = (page: Page) => page.getByRole("listbox", { name: /conversations$/ });
const rows = (page: Page) => list(page).getByRole("option");

/** Holds the page's scripts back until `release()`: the window between the first paint and hydration, made long. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.+\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a row clicked and a key pressed before the page is live happen once it is", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/?folder=all", { waitUntil: "commit" });
  await expect(rows(page).nth(3)).toBeVisible();
  const ids = await rows(page).evaluateAll((options) => options.slice(0, 3).map((o) => o.getAttribute("data-thread-id")));
  const search = page.getByRole("searchbox", { name: "Search conversations" });
  await expect(search, "a field that could not take the text yet").toBeDisabled();

  // Opens the second row, then j (with a thread open, the next one).
  await rows(page).nth(1).click();
  await page.keyboard.press("j");
  await expect(page).not.toHaveURL(/thread=/);

  release();
  // The row after the clicked one in the live list: a send between the server's HTML and the page going live may have moved rows.
  await expect(page).toHaveURL(/thread=/);
  const next = await rows(page).evaluateAll((options, clicked) => {
    const live = options.map((o) => o.getAttribute("data-thread-id"));
    return live[live.indexOf(clicked) + 1];
  }, ids[1]);
  expect(next).toBeTruthy();
  await expect(page).toHaveURL(new RegExp(`thread=${next}`));
  await expect(page.locator(`[data-thread-id="${next}"]`)).toHaveAttribute("aria-selected", "true");
  await expect(search).toBeEnabled();
});

test("keys pressed before the page is live run in order: a two-key sequence goes where it says", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/?folder=all", { waitUntil: "commit" });
  await expect(rows(page).first()).toBeVisible();

  // g a goes to Archived; nothing happens before the scripts run.
  await page.keyboard.press("g");
  await page.keyboard.press("a");
  await expect(page).not.toHaveURL(/folder=archived/);

  release();
  await expect(page).toHaveURL(/folder=archived/);
  await expect(list(page)).toHaveAccessibleName(/^Archived/);
});

test("keys pressed on the live page before the keyboard's code is here act once it lands, after the click React took", async ({ page }) => {
  await gotoLiveInbox(page, "/?folder=all");
  const ids = await rows(page).evaluateAll((options) => options.slice(0, 3).map((o) => o.getAttribute("data-thread-id")));
  // From now on chunks (the keyboard's, fetched at the first pointer move or key) wait.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.+\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });

  // The click is React's at once; j waits for the keyboard, then opens the row after it.
  await rows(page).nth(0).click();
  await expect(page).toHaveURL(new RegExp(`thread=${ids[0]}`));
  await list(page).focus();
  await page.keyboard.press("j");
  await page.waitForTimeout(300);
  await expect(page, "j has no code to act with yet").toHaveURL(new RegExp(`thread=${ids[0]}`));

  release();
  await expect(page).toHaveURL(new RegExp(`thread=${ids[1]}`));
  await expect(page.locator(`[data-thread-id="${ids[1]}"]`)).toHaveAttribute("aria-selected", "true");
  // From then on keys act at once.
  await list(page).focus();
  await page.keyboard.press("j");
  await expect(page).toHaveURL(new RegExp(`thread=${ids[2]}`));
});
