import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { sandboxControl, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("member") });

// The sandbox's clock and injected faults are shared by the whole run: the journeys that move
// the clock or expect the next send to fail run one after another, never beside each other (here,
// and with the other journeys that move the clock: the `clock` project of playwright.config.ts).
test.describe.configure({ mode: "serial" });

type Link = { id: string; platform: string; status: string; capabilities: string[] };
type Platform = { platform: string; capabilities: string[]; mutationWindows: Record<string, number | null> };
type ThreadRow = { id: string; accountLinkId: string; restrictions: string[]; contactId: string | null; profile?: { displayName: string | null } };

/** The first thread (in every folder) whose account and platform pass `fits`. */
async function findThread(
  request: APIRequestContext,
  fits: (link: Link, platform: Platform | undefined, thread: ThreadRow) => boolean,
  /** From the end of the ID order: for the journey about presence, which no other journey's tab may share. */
  from: "start" | "end" = "start",
) {
  const links = ((await (await request.get("/api/v2/account-links?limit=100")).json()) as { data: Link[] }).data;
  const platforms = (await (await request.get("/api/v2/platforms")).json()) as Platform[];
  const threads = ((await (await request.get("/api/v2/threads?folder=all&limit=100&expand=profile")).json()) as { data: ThreadRow[] }).data;
  // In ID order, not by activity, and each repetition of a journey its own thread where the seed
  // has enough: repetitions running side by side (`--repeat-each`) do not meet in one conversation.
  const fitting = [...threads]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((thread) => {
      const link = links.find((l) => l.id === thread.accountLinkId)!;
      return { thread, link, platform: platforms.find((p) => p.platform === link.platform) };
    })
    .filter(({ thread, link, platform }) => fits(link, platform, thread));
  if (fitting.length === 0) throw new Error("The seed has no thread that fits");
  if (from === "end") fitting.reverse();
  return fitting[test.info().repeatEachIndex % fitting.length]!;
}

/** The simulator's control API, through the inbox's server (demo mode only), as the admin it is for. */
const sandbox = (path: string, body?: unknown) => sandboxControl(body === undefined ? "GET" : "POST", path, body);

const composer = (page: Page) => page.locator("#composer");
const message = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

test("send, edit inside the platform's window, and see editing refused once it closes", async ({ page }) => {
  const { thread } = await findThread(page.request, (link, platform, t) => {
    const window = platform?.mutationWindows["message:edit"];
    return (
      link.status === "active" &&
      ["message:send", "message:edit"].every((c) => link.capabilities.includes(c) && platform?.capabilities.includes(c) && !t.restrictions.includes(c)) &&
      typeof window === "number" &&
      window <= 3600
    );
  });
  // The browser's clock is set to the sandbox's, which earlier runs may have moved on.
  await page.goto("/login");
  const { now } = (await sandbox("/clock")) as { now: string };
  await page.clock.install({ time: new Date(now) });

  await page.goto(`/?folder=all&thread=${thread.id}`);
  const text = `Following up on the proposal ${Date.now().toString(36)}`;
  await composer(page).fill(text);
  await page.keyboard.press("Enter");
  await expect(composer(page)).toHaveValue("");
  // Held for its undo window, then sending: the pending copy is replaced by the sent message,
  // which is the one to hover (the copy has no actions).
  await expect(page.getByRole("article", { name: /^Your message, / })).toHaveCount(0);
  const sent = message(page, text);
  await expect(sent).toBeVisible();

  // Edit it while the window is open.
  await sent.hover();
  await sent.getByRole("button", { name: "Edit", exact: true }).click();
  const editor = page.getByRole("textbox", { name: "Edit message" });
  await editor.fill(`${text}, revised`);
  // The edit shows at once (optimistic): the clock may move on only once the API has taken it.
  const saved = page.waitForResponse((response) => response.request().method() === "PATCH" && /^\/api\/v2\/messages\/[^/]+$/.test(new URL(response.url()).pathname));
  await editor.press("Enter");
  expect((await saved).status()).toBe(200);
  const edited = message(page, `${text}, revised`);
  await expect(edited).toHaveAttribute("aria-label", /edited/);

  // An hour on, for the platform and for the browser: the window has closed.
  await sandbox("/clock/advance", { seconds: 3700 });
  await page.clock.fastForward(3_700_000);
  await page.reload();
  await edited.hover();
  const editButton = edited.getByRole("button", { name: "Edit", exact: true });
  await expect(editButton).toHaveAttribute("aria-disabled", "true");
  await editButton.hover();
  await expect(page.getByRole("tooltip")).toContainText("window for changing this message closed");
  await test.info().attach("thread", { body: await page.screenshot(), contentType: "image/png" });
});

test("a send the API could not confirm is never sent twice, and settles", async ({ page }) => {
  const { thread } = await findThread(
    page.request,
    (link, platform, t) => link.status === "active" && link.capabilities.includes("message:send") && !!platform?.capabilities.includes("message:send") && !t.restrictions.includes("message:send"),
  );
  await page.goto(`/?folder=all&thread=${thread.id}`);
  await expect(composer(page)).toBeEnabled();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/v2\/messages$/.test(new URL(request.url()).pathname)) posts.push(request.url());
  });

  await sandbox("/faults", { kind: "sendUnconfirmed", count: 1, delivered: true });
  const text = `Sending the deck now ${Date.now().toString(36)}`;
  await composer(page).fill(text);
  await page.keyboard.press("Enter");

  // 502 sendUnconfirmed: the inbox reads the message instead of resending, and finds it sent.
  await expect(message(page, text)).toHaveCount(1);
  await expect(page.getByRole("article", { name: /delivery unconfirmed|not sent|sending/ })).toHaveCount(0);
  await expect(message(page, text)).toHaveCount(1);
  expect(posts).toHaveLength(1);
  // The fault was met, not skipped.
  expect(((await sandbox("/faults")) as { pending: unknown[] }).pending).toEqual([]);
});

test("sending is disabled, with the reason, where the account is offline", async ({ page }) => {
  const { thread } = await findThread(page.request, (link) => link.status === "offline");
  await page.goto(`/?folder=all&thread=${thread.id}`);
  await expect(page.getByText("This account is offline. Reconnect it in the service's dashboard to send messages.")).toBeVisible();
  await expect(composer(page)).toBeDisabled();
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
});

test("status, tag, valuation and notes are saved, and still there after a reload", async ({ page }) => {
  const { thread } = await findThread(page.request, (_link, _platform, t) => t.contactId !== null);
  await page.goto(`/?folder=all&thread=${thread.id}`);
  const contact = page.getByRole("complementary", { name: "Contact" });
  await expect(contact.getByRole("heading", { name: "Pipeline" })).toBeVisible();

  // Status: the button is named by its label and the current value. Another journey may have
  // set this contact's status already: pick one it doesn't have, so the change is recorded.
  const statusButton = contact.getByRole("button", { name: /^Status / });
  await expect(statusButton).toBeVisible();
  const stage = /Meeting booked/.test(await statusButton.innerText()) ? "Qualified" : "Meeting booked";
  await statusButton.click();
  await page.getByRole("option", { name: stage }).click();
  await expect(statusButton).toHaveText(new RegExp(stage));

  // A tag the contact doesn't carry yet.
  await contact.getByRole("button", { name: /Add (a )?tag/ }).click();
  const tagOption = page.getByRole("dialog", { name: "Tags of this contact" }).getByRole("option").filter({ hasNot: page.locator("svg.text-primary") }).first();
  const tagName = (await tagOption.innerText()).trim();
  await tagOption.click();
  await page.keyboard.press("Escape");
  await expect(contact.getByRole("button", { name: `Remove tag ${tagName}` })).toBeVisible();

  const valuation = contact.getByLabel("Valuation");
  await valuation.fill("12500");
  await valuation.press("Enter");
  await expect(valuation).toHaveValue(/12[,.\s]?500/);

  const notes = contact.getByRole("textbox", { name: "Notes" });
  const note = `Prefers calls after 3pm (${Date.now().toString(36)})`;
  await notes.fill(note);
  await expect(contact.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  await page.reload();
  await expect(statusButton).toHaveText(new RegExp(stage));
  await expect(contact.getByRole("button", { name: `Remove tag ${tagName}` })).toBeVisible();
  await expect(contact.getByLabel("Valuation")).toHaveValue(/12[,.\s]?500/);
  await expect(contact.getByRole("textbox", { name: "Notes" })).toHaveValue(note);

  // The contact's activity names who did it (the API only knows the team's token).
  const activity = contact.getByRole("list", { name: "Recent activity" });
  await expect(activity).toContainText(`Sam Rivera set the status to ${stage}`);
  await expect(activity).toContainText("Sam Rivera tagged the contact");
  await expect(activity).toContainText("Sam Rivera edited the notes");
});

test("screenshots of the main views", async ({ page }) => {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/?folder=all");
    await page.getByRole("listbox", { name: /conversations$/ }).getByRole("option").first().click();
    await expect(page.getByRole("complementary", { name: "Contact" }).getByRole("heading", { name: "Pipeline" })).toBeVisible();
    await test.info().attach(`inbox-${scheme}`, { body: await page.screenshot(), contentType: "image/png" });
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/?folder=inbox");
  await expect(page.getByRole("listbox", { name: /conversations$/ }).getByRole("option").first()).toBeVisible();
  await test.info().attach("phone-list", { body: await page.screenshot(), contentType: "image/png" });
});

test("teammates see who is in a thread, and a reply after new activity waits for review", async ({ page, browser }) => {
  const { thread } = await findThread(
    page.request,
    (link, platform, t) => link.status === "active" && link.capabilities.includes("message:send") && !!platform?.capabilities.includes("message:send") && !t.restrictions.includes("message:send"),
    "end",
  );
  const managerContext = await browser.newContext({ storageState: storageStateOf("manager") });
  const manager = await managerContext.newPage();
  try {
    await page.goto(`/?folder=all&thread=${thread.id}`);
    await expect(composer(page)).toBeEnabled();
    await manager.goto(`/?folder=all&thread=${thread.id}`);

    // Each sees the other, and the manager sees the member typing.
    await expect(page.getByText("Marcus Lee is viewing this conversation")).toBeVisible();
    await expect(manager.getByText("Sam Rivera is viewing this conversation")).toBeVisible();
    const draft = `I can take this one ${Date.now().toString(36)}`;
    await composer(page).fill(draft);
    await composer(page).press("End");
    await composer(page).pressSequentially("!");
    await expect(manager.getByText("Sam Rivera is typing a reply…")).toBeVisible();

    // The manager replies first; the member's reply is held until reviewed.
    const managerReply = `On it already ${Date.now().toString(36)}`;
    await composer(manager).fill(managerReply);
    await composer(manager).press("Enter");
    await expect(message(page, managerReply)).toBeVisible();
    // Sent through the inbox, it is the manager's, not the API's: the activity log says who.
    await expect(message(page, managerReply)).toHaveAttribute("aria-label", /^Marcus Lee, /);
    await composer(page).press("Enter");
    const notice = page.getByRole("alert").filter({ hasText: "New activity — review before sending" });
    await expect(notice).toBeVisible();
    await expect(composer(page)).toHaveValue(`${draft}!`);

    await notice.getByRole("button", { name: "Send anyway" }).click();
    await expect(notice).toBeHidden();
    await expect(composer(page)).toHaveValue("");
    await expect(message(page, `${draft}!`)).toBeVisible();
    // Having seen it, the member's next reply goes at once.
    const next = `Thanks Marcus ${Date.now().toString(36)}`;
    await composer(page).fill(next);
    await composer(page).press("Enter");
    await expect(message(page, next)).toBeVisible();
    await expect(notice).toBeHidden();

    // Leaving the thread takes the member out of it for the manager.
    await page.goto("/?folder=all");
    await expect(manager.getByText("Sam Rivera is viewing this conversation")).toBeHidden();
  } finally {
    await managerContext.close();
  }
});

test("reading is per member: a thread one member read stays unread for the others", async ({ page, browser }) => {
  type Row = { id: string; unread: boolean; lastMessage: { direction: string } | null; profile: { displayName: string | null } };
  const threads = ((await (await page.request.get("/api/v2/threads?folder=inbox&limit=100&expand=profile")).json()) as { data: Row[] }).data;
  // One this member has not opened yet in this run: unread for them by the owner's flag.
  const marks = ((await (await page.request.get("/api/inbox/reads")).json()) as { data: { threadId: string }[] }).data.map((m) => m.threadId);
  const thread = threads.find((t) => t.unread && t.lastMessage?.direction === "inbound" && t.profile.displayName && !marks.includes(t.id))!;
  const row = (p: Page) => p.locator(`[data-thread-id="${thread.id}"]`);
  // Searched for by name, so its row is on screen in a virtualized list.
  const view = `/?folder=inbox&q=${encodeURIComponent(thread.profile.displayName!)}`;

  await page.goto(view);
  await expect(row(page)).toHaveAttribute("aria-label", /unread/);
  await row(page).click();
  await expect(row(page)).not.toHaveAttribute("aria-label", /unread/);
  await page.reload();
  await expect(row(page)).not.toHaveAttribute("aria-label", /unread/);

  // The manager has not read it: for them it is still unread, and the team owner's flag is unchanged.
  const managerContext = await browser.newContext({ storageState: storageStateOf("manager") });
  try {
    const manager = await managerContext.newPage();
    await manager.goto(view);
    await expect(row(manager)).toHaveAttribute("aria-label", /unread/);
    const apiThread = (await (await manager.request.get(`/api/v2/threads/${thread.id}`)).json()) as { unread: boolean };
    expect(apiThread.unread).toBe(true);
  } finally {
    await managerContext.close();
  }
});
