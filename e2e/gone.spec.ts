import { expect, test, type Page } from "@playwright/test";
import { sandboxControl, storageStateOf } from "./helpers";

/**
 * A conversation that is gone leaves the list at once: deleted by the manager from its menu
 * (their own change — not "1 updated" news held under the pointer), or found gone when opened
 * because it was deleted elsewhere and its event has not come. Each journey deletes a
 * conversation of its own, made for it by a new contact, so no other journey's rows go.
 */
test.use({ storageState: storageStateOf("manager") });

const list = (page: Page) => page.getByRole("listbox", { name: /conversations$/ });

/** A new conversation, from someone who never wrote before, on the team's first account. */
async function newConversation(page: Page, word: string): Promise<string> {
  const links = ((await (await page.request.get("/api/v2/account-links?limit=100")).json()) as { data: { id: string; status: string }[] }).data;
  const link = links.find((l) => l.status === "active")!;
  const stamp = `${word}-${Date.now().toString(36)}`;
  const made = (await sandboxControl("POST", "/inbound", {
    accountLinkId: link.id,
    profile: { platformId: `delete-e2e-${stamp}`, displayName: `Gone ${stamp}` },
    content: `Please forget me (${stamp})`,
  })) as { thread: { id: string } };
  return made.thread.id;
}

test("a manager deletes the open conversation: its row leaves the list at once, and stays gone", async ({ page }) => {
  const id = await newConversation(page, "menu");
  await page.goto(`/?folder=all&thread=${id}`);
  const row = list(page).locator(`[data-thread-id="${id}"]`);
  await expect(row).toBeVisible();
  await expect(page.locator("#composer")).toBeVisible();
  // At work in the list: others' changes would wait in the pill; the person's own delete does not.
  await list(page).hover();

  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: /Delete conversation/ }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this conversation?" });
  await confirm.getByRole("button", { name: "Delete conversation" }).click();
  await expect(page.getByRole("region", { name: /^Notifications/ }).getByText("Conversation deleted")).toBeVisible();
  // Gone with the toast, not after the list's idle wait (10 s) or a click on "updated".
  await expect(row).toHaveCount(0, { timeout: 3_000 });
  await expect(page).not.toHaveURL(/thread=/);

  await page.reload();
  await expect(list(page).getByRole("option").first()).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a conversation deleted elsewhere, its event not come yet, says so when opened and leaves the list", async ({ page, baseURL }) => {
  const id = await newConversation(page, "elsewhere");
  // No events reach this page, and its reading ahead of this conversation's history fails, so
  // that opening it asks the API (as it does once what was read ahead is out of date).
  await page.route("**/api/events", (route) => route.abort());
  const history = new RegExp(`/api/v2/threads/${id}/messages`);
  await page.route(history, (route) => route.abort());
  await page.goto("/?folder=all");
  const row = list(page).locator(`[data-thread-id="${id}"]`);
  await expect(row).toBeVisible();
  await page.unroute(history);

  const deleted = await page.request.delete(`/api/v2/threads/${id}`, { headers: { origin: baseURL! } });
  expect(deleted.status()).toBe(200);
  const readMark = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/inbox/reads" && response.request().method() === "POST");
  await row.click();

  const pane = page.getByRole("alert").filter({ hasText: "Conversation not found" });
  await expect(pane).toBeVisible();
  await expect(row).toHaveCount(0);
  // Nothing to try again: Close is the way on.
  await expect(pane.getByRole("button", { name: "Try again" })).toHaveCount(0);
  // The read mark its opening made is no failure to report, and the contact's panel has nothing to try again.
  expect((await readMark).status()).toBe(404);
  await expect(page.getByText("Couldn't mark it read")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await pane.getByRole("button", { name: "Close" }).click();
  await expect(page).not.toHaveURL(/thread=/);
});
