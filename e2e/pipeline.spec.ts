import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_USERS, seriousViolations, storageStateOf, type DemoRole } from "./helpers";

/** The board's columns, in order: one per status, then No status. */
function columns(page: Page): Locator {
  return page.locator('section[data-testid^="column-"]');
}

async function openBoard(page: Page) {
  await page.goto("/pipeline");
  await boardLoaded(page);
}

async function reloadBoard(page: Page) {
  await page.reload();
  await boardLoaded(page);
}

async function boardLoaded(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Pipeline" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading the pipeline" })).toHaveCount(0);
  await expect(columns(page).first()).toBeVisible();
}

async function columnName(column: Locator): Promise<string> {
  return (await column.getByRole("heading", { level: 2 }).textContent())!.trim();
}

async function cardName(card: Locator): Promise<string> {
  return (await card.getByRole("link").first().textContent())!.trim();
}

/** The status a column stands for (null for No status), from its test ID. */
async function statusOf(column: Locator): Promise<string | null> {
  const key = (await column.getAttribute("data-testid"))!.replace(/^column-/, "");
  return key === "none" ? null : key;
}

/**
 * Puts a contact back in the stage it had, through the API, so a journey leaves the board as it
 * found it: every journey can run in any order and repeatedly without emptying a column.
 */
async function restoreStatus(page: Page, contactId: string, status: string | null) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.patch(`${origin}/api/v2/contacts/${contactId}`, { data: { status }, headers: { origin } });
  expect(response.status(), `restoring ${contactId}`).toBe(200);
}

/** This run's own card of a column: repetitions of a journey running side by side never take the same one. */
function ownCard(column: Locator, end: "first" | "last" = "first"): Locator {
  const cards = column.getByTestId("pipeline-card");
  const index = test.info().repeatEachIndex;
  return end === "first" ? cards.nth(index) : cards.nth(-1 - index);
}

/** A column's count says how many cards it shows (however other journeys move cards meanwhile). */
async function expectCountShown(column: Locator) {
  await expect(async () => {
    expect(Number(await column.getByTestId("column-count").textContent())).toBe(await column.getByTestId("pipeline-card").count());
  }).toPass();
}

/** Picks up a card by its handle with the keyboard, moves it `steps` columns right, and drops it. */
async function moveByKeyboard(page: Page, from: Locator, card: Locator, steps: number) {
  const name = await cardName(card);
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await card.getByRole("button", { name: `Move ${name}`, exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(announcer).toContainText(`Picked up ${name}`);
  const stages = await Promise.all((await columns(page).all()).map(columnName));
  const here = stages.indexOf(await columnName(from));
  for (let i = 1; i <= steps; i += 1) {
    await page.keyboard.press("ArrowRight");
    await expect(announcer).toContainText(`${name} is over ${stages[here + i]}.`);
  }
  await page.keyboard.press("Space");
  await expect(announcer).toContainText(`${name} was moved to`);
}

for (const role of ["manager", "member"] as const satisfies DemoRole[]) {
  test.describe(`the pipeline board, as a ${role}`, () => {
    test.use({ storageState: storageStateOf(role) });

    test("is reached from the navigation and shows a column per stage with its count and total", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: "Pipeline" }).click();
      await expect(page).toHaveURL(/\/pipeline$/);
      await openBoard(page);

      const statuses = ((await (await page.request.get("/api/v2/statuses?limit=100")).json()) as { data: { name: string; position: number }[] }).data;
      const expected = [...statuses].sort((a, b) => a.position - b.position).map((s) => s.name);
      const names = await Promise.all((await columns(page).all()).map(columnName));
      expect(names).toEqual([...expected, "No status"]);

      // Other journeys move cards meanwhile, and the board follows them: compare one consistent picture.
      await expect(async () => {
        let cards = 0;
        for (const column of await columns(page).all()) {
          const count = Number(await column.getByTestId("column-count").textContent());
          expect(await column.getByTestId("pipeline-card").count()).toBe(count);
          expect(await column.getByTestId("column-total").textContent()).toMatch(/\$[\d,]+$/);
          cards += count;
        }
        expect(cards).toBeGreaterThan(0);
        expect(await page.getByTestId("pipeline-summary").textContent()).toMatch(new RegExp(`^${cards} contacts · \\$[\\d,]+$`));
      }).toPass();
    });

    test("moves a card to the next stage with the keyboard, and the stage persists after reload", async ({ page }) => {
      await openBoard(page);
      // Each role moves a card out of its own column, so the two journeys never move the same contact.
      const from = columns(page).nth(role === "manager" ? 0 : 2);
      const to = columns(page).nth(role === "manager" ? 1 : 3);
      const card = ownCard(from);
      const contactId = (await card.getAttribute("data-contact-id"))!;
      const status = await statusOf(from);

      const saved = page.waitForResponse((r) => r.url().includes(`/api/v2/contacts/${contactId}`) && r.request().method() === "PATCH");
      await moveByKeyboard(page, from, card, 1);
      await expect(to.locator(`[data-contact-id="${contactId}"]`)).toBeVisible();
      await expect(from.locator(`[data-contact-id="${contactId}"]`)).toHaveCount(0);
      await expectCountShown(from);
      await expectCountShown(to);
      expect((await saved).status()).toBe(200);

      await reloadBoard(page);
      await expect(to.locator(`[data-contact-id="${contactId}"]`)).toBeVisible();
      await expect(from.locator(`[data-contact-id="${contactId}"]`)).toHaveCount(0);
      await restoreStatus(page, contactId, status);
    });

    test("moves a card with its Move to menu, without dragging", async ({ page }) => {
      await openBoard(page);
      const from = columns(page).nth(role === "manager" ? 4 : 5);
      const card = ownCard(from);
      const contactId = (await card.getAttribute("data-contact-id"))!;
      const status = await statusOf(from);
      const name = await cardName(card);
      const last = columns(page).last();
      await card.getByRole("button", { name: `Move ${name} to another stage` }).click();
      await page.getByRole("menuitem", { name: "No status" }).click();
      await expect(last.locator(`[data-contact-id="${contactId}"]`)).toBeVisible();
      await reloadBoard(page);
      await expect(last.locator(`[data-contact-id="${contactId}"]`)).toBeVisible();
      await restoreStatus(page, contactId, status);
    });

    test("opens a card's latest conversation", async ({ page }) => {
      await openBoard(page);
      // Pin the card by its contact: other journeys move cards between columns meanwhile, and the
      // first card of a column may be another by the time it is clicked.
      const contactId = (await page.getByTestId("pipeline-card").first().getAttribute("data-contact-id"))!;
      const card = page.locator(`[data-testid="pipeline-card"][data-contact-id="${contactId}"]`);
      const name = await cardName(card);
      await card.getByRole("link", { name: `Open the conversation with ${name}` }).click();
      await expect(page).toHaveURL(/\/\?folder=all&thread=[0-9a-z]+$/);
      await expect(page.getByRole("main").getByRole("region", { name: `Conversation with ${name}` })).toBeVisible();
    });

    test("filters by assignee through the URL, kept across a reload", async ({ page }) => {
      await openBoard(page);
      const marcus = DEMO_USERS.manager.name;
      await page.getByRole("button", { name: "Assignee" }).click();
      await page.getByRole("menuitemcheckbox", { name: marcus }).click();
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(/assigneeId=[0-9a-z]+/);

      const check = async () => {
        await expect(page.getByRole("button", { name: "Assignee: 1 chosen" })).toBeVisible();
        const cards = page.getByTestId("pipeline-card");
        const shown = await cards.count();
        for (let i = 0; i < shown; i += 1) await expect(cards.nth(i).getByText(`Assigned to ${marcus}`)).toBeAttached();
      };
      await check();
      await reloadBoard(page);
      await check();

      await page.getByRole("button", { name: "Clear filters" }).click();
      await expect(page).toHaveURL(/\/pipeline$/);
    });

    for (const colorScheme of ["light", "dark"] as const) {
      test(`has no serious axe violations in ${colorScheme} mode`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await openBoard(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe("the pipeline board, as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("puts a refused move back and says why", async ({ page }) => {
    await openBoard(page);
    const from = columns(page).nth(1);
    const card = ownCard(from, "last");
    const contactId = (await card.getAttribute("data-contact-id"))!;
    const name = await cardName(card);
    await page.route(`**/api/v2/contacts/${contactId}`, (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 403, json: { code: "forbidden", message: "Refused for the test.", details: null, requestId: "req_test" } })
        : route.fallback(),
    );
    await moveByKeyboard(page, from, card, 1);
    await expect(page.getByText(new RegExp(`^Couldn't move ${name} to `))).toBeVisible();
    await expect(from.locator(`[data-contact-id="${contactId}"]`)).toBeVisible();
  });

  test("follows another member's change as it happens", async ({ page, browser }) => {
    await openBoard(page);
    const from = columns(page).nth(5);
    const card = ownCard(from, "last");
    const contactId = (await card.getAttribute("data-contact-id"))!;
    const status = await statusOf(from);
    const target = columns(page).nth(4);
    const statusId = (await target.getAttribute("data-testid"))!.replace(/^column-/, "");

    const other = await browser.newContext({ storageState: storageStateOf("member") });
    try {
      const origin = new URL(page.url()).origin;
      const response = await other.request.patch(`${origin}/api/v2/contacts/${contactId}`, { data: { status: statusId }, headers: { origin } });
      expect(response.status()).toBe(200);
    } finally {
      await other.close();
    }
    await expect(target.locator(`[data-contact-id="${contactId}"]`)).toBeVisible();
    await restoreStatus(page, contactId, status);
  });
});
