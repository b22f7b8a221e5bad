import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("member") });

type Link = { id: string; status: string; capabilities: string[] };
type Platform = { platform: string; capabilities: string[] };
type ThreadRow = { id: string; accountLinkId: string; restrictions: string[] };
type MessageRow = { id: string; direction: string; content: string | null; deletedAt: string | null; sentAt: string; reactions: { emoji: string }[] };

/**
 * A thread whose account may react, and its newest message that can take a reaction (shown
 * when the thread opens). From the end of the ID order, away from the journeys that send
 * into the first threads; each repetition of a journey gets its own thread.
 */
async function reactableMessage(request: APIRequestContext, skip: number) {
  const links = ((await (await request.get("/api/v2/account-links?limit=100")).json()) as { data: (Link & { platform: string })[] }).data;
  const platforms = (await (await request.get("/api/v2/platforms")).json()) as Platform[];
  const threads = ((await (await request.get("/api/v2/threads?folder=all&limit=100")).json()) as { data: ThreadRow[] }).data;
  const fitting = threads
    .filter((thread) => {
      const link = links.find((l) => l.id === thread.accountLinkId);
      const platform = platforms.find((p) => p.platform === link?.platform);
      return link?.status === "active" && link.capabilities.includes("message:react") && platform?.capabilities.includes("message:react") && !thread.restrictions.includes("message:react");
    })
    .sort((a, b) => b.id.localeCompare(a.id));
  for (const thread of fitting.slice(skip)) {
    const messages = ((await (await request.get(`/api/v2/threads/${thread.id}/messages?limit=20`)).json()) as { data: MessageRow[] }).data;
    const newest = messages
      .filter((m) => m.deletedAt === null && m.content && !m.reactions.some((r) => r.emoji === "🚀"))
      .sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0];
    if (newest) return { thread, message: newest };
  }
  throw new Error("The seed has no message the member can react to");
}

const reactButton = (message: Locator) => message.getByRole("button", { name: "React", exact: true });
const rocketChip = (message: Locator) => message.getByRole("list", { name: "Reactions" }).getByRole("button", { name: /^🚀 / });

test("react with any emoji from the full picker, by keyboard, and take it back", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  const { thread, message: target } = await reactableMessage(page.request, 2 * test.info().repeatEachIndex);
  await page.goto(`/?folder=all&thread=${thread.id}`);
  const message = page.locator(`[data-message-id="${target.id}"]`);
  await expect(message).toBeVisible();
  await expect(rocketChip(message)).toHaveCount(0);

  // The quick row first, then the full picker, its search focused.
  await message.hover();
  await reactButton(message).click();
  const popover = page.getByRole("dialog", { name: "Add a reaction" });
  await expect(popover.getByRole("group", { name: "Quick reactions" }).getByRole("button", { name: "Thumbs up" })).toBeVisible();
  await popover.getByRole("button", { name: "More reactions" }).click();
  const search = popover.getByRole("searchbox", { name: "Search emoji" });
  await expect(search).toBeFocused();
  // The emoji data comes from the inbox itself (no CDN): the list fills.
  await expect(popover.getByRole("gridcell", { name: "Grinning face", exact: true })).toBeVisible();
  const shot = test.info().outputPath("emoji-picker-dark.png");
  await page.screenshot({ path: shot });
  await test.info().attach("emoji picker, dark mode", { path: shot, contentType: "image/png" });
  expect(await seriousViolations(page)).toEqual([]);

  // Search, move to the rocket with the arrows (the astronauts, tagged "rocket", come first), Enter.
  // The picker computes each search's results when the page is idle and puts its cursor back on
  // the first result then: the word goes in at once, so no earlier letter's results land after an
  // arrow. The pointer leaves the grid, where a cell sliding under it would take the cursor.
  await page.mouse.move(0, 0);
  await search.fill("rocket");
  await expect(popover.getByRole("gridcell", { name: "Astronaut", exact: true })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(popover.getByRole("gridcell", { name: "Rocket", exact: true })).toHaveAttribute("aria-selected", "true");
  // The chip shows at once (optimistic): the page is reloaded only once the API has the reaction.
  const added = page.waitForResponse((response) => response.request().method() === "POST" && /\/reactions$/.test(new URL(response.url()).pathname));
  await page.keyboard.press("Enter");
  await expect(popover).toBeHidden();
  await expect(reactButton(message)).toBeFocused();
  await expect(rocketChip(message)).toHaveAttribute("aria-pressed", "true");
  expect((await added).ok()).toBe(true);

  // Kept by the API, and remembered as a recent reaction: first in the quick row, marked as ours.
  await page.reload();
  await expect(rocketChip(message)).toHaveAttribute("aria-pressed", "true");
  await message.hover();
  await reactButton(message).click();
  const quick = popover.getByRole("group", { name: "Quick reactions" }).getByRole("button");
  await expect(quick.first()).toHaveAccessibleName("Rocket: remove your reaction");
  await expect(quick.first()).toHaveAttribute("aria-pressed", "true");
  const removed = page.waitForResponse((response) => response.request().method() === "DELETE" && /\/reactions$/.test(new URL(response.url()).pathname));
  await quick.first().click();
  await expect(rocketChip(message)).toHaveCount(0);
  expect((await removed).ok()).toBe(true);
  await page.reload();
  await expect(message).toBeVisible();
  await expect(rocketChip(message)).toHaveCount(0);
});

test("the full picker closes with Escape, back to the message's React button, and passes axe in light mode", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  const { thread, message: target } = await reactableMessage(page.request, 2 * test.info().repeatEachIndex + 1);
  await page.goto(`/?folder=all&thread=${thread.id}`);
  const message = page.locator(`[data-message-id="${target.id}"]`);
  await message.hover();
  await reactButton(message).click();
  const popover = page.getByRole("dialog", { name: "Add a reaction" });
  await popover.getByRole("button", { name: "More reactions" }).click();
  await expect(popover.getByRole("searchbox", { name: "Search emoji" })).toBeFocused();
  await expect(popover.getByRole("gridcell", { name: "Grinning face", exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.type("zzzz-no-such-emoji");
  await expect(popover.getByText("No emoji matches")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popover).toBeHidden();
  await expect(reactButton(message)).toBeFocused();
});
