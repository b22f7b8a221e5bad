import { expect, request, test, type Page } from "@playwright/test";
import { recordNotifications, seriousViolations, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("manager") });

type ThreadRow = { id: string };
type Shown = { title: string; body?: string; onclick: (() => void) | null };

const commentBox = (page: Page) => page.locator("#comment-box");
const commentBy = (page: Page, text: string) => page.getByRole("article", { name: /^Internal comment by Marcus Lee/ }).filter({ hasText: text });
const mentionsLink = (page: Page) => page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: /^Mentions/ });
const streamOpen = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events" && r.ok());

/**
 * The member mentioned: Sam first; repeats running beside it (`--repeat-each`) take another
 * member each, so no two runs share a Mentions count.
 */
const MEMBERS = [
  { email: "sam@acme.test", name: "Sam Rivera" },
  { email: "jonas@acme.test", name: "Jonas Berg" },
  { email: "aiko@acme.test", name: "Aiko Tanaka" },
] as const;

async function signedInAs(email: string, baseURL: string) {
  const context = await request.newContext({ baseURL });
  try {
    expect((await context.post("/api/auth/sign-in/email", { data: { email, password: "inbox-demo" }, headers: { origin: baseURL } })).status()).toBe(200);
    return await context.storageState();
  } finally {
    await context.dispose();
  }
}

const shown = (page: Page) => page.evaluate(() => (window as unknown as { shown: Shown[] }).shown.map(({ title, body }) => ({ title, body })));

test("a manager comments with an @mention: the member sees it live, in their Mentions and as a notification, lands on it, and the author edits and deletes it", async ({ page, browser, baseURL }) => {
  const member = MEMBERS[test.info().repeatEachIndex % MEMBERS.length]!;
  const [first] = member.name.split(" ") as [string];
  const memberContext = await browser.newContext({ storageState: member.email === "sam@acme.test" ? storageStateOf("member") : await signedInAs(member.email, baseURL!) });
  try {
    await recordNotifications(memberContext);
    const memberThread = await memberContext.newPage();
    const memberInbox = await memberContext.newPage();
    // A conversation the member may see, pinned by ID a third of the way along (the drafts journey takes the middle).
    const threads = ((await (await memberThread.request.get("/api/v2/threads?folder=all&limit=100")).json()) as { data: ThreadRow[] }).data.sort((a, b) => a.id.localeCompare(b.id));
    const thread = threads[(Math.floor(threads.length / 3) + test.info().repeatEachIndex) % threads.length]!;
    const url = `/?folder=all&thread=${thread.id}`;
    // Earlier runs on this server may have left them mentions: start from none unread.
    expect((await memberInbox.request.post("/api/inbox/mentions/read", { data: { all: true }, headers: { origin: baseURL! } })).ok()).toBe(true);

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
    await expect(picker.getByRole("option")).toHaveCount(5);
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

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page, 'section[aria-label^="Conversation with"]')).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.screenshot({ path: "/tmp/comments-timeline.png" });

    // The Mentions view lists it, unread; opening it lands on the comment and reads it.
    await mentionsLink(memberInbox).click();
    await expect(memberInbox.getByRole("heading", { name: "Mentions" })).toBeVisible();
    const mention = memberInbox.getByRole("button", { name: new RegExp(`^Marcus Lee mentioned you .*, unread: .*${text}`) });
    await expect(mention).toBeVisible();
    await memberInbox.screenshot({ path: "/tmp/comments-mentions-view.png" });
    await mention.click();
    await expect(memberInbox).toHaveURL(new RegExp(`comment=${comment.id}`));
    const landed = commentBy(memberInbox, text);
    await expect(landed).toBeInViewport();
    await expect(landed).toHaveClass(/ring-2/);
    await expect(mentionsLink(memberInbox)).not.toContainText(/\d/);
    await expect(memberInbox.getByRole("button", { name: /^Marcus Lee mentioned you/ }).first()).not.toHaveAccessibleName(/unread/);
    await memberInbox.screenshot({ path: "/tmp/comments-landed.png" });

    // The notification's click is Next's own navigation (router.push), made from another view: the inbox follows it to the comment.
    await memberInbox.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: /^All/ }).click();
    await expect(memberInbox).not.toHaveURL(/comment=/);
    await expect(landed).toHaveCount(0);
    await memberInbox.evaluate(() => (window as unknown as { shown: Shown[] }).shown.find((n) => n.title === "Marcus Lee mentioned you")!.onclick!());
    await expect(memberInbox).toHaveURL(new RegExp(`comment=${comment.id}`));
    await expect(landed).toBeVisible();
    await expect(landed).toHaveClass(/ring-2/);

    // The member may not change Marcus's comment: no edit or delete is offered.
    await expect(commentBy(memberThread, text).getByRole("button", { name: "Edit comment" })).toHaveCount(0);

    // The author edits it: marked edited, live in the member's tab.
    const mine = page.locator(`#comment-${comment.id}`);
    await mine.getByRole("button", { name: "Edit comment" }).click();
    const editor = mine.getByRole("textbox", { name: "Edit the comment" });
    await expect(editor).toBeFocused();
    await editor.press("ControlOrMeta+End");
    await editor.pressSequentially(" Thanks!");
    await editor.press("Enter");
    await expect(commentBy(page, `${text} Thanks!`)).toContainText("edited");
    await expect(commentBy(memberThread, `${text} Thanks!`)).toBeVisible();

    // And deletes it: gone from both timelines, and from the member's Mentions.
    await mine.getByRole("button", { name: "Delete comment" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete comment" }).click();
    await expect(commentBy(page, text)).toHaveCount(0);
    await expect(commentBy(memberThread, text)).toHaveCount(0);
    await expect(memberInbox.getByRole("button", { name: new RegExp(text) })).toHaveCount(0);
  } finally {
    await memberContext.close();
  }
});
