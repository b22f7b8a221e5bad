import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("member") });

/**
 * The seed's "Salesforce" is only ever said in one reply ("…we integrate with HubSpot and
 * Salesforce."), and in most threads that have it, it is not the latest message: the
 * conversation search (`q`: names, handles, the latest message) cannot find those.
 */
const WORD = "Salesforce";

type Hit = { messageId: string; threadId: string; author: string | null; thread: { lastMessage: { preview: string | null } | null; profile?: { displayName: string | null } } };
type SearchPage = { data: Hit[]; pending: number };

/** What the search answers once every conversation it covers has been read into the index. */
async function settledSearch(request: APIRequestContext, q: string): Promise<SearchPage> {
  let answer: SearchPage = { data: [], pending: 1 };
  await expect
    .poll(async () => {
      answer = (await (await request.get(`/api/inbox/search?q=${encodeURIComponent(q)}&limit=50`)).json()) as SearchPage;
      return answer.pending;
    }, { timeout: 45_000 })
    .toBe(0);
  return answer;
}

async function searchBox(page: Page) {
  const box = page.getByRole("searchbox", { name: /^Search (conversations|messages)$/ });
  await expect(box).toBeVisible();
  return box;
}

test("finds a word said in an older message, marks it, and opens the thread at that message", async ({ page }) => {
  await page.goto("/?folder=all");
  const box = await searchBox(page);
  await box.fill(WORD.toLowerCase());
  // The box offers message search for what was typed; a click (or ↓ Enter) runs it.
  const offer = page.getByRole("button", { name: `Search messages for “${WORD.toLowerCase()}”` });
  await expect(offer).toBeVisible();
  await box.press("ArrowDown");
  await expect(offer).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/searchIn=messages/);
  const results = page.getByRole("list", { name: `Messages “${WORD.toLowerCase()}”` });

  // A hit in an older message of its thread: the thread's latest message says something else.
  const { data } = await settledSearch(page.request, WORD.toLowerCase());
  const older = data.find((hit) => !(hit.thread.lastMessage?.preview ?? "").toLowerCase().includes(WORD.toLowerCase()));
  expect(older, "the seed has the word in an older message").toBeDefined();
  const row = results.locator(`[data-message-hit="${older!.messageId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.locator("mark")).toHaveText(WORD);
  await expect(row).toContainText(older!.thread.profile?.displayName ?? "");

  const shot = test.info().outputPath("message-search-results.png");
  await page.screenshot({ path: shot });
  await test.info().attach("message search results", { path: shot, contentType: "image/png" });

  // Arrows move through the hits, Enter opens one: the thread shows that message, marked and in view.
  await results.locator("[data-message-hit]").first().focus();
  const rows = results.locator("[data-message-hit]");
  const index = await rows.evaluateAll((els, id) => els.findIndex((el) => el.getAttribute("data-message-hit") === id), older!.messageId);
  for (let i = 0; i < index; i++) await page.keyboard.press("ArrowDown");
  await expect(row).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`thread=${older!.threadId}`));
  const message = page.locator(`[data-message-id="${older!.messageId}"]`);
  await expect(message).toHaveAttribute("data-search-hit", "true");
  await expect(message).toContainText(WORD);
  await expect(message).toBeInViewport();
  await expect(row).toHaveAttribute("aria-current", "true");

  const opened = test.info().outputPath("message-search-opened.png");
  await page.screenshot({ path: opened });
  await test.info().attach("the thread opened at the hit", { path: opened, contentType: "image/png" });
  expect(await seriousViolations(page)).toEqual([]);

  // Escape goes back to the search box; Escape there leaves message search for the conversations.
  await row.focus();
  await page.keyboard.press("Escape");
  await expect(box).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page).not.toHaveURL(/searchIn=messages/);
  await expect(page.getByRole("listbox", { name: /conversations$/ })).toBeVisible();
});

test("operators narrow a search, and a malformed one says how to write it", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  const { data } = await settledSearch(page.request, WORD.toLowerCase());
  const author = data.find((hit) => hit.author)?.author;
  expect(author, "a hit names who wrote it").toBeTruthy();

  await page.goto("/?folder=all");
  const box = await searchBox(page);
  // An operator takes Enter straight to message search: only it understands them.
  await box.fill(`${WORD.toLowerCase()} from:"${author}"`);
  await box.press("Enter");
  await expect(page).toHaveURL(/searchIn=messages/);
  const results = page.getByRole("list", { name: `Messages “${WORD.toLowerCase()}”, from ${author}` });
  await expect(results.locator("[data-message-hit]").first()).toBeVisible();
  const expected = data.filter((hit) => hit.author === author).length;
  await expect(results.locator("[data-message-hit]")).toHaveCount(Math.min(expected, 20));
  for (const text of await results.locator("[data-message-hit]").allInnerTexts()) expect(text).toContain(author!);
  await expect(page.getByText("Narrow it with")).toBeVisible();
  const shot = test.info().outputPath("message-search-operators-dark.png");
  await page.screenshot({ path: shot });
  await test.info().attach("an operator query, dark mode", { path: shot, contentType: "image/png" });

  await box.fill(`${WORD.toLowerCase()} before:2000-01-01`);
  await box.press("Enter");
  await expect(page.getByText(`No messages match “${WORD.toLowerCase()}”, before 2000-01-01`)).toBeVisible();

  await box.fill(`${WORD.toLowerCase()} before:yesterday`);
  await box.press("Enter");
  await expect(page.locator("[data-message-results]").getByRole("alert")).toContainText("before: needs a date like 2026-11-01");
  expect(await seriousViolations(page)).toEqual([]);
});

test("the command palette finds messages too, and opens one at its message", async ({ page }) => {
  await settledSearch(page.request, WORD.toLowerCase());
  await page.goto("/?folder=all");
  await searchBox(page);
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox", { name: "Command" }).fill(WORD.toLowerCase());
  const group = palette.getByRole("group", { name: "Messages" });
  await expect(group.getByRole("option", { name: new RegExp(`Search messages for “${WORD.toLowerCase()}”`) })).toBeVisible();
  const option = group.getByRole("option").filter({ has: page.locator("mark", { hasText: WORD }) }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(palette).toBeHidden();
  await expect(page.locator("[data-search-hit]")).toContainText(WORD);
  await expect(page.locator("[data-search-hit]")).toBeInViewport();
});
