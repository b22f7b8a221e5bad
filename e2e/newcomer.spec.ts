import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { gotoLiveInbox, sandboxControl, seriousViolations, storageStateOf } from "./helpers";

// What a newcomer tripped over (issue 23), each sentence they said as a journey.
test.use({ storageState: storageStateOf("member") });

type Link = { id: string; platform: string; status: string; capabilities: string[] };
type Platform = { platform: string; capabilities: string[]; mutationWindows: Record<string, number | null> };
type ApiThread = {
  id: string;
  accountLinkId: string;
  archived: boolean;
  unread: boolean;
  restrictions: string[];
  contactId: string | null;
  assigneeId: string | null;
  assigneeSource: string | null;
  acceptanceState: string;
  profile?: { displayName: string | null };
  contact?: { assigneeId: string | null; statusId: string | null; tagIds: string[] } | null;
};

const list = (page: Page) => page.getByRole("listbox", { name: /conversations$/ });
const rows = (page: Page) => list(page).getByRole("option");
const row = (page: Page, id: string) => list(page).locator(`[data-thread-id="${id}"]`);
const composer = (page: Page) => page.locator("#composer");
const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const toast = (page: Page, text: string | RegExp) => toasts(page).locator("li").filter({ hasText: text }).last();
const contactPanel = (page: Page) => page.getByRole("complementary", { name: "Contact" });

/**
 * One thread for one journey: in ID order, from `at` (a fraction of the way along: each journey
 * its own, away from the ones other journeys take from either end), with a named person and a
 * contact, fitting `fits`.
 */
async function pickThread(
  request: APIRequestContext,
  at: number,
  fits: (thread: ApiThread, link: Link, platform: Platform | undefined) => boolean = () => true,
): Promise<{ thread: ApiThread & { profile: { displayName: string } }; link: Link }> {
  const links = ((await (await request.get("/api/v2/account-links?limit=100")).json()) as { data: Link[] }).data;
  const platforms = (await (await request.get("/api/v2/platforms")).json()) as Platform[];
  const threads: ApiThread[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/api/v2/threads?folder=all&limit=100&expand=profile&expand=contact${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const page = (await (await request.get(query)).json()) as { data: ApiThread[]; nextCursor: string | null };
    threads.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  const named = threads.filter((t) => t.profile?.displayName && t.contactId).sort((a, b) => a.id.localeCompare(b.id));
  const fitting = named
    .slice(Math.floor(named.length * at))
    .filter((t) => {
      const link = links.find((l) => l.id === t.accountLinkId)!;
      return fits(t, link, platforms.find((p) => p.platform === link.platform));
    });
  const thread = fitting[test.info().repeatEachIndex % Math.max(1, fitting.length)];
  if (!thread) throw new Error("The seed has no thread that fits");
  return { thread: thread as ApiThread & { profile: { displayName: string } }, link: links.find((l) => l.id === thread.accountLinkId)! };
}

async function apiThread(page: Page, id: string): Promise<ApiThread> {
  const response = await page.request.get(`/api/v2/threads/${id}?expand=contact`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiThread;
}

/** A view holding just this person's conversations: what the journey does is not lost among the others'. */
const viewOf = (thread: { id: string; profile: { displayName: string } }, folder = "all") =>
  `/?folder=${folder}&q=${encodeURIComponent(thread.profile.displayName)}&thread=${thread.id}`;

/** The first visit after a start waits for the server to read the whole team once. */
/**
 * A view of the inbox, live: the journeys read rows by position and click them, and the server's
 * rows may be ordered anew by the browser's first read (e2e/helpers `gotoLiveInbox`); what a
 * person does before that is early-input.spec's subject.
 */
async function opened(page: Page, url: string) {
  await gotoLiveInbox(page, url);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
}

test("1. the first j lands on the first conversation, and Enter opens it", async ({ page }) => {
  await opened(page, "/?folder=all");
  const firstId = await rows(page).first().getAttribute("data-thread-id");
  const secondId = await rows(page).nth(1).getAttribute("data-thread-id");
  await list(page).focus();

  await page.keyboard.press("j");
  await expect(list(page)).toHaveAttribute("aria-activedescendant", `row-${firstId}`);
  await shot(page, "1-first-j");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`thread=${firstId}`));
  // From the open conversation, j steps on.
  await page.keyboard.press("j");
  await expect(page).toHaveURL(new RegExp(`thread=${secondId}`));
});

test("2. a message unsent only for the team says the contact still sees it, in the thread, the row and the pipeline", async ({ page }) => {
  const { thread, link } = await pickThread(page.request, 0.2, (t, l, platform) => {
    const window = platform?.mutationWindows["message:unsend"];
    return (
      l.status === "active" &&
      ["message:send", "message:unsend"].every((c) => l.capabilities.includes(c) && platform?.capabilities.includes(c) && !t.restrictions.includes(c)) &&
      (window === null || (typeof window === "number" && window >= 600))
    );
  });
  const name = thread.profile.displayName;
  const first = name.split(/\s+/)[0]!;
  await opened(page, viewOf(thread));
  await expect(composer(page)).toBeEnabled();

  const text = `Here is the quote ${Date.now().toString(36)}`;
  await composer(page).fill(text);
  await composer(page).press("Enter");
  const sent = page.getByRole("article").filter({ hasText: text });
  await expect(sent).toBeVisible();
  await expect(row(page, thread.id)).toContainText(`You: ${text}`);

  await sent.hover();
  await sent.getByRole("button", { name: "Unsend", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Unsend this message?" });
  await dialog.getByText("Only for the team").click();
  await dialog.getByRole("button", { name: "Unsend" }).click();

  const hidden = page.getByRole("article").filter({ hasText: `Hidden for the team — still visible to ${first}` });
  await expect(hidden).toBeVisible();
  await expect(page.getByText("This message was unsent")).toHaveCount(0);
  // The row stays on it: the last message the contact sees is still ours.
  await expect(row(page, thread.id)).toContainText("You: Hidden for the team");
  await expect(row(page, thread.id)).not.toContainText("Message unsent");
  await shot(page, "2-hidden-for-team");

  // It is the inbox's record, not this tab's memory.
  await page.reload();
  await expect(hidden).toBeVisible();
  await expect(row(page, thread.id)).toContainText("You: Hidden for the team");

  await page.goto(`/pipeline?accountLinkId=${link.id}`);
  const card = page.getByTestId("pipeline-card").filter({ has: page.getByRole("link", { name: `Open the conversation with ${name}` }) }).first();
  await expect(card).toContainText("You: Hidden for the team");
  await expect(card).not.toContainText("No messages yet");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "2-pipeline-card");
});

test("3. one conversation's archive, unread, assign, status and tag each get an Undo toast, as bulk actions do", async ({ page }) => {
  const { thread } = await pickThread(
    page.request,
    0.35,
    (t) => !t.archived && t.assigneeId === null && t.acceptanceState !== "pending" && (t.contact?.tagIds.length ?? 0) === 0,
  );
  const name = thread.profile.displayName;
  const before = await apiThread(page, thread.id);
  await opened(page, viewOf(thread, "inbox"));
  await expect(row(page, thread.id)).toBeVisible();
  await expect(page.getByRole("log")).toBeVisible();

  // e archives it: the row leaves, and Undo brings it back.
  await list(page).focus();
  await page.keyboard.press("e");
  await expect(row(page, thread.id)).toHaveCount(0);
  const archived = toast(page, `Archived the conversation with ${name}`);
  await expect(archived).toBeVisible();
  await shot(page, "3-undo-toast");
  await archived.getByRole("button", { name: "Undo" }).click();
  await expect(row(page, thread.id)).toBeVisible();
  await expect.poll(async () => (await apiThread(page, thread.id)).archived).toBe(false);

  // The header's Archive says so too.
  await opened(page, viewOf(thread, "inbox"));
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await toast(page, `Archived the conversation with ${name}`).getByRole("button", { name: "Undo" }).click();
  await expect.poll(async () => (await apiThread(page, thread.id)).archived).toBe(false);
  await expect(row(page, thread.id)).toBeVisible();

  // u: unread, and back to read.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("u");
  await expect(row(page, thread.id)).toHaveAttribute("aria-label", /unread/);
  await toast(page, `Marked the conversation with ${name} unread`).getByRole("button", { name: "Undo" }).click();
  await expect(row(page, thread.id)).not.toHaveAttribute("aria-label", /unread/);

  // a: the member takes it, then gives it back.
  await page.keyboard.press("a");
  await page.getByRole("dialog", { name: "Assign conversation" }).getByRole("option", { name: /Sam Rivera/ }).click();
  await expect(row(page, thread.id)).toHaveAttribute("aria-label", /assigned to Sam Rivera/);
  await toast(page, `Assigned the conversation with ${name} to Sam Rivera`).getByRole("button", { name: "Undo" }).click();
  await expect(row(page, thread.id)).not.toHaveAttribute("aria-label", /assigned to/);
  await expect.poll(async () => (await apiThread(page, thread.id)).assigneeId).toBe(before.assigneeId);

  // s: a status, undone to the one it had.
  await page.keyboard.press("s");
  const statusPicker = page.getByRole("dialog", { name: "Status" });
  const stage = statusPicker.getByRole("option").filter({ hasNot: page.locator("svg.text-primary") }).filter({ hasNotText: "No status" }).first();
  const stageName = (await stage.innerText()).trim();
  await stage.click();
  await toast(page, `Set ${name} to ${stageName}`).getByRole("button", { name: "Undo" }).click();
  await expect.poll(async () => (await apiThread(page, thread.id)).contact?.statusId ?? null).toBe(before.contact?.statusId ?? null);

  // t: a tag, taken off again.
  await page.keyboard.press("t");
  const tagPicker = page.getByRole("dialog", { name: "Tags" });
  const tag = tagPicker.getByRole("option").first();
  const tagName = (await tag.innerText()).trim();
  await tag.click();
  // Escape closes the picker, whether the toast came before it or not: the Undo stays.
  await expect(toast(page, `Tagged ${name} “${tagName}”`)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(tagPicker).toBeHidden();
  await expect(contactPanel(page).getByRole("button", { name: `Remove tag ${tagName}` })).toBeVisible();
  await toast(page, `Tagged ${name} “${tagName}”`).getByRole("button", { name: "Undo" }).click();
  await expect(contactPanel(page).getByRole("button", { name: `Remove tag ${tagName}` })).toHaveCount(0);
  await expect.poll(async () => (await apiThread(page, thread.id)).contact?.tagIds ?? []).toEqual([]);
});

test("4. with a folder and filters, the title names both and the navigation marks the folder", async ({ page }) => {
  await opened(page, "/?folder=all");
  await page.getByRole("button", { name: "Filter conversations" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Unassigned only" }).click();
  // As a person would, once the menu has gone: a press on the trigger while the menu was still
  // leaving opened nothing, once, on a loaded machine.
  await expect(page.getByRole("menu")).toHaveCount(0);
  await page.getByRole("button", { name: "Filter conversations" }).click();
  await page.getByRole("menuitem", { name: "Tag" }).click();
  const tag = page.getByRole("menu").nth(1).getByRole("menuitemcheckbox").first();
  const tagName = (await tag.textContent())!.trim();
  await tag.click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/unassigned=true/);
  await expect(page).toHaveURL(/tag=/);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`All · Unassigned · Tag: ${tagName}`);
  const nav = page.getByRole("navigation", { name: "Inbox" });
  await expect(nav.getByRole("link", { name: /^All/ })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator("[aria-current]")).toHaveCount(1);
  await shot(page, "4-where-am-i");

  // A queue is still its own entry, and its own title.
  await nav.getByRole("link", { name: /^Unassigned/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unassigned");
  await expect(nav.getByRole("link", { name: /^Unassigned/ })).toHaveAttribute("aria-current", "page");
});

test("5. the updated pill sits off the rows, and the member's own reply and assignment are not counted", async ({ page }) => {
  const { thread } = await pickThread(
    page.request,
    0.5,
    (t, link, platform) =>
      t.assigneeId === null &&
      !t.archived &&
      link.status === "active" &&
      link.capabilities.includes("message:send") &&
      !!platform?.capabilities.includes("message:send") &&
      !t.restrictions.includes("message:send"),
  );
  const pill = page.getByTestId("updates-pill");
  await opened(page, viewOf(thread));
  await expect(composer(page)).toBeEnabled();
  await expect(row(page, thread.id)).toBeVisible();

  // Their own reply shows in the row at once and is not news.
  const text = `Sending it over now ${Date.now().toString(36)}`;
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(row(page, thread.id)).toContainText(`You: ${text}`);
  // Assigning themselves, too.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("a");
  await page.getByRole("dialog", { name: "Assign conversation" }).getByRole("option", { name: /Sam Rivera/ }).click();
  await expect(row(page, thread.id)).toHaveAttribute("aria-label", /assigned to Sam Rivera/);
  // Long enough for the server's events and the list's refetch to have come back.
  await page.waitForTimeout(2_500);
  await expect(pill).toHaveCount(0);

  // The contact writes: that is news. The person is working in the list, so it waits in the pill.
  await list(page).hover();
  await page.mouse.move(10, 10);
  await list(page).hover();
  await sandboxControl("POST", "/inbound", { threadId: thread.id, content: `Got it, thanks! ${Date.now().toString(36)}` });
  await expect(pill).toHaveText(/1 updated/);
  const pillBox = (await pill.boundingBox())!;
  const firstRow = (await rows(page).first().boundingBox())!;
  expect(pillBox.y + pillBox.height).toBeLessThanOrEqual(firstRow.y);
  await shot(page, "5-updated-pill");
  await pill.click();
  await expect(pill).toHaveCount(0);

  // Put back as found.
  const origin = new URL(page.url()).origin;
  await page.request.patch(`${origin}/api/v2/threads/${thread.id}`, { data: { assigneeId: null }, headers: { origin } });
});

test.describe("as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("6. a conversation's own assignee and its contact's are shown side by side, with one action to align them", async ({ page }) => {
    const { thread } = await pickThread(page.request, 0.65, (t) => t.assigneeId === null && t.contact?.assigneeId === null);
    const origin = new URL(test.info().project.use.baseURL!).origin;
    try {
      await opened(page, viewOf(thread));
      await expect(page.getByRole("log")).toBeVisible();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("a");
      await page.getByRole("dialog", { name: "Assign conversation" }).getByRole("option", { name: /Priya Nair/ }).click();

      const note = contactPanel(page).getByTestId("assignee-split");
      await expect(note).toContainText("Conversation: Priya · Contact: unassigned");
      await expect(page.getByRole("button", { name: /^Conversation: Priya Nair · Contact: unassigned/ })).toBeVisible();
      await shot(page, "6-assignee-split");

      await note.getByRole("button", { name: "Assign contact to Priya too" }).click();
      await expect(note).toHaveCount(0);
      await expect(contactPanel(page).getByRole("button", { name: /^Assignee Priya Nair/ })).toBeVisible();
      await expect.poll(async () => (await apiThread(page, thread.id)).contact?.assigneeId).toBeTruthy();
    } finally {
      await page.request.patch(`${origin}/api/v2/threads/${thread.id}`, { data: { assigneeId: null }, headers: { origin } });
      await page.request.patch(`${origin}/api/v2/contacts/${thread.contactId}`, { data: { assigneeId: null }, headers: { origin } });
    }
  });
});

test("7. presence ends within 15 s of a dead browser's last beat, and typing ends when the teammate sends", async ({ page, browser }) => {
  const { thread } = await pickThread(
    page.request,
    0.8,
    (t, link, platform) =>
      link.status === "active" && link.capabilities.includes("message:send") && !!platform?.capabilities.includes("message:send") && !t.restrictions.includes("message:send"),
  );
  const manager = await openAs(browser, "manager", viewOf(thread));
  try {
    await opened(page, viewOf(thread));
    await expect(composer(page)).toBeEnabled();
    await expect(page.getByText("Marcus Lee is viewing this conversation")).toBeVisible();

    // Marcus types, then sends: "typing" ends for Sam at once, not seconds later.
    await composer(manager.page).fill("Quick update");
    await composer(manager.page).pressSequentially(" for you");
    await expect(page.getByText("Marcus Lee is typing a reply…")).toBeVisible();
    await composer(manager.page).press("Enter");
    await expect(page.getByText("Marcus Lee is typing a reply…")).toBeHidden({ timeout: 4_000 });
    await expect(page.getByText("Marcus Lee is viewing this conversation")).toBeVisible();

    // Marcus's browser dies: no more beats, no goodbye.
    await manager.context.route("**/api/presence", (route) => route.abort());
    const died = Date.now();
    await manager.context.close();
    await expect(page.getByText("Marcus Lee is viewing this conversation")).toBeHidden({ timeout: 17_000 });
    // Beats go every 5 s: the last came at most that long before the browser died.
    expect(Date.now() - died).toBeLessThan(15_000);
  } finally {
    await manager.context.close().catch(() => undefined);
  }
});

test("11. no serious axe findings with the Filter menu open, and one Tags landmark in the thread view", async ({ page }) => {
  await opened(page, "/?folder=all");
  await rows(page).first().click();
  await expect(contactPanel(page).getByRole("heading", { name: "Pipeline" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const landmarks = await new AxeBuilder({ page }).withRules(["landmark-unique"]).analyze();
  expect(landmarks.violations).toEqual([]);
  await expect(page.getByRole("region", { name: "Tags" })).toHaveCount(1);

  await page.getByRole("button", { name: "Filter conversations" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("menuitem", { name: "Tag" }).click();
  await expect(page.getByRole("menu")).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "11-filter-menu-open");
});

test("11b. a restricted conversation's row, open, keeps its Limited badge readable in both themes", async ({ page }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await opened(page, "/?folder=all");
    // The seed restricts one conversation in ten, some of them among the first rows.
    const limited = rows(page).filter({ hasText: "Limited" }).first();
    await limited.click();
    await expect(limited).toHaveAttribute("aria-selected", "true");
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  }
});

async function openAs(browser: Browser, role: "manager", url: string) {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}
