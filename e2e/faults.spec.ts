import { expect, test } from "@playwright/test";
import { sandboxControl, storageStateOf } from "./helpers";

// Faults the sandbox injects hit every request it answers, so this journey runs on an inbox and
// sandbox of its own (the `faults` server of e2e/servers.ts), beside the others. It is the
// member's; the faults go in with the admin's session (sandboxControl), the control API being an admin's.
test.use({ storageState: storageStateOf("member", "faults") });

test("when the API fails, reads are served from what the inbox holds, with a 'reconnecting' banner", async ({ page }) => {
  await page.goto("/?folder=all");
  const row = page.getByRole("listbox", { name: /conversations$/ }).getByRole("option").first();
  const threadId = (await row.getAttribute("data-thread-id"))!;
  await row.click();
  const history = page.getByRole("article");
  await expect(history.first()).toBeVisible();
  const before = await history.count();
  // Unique, so a retry of this journey finds its own message.
  const news = `Are you there? ${Date.now().toString(36)}`;

  try {
    // The API starts failing; then the contact writes in, so the inbox's copy of the history is out of date.
    await sandboxControl("POST", "/faults", { kind: "internalError", count: 200 });
    await sandboxControl("POST", "/inbound", { threadId, content: news });

    await page.reload();
    const banner = page.getByRole("status").filter({ hasText: "Reconnecting to the messaging service" });
    await expect(banner).toBeVisible();
    // The history is still there — the last good copy — not an error.
    await expect(history).toHaveCount(before);
    await expect(page.getByText("Couldn't open this conversation")).toHaveCount(0);
  } finally {
    await sandboxControl("DELETE", "/faults");
  }

  // The API is back: the next read brings the news, and the banner goes — at once, or, when a
  // read still in flight from the outage answered from the copies, with the next health check.
  await page.reload();
  await expect(page.getByRole("article").filter({ hasText: news })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Reconnecting" })).toHaveCount(0, { timeout: 30_000 });
});
