import { expect, request, test, type Browser, type Page } from "@playwright/test";
import { DEMO_USERS, recordNotifications, seriousViolations, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("manager") });

type ThreadRow = { id: string };
type Shown = { title: string; body?: string; onclick: (() => void) | null };

const commentBox = (page: Page) => page.locator("#comment-box");
const commentBy = (page: Page, text: string) => page.getByRole("article", { name: /^Internal comment by Marcus Lee/ }).filter({ hasText: text });
const mentionsLink = (page: Page) => page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: /^Mentions/ });
const streamOpen = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events" && r.ok());

type Teammate = { email: string; name: string };

/**
 * Who is mentioned. Each journey counts the Mentions of its own teammates, so journeys running
 * side by side never share a count, and a repeat (`--repeat-each`) takes the next of its own.
 * The edit-and-delete journey counts nothing: anyone may run beside it.
 */
const MENTIONED = {
  live: [
    { email: "sam@acme.test", name: "Sam Rivera" },
    { email: "jonas@acme.test", name: "Jonas Berg" },
  ],
  landing: [
    { email: "aiko@acme.test", name: "Aiko Tanaka" },
    { email: "priya@acme.test", name: "Priya Nair" },
  ],
  editing: [{ email: "olivia@acme.test", name: "Olivia Hart" }],
} satisfies Record<string, Teammate[]>;
/** Everyone the author may mention in the seed: the team but Marcus (other journeys may add users). */
const SEEDED_TEAMMATES = ["Aiko Tanaka", "Jonas Berg", "Olivia Hart", "Priya Nair", "Sam Rivera"];

const mentionedFor = (journey: keyof typeof MENTIONED) => {
  const pool = MENTIONED[journey];
  return pool[test.info().repeatEachIndex % pool.length]!;
};

async function signedInAs(email: string, baseURL: string) {
  const context = await request.newContext({ baseURL });
  try {
    expect((await context.post("/api/auth/sign-in/email", { data: { email, password: "inbox-demo" }, headers: { origin: baseURL } })).status()).toBe(200);
    return await context.storageState();
  } finally {
    await context.dispose();
  }
}

/** The teammate's own browser: the demo member's stored session for Sam, a fresh sign-in for the others. */
async function contextOf(browser: Browser, teammate: Teammate, baseURL: string) {
  return browser.newContext({ storageState: teammate.email === DEMO_USERS.member.email ? storageStateOf("member") : await signedInAs(teammate.email, baseURL) });
}

/**
 * A conversation the teammate may see, pinned by ID along the list (the drafts journey takes the
 * middle): each journey and each repeat takes its own, so their timelines do not mix.
 */
async function threadSeenBy(page: Page, journey: number): Promise<string> {
  const threads = ((await (await page.request.get("/api/v2/threads?folder=all&limit=100")).json()) as { data: ThreadRow[] }).data.sort((a, b) => a.id.localeCompare(b.id));
  return threads[(Math.floor(threads.length / 3) + journey * 7 + test.info().repeatEachIndex) % threads.length]!.id;
}

/** A comment by the manager (the journey's own session) that mentions the teammate, made through the API. */
async function commentMentioning(page: Page, baseURL: string, threadId: string, teammate: Teammate, body: string) {
  const users = ((await (await page.request.get("/api/inbox/users")).json()) as { data: { id: string; email: string }[] }).data;
  const user = users.find((u) => u.email === teammate.email)!;
  const response = await page.request.post("/api/inbox/comments", { data: { threadId, body, mentions: [user.id] }, headers: { origin: baseURL } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

/** Everything this teammate was mentioned in read, so a journey starts from none unread. */
async function mentionsAllRead(page: Page, baseURL: string) {
  expect((await page.request.post("/api/inbox/mentions/read", { data: { all: true }, headers: { origin: baseURL } })).ok()).toBe(true);
}

const shown = (page: Page) => page.evaluate(() => (window as unknown as { shown: Shown[] }).shown.map(({ title, body }) => ({ title, body })));

test("a manager comments with an @mention: the member sees it live in the open conversation, counted and notified in their inbox", async ({ page, browser, baseURL }) => {
  const member = mentionedFor("live");
  const [first] = member.name.split(" ") as [string];
  const memberContext = await contextOf(browser, member, baseURL!);
  try {
    await recordNotifications(memberContext);
    const memberThread = await memberContext.newPage();
    const memberInbox = await memberContext.newPage();
    const url = `/?folder=all&thread=${await threadSeenBy(memberThread, 0)}`;
    await mentionsAllRead(memberInbox, baseURL!);

    // The member watches the conversation in one tab and the inbox in another, both streams open.
    await Promise.all([streamOpen(memberThread), memberThread.goto(url)]);
    await Promise.all([streamOpen(memberInbox), memberInbox.goto("/")]);
    await expect(mentionsLink(memberInbox)).toBeVisible();
    await expect(mentionsLink(memberInbox)).not.toContainText(/\d/);

    // The manager switches the box to Comment with `c`, mentions the member with the picker, and comments.
    await Promise.all([streamOpen(page), page.goto(url)]);
    await expect(page.getByRole("tab", { name: /Reply/ })).toBeVisible();
    await page.getByRole("log").focus();
    await page.keyboard.press("c");
    await expect(commentBox(page)).toBeFocused();
    await expect(page.getByRole("tab", { name: /Comment/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Comment", exact: true })).toBeVisible();
    await expect(page.getByText("Only your team sees comments.")).toBeVisible();
    await commentBox(page).pressSequentially("Heads up @");
    const picker = page.getByRole("listbox", { name: "Teammates" });
    // The team but the author, moved through with the arrows, filtered as the name is typed.
    for (const name of SEEDED_TEAMMATES) await expect(picker.getByRole("option", { name })).toBeVisible();
    await expect(picker.getByRole("option", { name: DEMO_USERS.manager.name })).toHaveCount(0);
    await expect(picker.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await commentBox(page).press("ArrowDown");
    await expect(picker.getByRole("option").nth(1)).toHaveAttribute("aria-selected", "true");
    await commentBox(page).press("ArrowUp");
    await expect(picker.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await commentBox(page).pressSequentially(first.slice(0, 3).toLowerCase());
    await expect(picker.getByRole("option")).toHaveText([new RegExp(`${member.name}$`)]);
    await expect(picker.getByRole("option", { name: member.name })).toHaveAttribute("aria-selected", "true");
    await page.screenshot({ path: "/tmp/comments-composer-picker.png" });
    await commentBox(page).press("Enter");
    await expect(picker).toBeHidden();
    await expect(commentBox(page)).toHaveValue(`Heads up @${member.name} `);
    const text = `can you check the order ${Date.now().toString(36)}`;
    await commentBox(page).pressSequentially(text);
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/inbox/comments" && r.request().method() === "POST");
    await commentBox(page).press("Enter");
    const comment = (await (await created).json()) as { id: string; mentions: { name: string }[] };
    expect(comment.mentions).toEqual([expect.objectContaining({ name: member.name })]);
    await expect(commentBox(page)).toHaveValue("");
    await expect(commentBy(page, text)).toBeVisible();
    await expect(commentBy(page, text)).toContainText("Internal note");
    // At once (a toast lasts seconds): the member's inbox tab says so, counts it and notifies; their open conversation shows it live.
    await expect(memberInbox.getByRole("region", { name: /^Notifications/ }).getByText("Marcus Lee mentioned you")).toBeVisible();
    await expect(commentBy(memberThread, text)).toBeVisible();
    await expect(mentionsLink(memberInbox)).toContainText("1");
    await expect.poll(() => shown(memberInbox)).toContainEqual({ title: "Marcus Lee mentioned you", body: expect.stringContaining(text) });
    // The tab with the conversation in front of the member raises no notification of its own.
    expect(await shown(memberThread)).toEqual([]);
    // The member may not change Marcus's comment: no edit or delete is offered.
    await expect(commentBy(memberThread, text).getByRole("button", { name: "Edit comment" })).toHaveCount(0);
    await expect(commentBy(memberThread, text).getByRole("button", { name: "Delete comment" })).toHaveCount(0);

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page, 'section[aria-label^="Conversation with"]')).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.screenshot({ path: "/tmp/comments-timeline.png" });
  } finally {
    await memberContext.close();
  }
});

test("a mention in the Mentions view lands on its comment and reads it; its notification, clicked from another view, lands there too", async ({ page, browser, baseURL }) => {
  const teammate = mentionedFor("landing");
  const teammateContext = await contextOf(browser, teammate, baseURL!);
  try {
    await recordNotifications(teammateContext);
    const inbox = await teammateContext.newPage();
    const threadId = await threadSeenBy(inbox, 1);
    await mentionsAllRead(inbox, baseURL!);
    await Promise.all([streamOpen(inbox), inbox.goto("/")]);
    await expect(mentionsLink(inbox)).not.toContainText(/\d/);

    // Notes before it, so that the comment sits below a history taller than the pane (a landing is a scroll).
    for (let i = 0; i < 14; i++) {
      const note = await page.request.post("/api/inbox/comments", { data: { threadId, body: `Context note ${i + 1}: pricing, seats, timeline.`, mentions: [] }, headers: { origin: baseURL! } });
      expect(note.status()).toBe(201);
    }
    const text = `please look at the quote ${Date.now().toString(36)}`;
    const comment = await commentMentioning(page, baseURL!, threadId, teammate, text);
    await expect(mentionsLink(inbox)).toContainText("1");
    await expect.poll(() => shown(inbox)).toContainEqual({ title: "Marcus Lee mentioned you", body: expect.stringContaining(text) });

    // The Mentions view lists it, unread; opening it lands on the comment and reads it.
    await mentionsLink(inbox).click();
    await expect(inbox.getByRole("heading", { name: "Mentions" })).toBeVisible();
    const mention = inbox.getByRole("button", { name: new RegExp(`^Marcus Lee mentioned you .*, unread: .*${text}`) });
    await expect(mention).toBeVisible();
    await inbox.screenshot({ path: "/tmp/comments-mentions-view.png" });
    await mention.click();
    await expect(inbox).toHaveURL(new RegExp(`comment=${comment.id}`));
    const landed = commentBy(inbox, text);
    await expect(landed).toBeInViewport();
    await expect(landed).toHaveClass(/ring-2/);
    await expect(mentionsLink(inbox)).not.toContainText(/\d/);
    await expect(inbox.getByRole("button", { name: new RegExp(`^Marcus Lee mentioned you .*${text}`) })).not.toHaveAccessibleName(/unread/);
    await inbox.screenshot({ path: "/tmp/comments-landed.png" });

    // Scrolled away, the same mention opened again (the URL names it already) lands on it again.
    await inbox.locator("[data-thread-history]").evaluate((history) => history.scrollTo({ top: 0 }));
    await expect(landed).not.toBeInViewport();
    await inbox.getByRole("button", { name: new RegExp(`^Marcus Lee mentioned you .*${text}`) }).click();
    await expect(landed).toBeInViewport();

    // The notification's click is Next's own navigation (router.push), made from another view: the inbox follows it to the comment.
    await inbox.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: /^All/ }).click();
    await expect(inbox).not.toHaveURL(/comment=/);
    await expect(landed).toHaveCount(0);
    await inbox.evaluate((body) => (window as unknown as { shown: Shown[] }).shown.find((n) => n.body?.includes(body))!.onclick!(), text);
    await expect(inbox).toHaveURL(new RegExp(`comment=${comment.id}`));
    await expect(landed).toBeInViewport();
    await expect(landed).toHaveClass(/ring-2/);
  } finally {
    await teammateContext.close();
  }
});

test("the author edits and deletes a comment: marked edited, then gone, live in the mentioned teammate's conversation and Mentions", async ({ page, browser, baseURL }) => {
  const teammate = mentionedFor("editing");
  const teammateContext = await contextOf(browser, teammate, baseURL!);
  try {
    const thread = await teammateContext.newPage();
    const mentions = await teammateContext.newPage();
    const threadId = await threadSeenBy(thread, 2);
    const url = `/?folder=all&thread=${threadId}`;
    const text = `the order went out ${Date.now().toString(36)}`;
    const comment = await commentMentioning(page, baseURL!, threadId, teammate, text);

    await Promise.all([streamOpen(thread), thread.goto(url)]);
    await Promise.all([streamOpen(mentions), mentions.goto("/?view=mentions")]);
    await expect(commentBy(thread, text)).toBeVisible();
    await expect(mentions.getByRole("button", { name: new RegExp(text) })).toBeVisible();

    // The author edits it: marked edited, live in the teammate's tab.
    await Promise.all([streamOpen(page), page.goto(url)]);
    const mine = page.locator(`#comment-${comment.id}`);
    await mine.getByRole("button", { name: "Edit comment" }).click();
    const editor = mine.getByRole("textbox", { name: "Edit the comment" });
    await expect(editor).toBeFocused();
    await editor.press("ControlOrMeta+End");
    await editor.pressSequentially(" Thanks!");
    await editor.press("Enter");
    await expect(commentBy(page, `${text} Thanks!`)).toContainText("edited");
    await expect(commentBy(thread, `${text} Thanks!`)).toBeVisible();

    // And deletes it: gone from both timelines, and from the teammate's Mentions.
    await mine.getByRole("button", { name: "Delete comment" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete comment" }).click();
    await expect(commentBy(page, text)).toHaveCount(0);
    await expect(commentBy(thread, text)).toHaveCount(0);
    await expect(mentions.getByRole("button", { name: new RegExp(text) })).toHaveCount(0);
  } finally {
    await teammateContext.close();
  }
});
