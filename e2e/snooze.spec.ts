import { expect, test, type Page } from "@playwright/test";
import { sandboxControl, seriousViolations, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("member") });

type ThreadRow = { id: string; archived: boolean; assigneeId: string | null; restrictions: string[]; acceptanceState: string };
type SnoozeEntry = { threadId: string; kind: string; state: string; until: string | null };

/** Two open conversations the member may write in, from the middle of the inbox (other journeys take the newest and the oldest). */
async function pickThreads(page: Page): Promise<[ThreadRow, ThreadRow]> {
  const threads = ((await (await page.request.get("/api/v2/threads?folder=inbox&limit=100")).json()) as { data: ThreadRow[] }).data;
  const fit = threads.filter((t) => t.assigneeId === null && t.restrictions.length === 0 && t.acceptanceState !== "pending");
  const middle = Math.floor(fit.length / 2);
  expect(fit.length).toBeGreaterThan(middle + 1);
  return [fit[middle]!, fit[middle + 1]!];
}

async function snoozesOf(page: Page, threadId: string): Promise<{ now: string; entries: SnoozeEntry[] }> {
  const body = (await (await page.request.get("/api/inbox/snoozes")).json()) as { now: string; data: SnoozeEntry[] };
  return { now: body.now, entries: body.data.filter((e) => e.threadId === threadId) };
}

/** Opens a page of the inbox and waits for its event stream: a stream hears what happens from then on. */
async function openWithStream(page: Page, url: string) {
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events" && response.ok());
  await page.goto(url);
  await streamOpen;
}

async function shot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: "image/png" });
}

// The sandbox's clock is shared by the whole run, and this journey moves it by days: the snooze and
// the reminder are pinned by thread ID, and what they wait for is read from the inbox, not assumed.
test("a conversation snoozed until tomorrow leaves the inbox and comes back marked when the clock gets there; a reminder brings back one left unanswered", async ({ page }) => {
  await page.goto("/login");
  const [snoozed, reminded] = await pickThreads(page);
  // A word from the contact puts the conversation at the top of the inbox, where the list has it on screen.
  await sandboxControl("POST", "/inbound", { threadId: snoozed.id, content: `Can we talk next week? ${Date.now().toString(36)}` });

  const row = page.locator(`#row-${snoozed.id}`);
  await test.step("snooze until tomorrow with z, by keyboard", async () => {
    await page.goto(`/?thread=${snoozed.id}`);
    await expect(row).toBeVisible();
    await row.click();
    await page.keyboard.press("z");
    const dialog = page.getByRole("dialog", { name: "Snooze" });
    await expect(dialog.getByRole("option", { name: /Tomorrow morning/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "snooze-dialog");
    // By keyboard, as `z` promises: the choices' field has the focus; typing narrows, Enter picks.
    await expect(dialog.getByRole("combobox", { name: "Snooze until" })).toBeFocused();
    await page.keyboard.type("tomorrow");
    await expect(dialog.getByRole("option")).toHaveCount(1);
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    // Gone from the inbox at once, the open conversation with it.
    await expect(row).toHaveCount(0);
  });

  await test.step("the Snoozed view holds it", async () => {
    await page.getByRole("link", { name: "Snoozed" }).click();
    await expect(page.getByRole("heading", { name: "Snoozed", level: 1 })).toBeVisible();
    const snoozedRow = page.locator(`#row-${snoozed.id}`);
    await expect(snoozedRow).toHaveAttribute("aria-label", /snoozed until/);
    await snoozedRow.click();
    await expect(page.getByRole("status").filter({ hasText: /Snoozed until/ })).toBeVisible();
    await shot(page, "snoozed-view");
  });

  // Tomorrow morning, on the inbox's clock: it comes back to the inbox, marked, with no reload.
  await test.step("it comes back when the clock gets there", async () => {
    await openWithStream(page, "/");
    const { now, entries } = await snoozesOf(page, snoozed.id);
    const until = entries.find((e) => e.kind === "snooze")!.until!;
    await sandboxControl("POST", "/clock/advance", { seconds: Math.ceil((Date.parse(until) - Date.parse(now)) / 1000) + 60 });
    await expect(page.getByRole("button", { name: /updated/ }).or(row)).toBeVisible();
    if (!(await row.isVisible())) await page.getByRole("button", { name: /updated/ }).click();
    await expect(row).toHaveAttribute("aria-label", /back from snooze/);
    await row.click();
    await expect(page.getByRole("status").filter({ hasText: "Back from snooze" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "back-from-snooze");
  });

  // A reply with "remind me if no reply in 3 days"; three quiet days on, it comes back saying so.
  await test.step("a reminder brings back a reply left unanswered", async () => {
    await openWithStream(page, `/?folder=all&thread=${reminded.id}`);
    await page.getByRole("button", { name: "Remind me if no reply" }).click();
    await page.getByRole("menuitem", { name: "3 days" }).click();
    await expect(page.getByRole("button", { name: "Remind me if no reply in 3 days" })).toBeVisible();
    await page.locator("#composer").fill(`Here is the proposal, let me know ${Date.now().toString(36)}`);
    await page.keyboard.press("Enter");
    await expect(page.locator("#composer")).toHaveValue("");
    const reminder = page.getByRole("status").filter({ hasText: /^Reminder/ });
    await expect(reminder).toBeVisible();
    await sandboxControl("POST", "/clock/advance", { seconds: 3 * 86_400 + 60 });
    await expect(page.getByRole("status").filter({ hasText: /No reply since/ })).toBeVisible();
    await expect(reminder).toHaveCount(0);
    await shot(page, "no-reply-since");
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "no-reply-since-dark");
  });
});
