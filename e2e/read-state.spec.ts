import { expect, test } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("member") });

type ThreadRow = { id: string; unread: boolean };

// The API's `unread` is the team owner's alone; each member has their own (lib/api/read-state).
test("a member reads a conversation for themselves, and the team owner's unread stays beside it", async ({ page, browser }) => {
  // Among the first rows of "All", so the virtualized list has it on screen.
  const threads = ((await (await page.request.get("/api/v2/threads?folder=all&limit=8")).json()) as { data: ThreadRow[] }).data;
  const target = threads.find((t) => t.unread);
  expect(target, "the seed has an unread conversation at the top of All").toBeTruthy();

  await page.goto("/?folder=all");
  const row = page.locator(`#row-${target!.id}`);
  // Never opened by this member: unread for them as for the owner.
  await expect(row).toHaveAttribute("aria-label", /, unread, unread for the team owner/);
  await row.click();
  await expect(row).not.toHaveAttribute("aria-label", /, unread(,|$)/);
  await expect(row).toHaveAttribute("aria-label", /unread for the team owner/);
  await expect(row.getByTitle("Unread for the team owner")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The owner's own view is the API's flag: one unread, no second marker.
  const ownerContext = await browser.newContext({ storageState: storageStateOf("admin") });
  try {
    const owner = await ownerContext.newPage();
    await owner.goto("/?folder=all");
    const ownerRow = owner.locator(`#row-${target!.id}`);
    await expect(ownerRow).toHaveAttribute("aria-label", /, unread(,|$)/);
    await expect(ownerRow).not.toHaveAttribute("aria-label", /team owner/);
    await expect(ownerRow.getByTitle("Unread for the team owner")).toHaveCount(0);
  } finally {
    await ownerContext.close();
  }
});
