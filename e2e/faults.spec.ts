import { expect, test } from "@playwright/test";
import { sandboxControl, storageStateOf } from "./helpers";

// Journeys that change the whole team's inbox — faults the sandbox injects hit every request it
// answers; a visibility setting changes what every member sees — run on an inbox and sandbox of
// their own (the `faults` server of e2e/servers.ts), beside the others, one after the other. The
// faults journey is the member's; the faults go in with the admin's session (sandboxControl).
test.describe.configure({ mode: "serial" });
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

test("an admin shows members only their own and unassigned conversations, and every member's inbox follows", async ({ page, browser, baseURL }) => {
  type Row = { assigneeId: string | null };
  const visible = async () => ((await (await page.request.get("/api/v2/threads?folder=all&limit=100")).json()) as { data: Row[] }).data;
  const before = await visible();
  expect(new Set(before.flatMap((t) => (t.assigneeId ? [t.assigneeId] : []))).size).toBeGreaterThan(1);

  const admin = await browser.newContext({ baseURL, storageState: storageStateOf("admin", "faults") });
  const settings = await admin.newPage();
  const everything = settings.getByRole("radio", { name: /Every conversation/ });
  const own = settings.getByRole("radio", { name: /Their own and unassigned ones/ });
  try {
    await settings.goto("/settings/team");
    await expect(everything).toBeChecked();
    await own.check();
    await expect(own).toBeChecked();
    // The member's next read is already narrowed: their own and the unassigned, nobody else's.
    await expect.poll(async () => new Set((await visible()).flatMap((t) => (t.assigneeId ? [t.assigneeId] : []))).size).toBeLessThanOrEqual(1);
    expect((await visible()).length).toBeLessThan(before.length);
    await settings.reload();
    await expect(own).toBeChecked();
  } finally {
    await settings.goto("/settings/team");
    await everything.check();
    await expect(everything).toBeChecked();
    await admin.close();
  }
  await expect.poll(async () => (await visible()).length).toBe(before.length);
});
