import { expect, test } from "@playwright/test";
import { sandboxControl, seriousViolations, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("member") });

type ThreadRow = { id: string };

// The API's `unread` is the team owner's alone; each member has their own (lib/api/read-state).
test("a member reads a conversation for themselves, and the team owner's unread stays beside it", async ({ page, browser }) => {
  // A message from the contact makes a conversation unread for everyone and brings it to the top
  // of "All", where the virtualized list has it on screen. One from the middle of the list: the
  // other journeys work on the newest and (bulk) the oldest.
  await page.goto("/login");
  const threads = ((await (await page.request.get("/api/v2/threads?folder=all&limit=100")).json()) as { data: ThreadRow[] }).data;
  const target = threads[Math.floor(threads.length / 2)]!;
  await sandboxControl("POST", "/inbound", { threadId: target.id, content: `Any news? ${Date.now().toString(36)}` });

  await page.goto("/?folder=all");
  const row = page.locator(`#row-${target.id}`);
  // The contact wrote after anything this member read: unread for them as for the owner.
  await expect(row).toHaveAttribute("aria-label", /, unread, not yet read by the team owner/);
  await row.click();
  await expect(row).not.toHaveAttribute("aria-label", /, unread(,|$)/);
  await expect(row).toHaveAttribute("aria-label", /not yet read by the team owner/);
  await expect(row.getByTitle("Not yet read by the team owner")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The owner's own view is the API's flag: one unread, no second marker.
  const ownerContext = await browser.newContext({ storageState: storageStateOf("admin") });
  try {
    const owner = await ownerContext.newPage();
    await owner.goto("/?folder=all");
    const ownerRow = owner.locator(`#row-${target.id}`);
    await expect(ownerRow).toHaveAttribute("aria-label", /, unread(,|$)/);
    await expect(ownerRow).not.toHaveAttribute("aria-label", /team owner/);
    await expect(ownerRow.getByTitle("Not yet read by the team owner")).toHaveCount(0);
  } finally {
    await ownerContext.close();
  }
});
