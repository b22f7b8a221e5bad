import { expect, request, test, type Page } from "@playwright/test";
import { sandboxControl, seriousViolations, storageStateOf } from "./helpers";

type ThreadRow = { id: string; assigneeId: string | null; restrictions: string[]; acceptanceState: string; accountLinkId: string };
type ScheduledSend = { id: string; state: string; sendAt: string; content: string };

/**
 * Two open conversations the member may write in, a third of the way down the inbox (other
 * journeys take the newest, the oldest and the middle), on an account that may send now.
 */
async function pickThreads(page: Page): Promise<[ThreadRow, ThreadRow]> {
  const threads = ((await (await page.request.get("/api/v2/threads?folder=inbox&limit=100")).json()) as { data: ThreadRow[] }).data;
  const links = ((await (await page.request.get("/api/v2/account-links?limit=100")).json()) as { data: { id: string; status: string }[] }).data;
  const active = new Set(links.filter((l) => l.status === "active").map((l) => l.id));
  const fit = threads.filter((t) => t.assigneeId === null && t.restrictions.length === 0 && t.acceptanceState !== "pending" && active.has(t.accountLinkId));
  const third = Math.floor(fit.length / 3);
  expect(fit.length).toBeGreaterThan(third + 1);
  return [fit[third]!, fit[third + 1]!];
}

/** What the API holds of a thread's history: the contents of its messages. */
async function contentsOf(page: Page, threadId: string): Promise<string[]> {
  const body = (await (await page.request.get(`/api/v2/threads/${threadId}/messages?limit=100`)).json()) as { data: { content: string | null }[] };
  return body.data.map((m) => m.content ?? "");
}

async function shot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: "image/png" });
}

/** Opens a conversation and waits for the event stream, which brings the scheduler's changes. */
async function openThread(page: Page, threadId: string) {
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events" && response.ok());
  await page.goto(`/?thread=${threadId}`);
  await streamOpen;
  await expect(page.getByRole("textbox", { name: /^Reply to / })).toBeVisible();
}

/** Signs the page's browser in as a demo member the journeys' stored sessions don't cover. */
async function signInAs(page: Page, baseURL: string, email: string) {
  const context = await request.newContext({ baseURL });
  try {
    const signedIn = await context.post("/api/auth/sign-in/email", { data: { email, password: "inbox-demo" }, headers: { origin: baseURL } });
    expect(signedIn.status()).toBe(200);
    await page.context().addCookies((await context.storageState()).cookies);
  } finally {
    await context.dispose();
  }
}

test.describe("send later", () => {
  test.use({ storageState: storageStateOf("member") });

  // Moves the sandbox's shared clock by days: the sends are pinned by thread and text, and the
  // time they wait for is read from the inbox, not assumed.
  test("a reply scheduled for tomorrow morning waits in the thread, and goes once when the clock gets there", async ({ page }) => {
    await page.goto("/login");
    const [thread] = await pickThreads(page);
    const words = `Checking in as promised ${Date.now().toString(36)}`;
    await openThread(page, thread.id);

    const composer = page.getByRole("textbox", { name: /^Reply to / });
    await composer.fill(words);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.getByRole("menuitem", { name: /Tomorrow morning/ }).click();

    const scheduled = page.getByRole("region", { name: "Scheduled messages" }).getByRole("article");
    await expect(scheduled).toHaveCount(1);
    await expect(scheduled).toContainText("Scheduled for");
    await expect(scheduled).toContainText(words);
    await expect(composer).toHaveValue("");
    expect(await seriousViolations(page, "section[aria-label='Scheduled messages']")).toEqual([]);
    await shot(page, "scheduled-send");
    expect(await contentsOf(page, thread.id)).not.toContain(words);

    const listed = (await (await page.request.get(`/api/inbox/scheduled-sends?threadId=${thread.id}`)).json()) as { now: string; data: ScheduledSend[] };
    const send = listed.data.find((s) => s.content === words)!;
    await sandboxControl("POST", "/clock/advance", { seconds: Math.ceil((Date.parse(send.sendAt) - Date.parse(listed.now)) / 1000) + 60 });

    // Sent by the scheduler: it leaves the scheduled list and joins the history, with no reload.
    await expect(scheduled).toHaveCount(0);
    await expect(page.getByRole("log").getByText(words)).toBeVisible();
    expect((await contentsOf(page, thread.id)).filter((c) => c === words)).toHaveLength(1);
  });

  test("a scheduled reply can be taken back into the box to edit, or cancelled", async ({ page }) => {
    await page.goto("/login");
    const [, thread] = await pickThreads(page);
    const words = `Maybe next week instead ${Date.now().toString(36)}`;
    await openThread(page, thread.id);
    const composer = page.getByRole("textbox", { name: /^Reply to / });
    await composer.fill(words);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.getByRole("menuitem", { name: /Next week/ }).click();
    const scheduled = page.getByRole("region", { name: "Scheduled messages" }).getByRole("article").filter({ hasText: words });
    await expect(scheduled).toBeVisible();

    await scheduled.getByRole("button", { name: "Edit" }).click();
    await expect(scheduled).toHaveCount(0);
    await expect(composer).toHaveValue(words);
    await expect(composer).toBeFocused();

    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.getByRole("menuitem", { name: /Later today/ }).click();
    await expect(scheduled).toBeVisible();
    await scheduled.getByRole("button", { name: "Cancel" }).click();
    await expect(scheduled).toHaveCount(0);
    const left = (await (await page.request.get(`/api/inbox/scheduled-sends?threadId=${thread.id}`)).json()) as { data: ScheduledSend[] };
    expect(left.data.filter((s) => s.content === words)).toEqual([]);
  });
});

test.describe("undo send", () => {
  // Jonas keeps the default window (5 s); the journeys' usual members send at once (e2e/auth.setup).
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a reply undone within its window goes back into the box, and the API receives nothing; one left alone goes", async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, "jonas@acme.test");
    // The browser's timers are the page's to move: the window passes without waiting for it.
    await page.clock.install();

    const [thread] = await pickThreads(page);
    await openThread(page, thread.id);
    const composer = page.getByRole("textbox", { name: /^Reply to / });
    const undone = `Oops, wrong conversation ${Date.now().toString(36)}`;
    await composer.fill(undone);
    await composer.press("Enter");

    const held = page.getByRole("article", { name: "Your message, about to send" });
    await expect(held).toContainText(undone);
    // Undo on the message itself and in its notice; the notice's is the one at hand.
    await expect(held.getByRole("button", { name: "Undo" })).toBeVisible();
    const notice = page.locator("[data-sonner-toast]").filter({ hasText: "Sending to" });
    await expect(notice).toBeVisible();
    await shot(page, "undo-send");
    await notice.getByRole("button", { name: "Undo" }).click();
    await expect(held).toHaveCount(0);
    await expect(composer).toHaveValue(undone);
    // Well past the window: still nothing went.
    await page.clock.fastForward(30_000);
    expect(await contentsOf(page, thread.id)).not.toContain(undone);

    const sent = `Right conversation this time ${Date.now().toString(36)}`;
    await composer.fill(sent);
    await composer.press("Enter");
    await expect(page.getByRole("article", { name: "Your message, about to send" })).toContainText(sent);
    await page.clock.fastForward(6_000);
    await expect.poll(async () => (await contentsOf(page, thread.id)).filter((c) => c === sent).length).toBe(1);
  });
});

test.describe("Settings › Sending", () => {
  // Aiko, whom no other journey signs in as: her window is hers alone to change.
  test.use({ storageState: { cookies: [], origins: [] } });

  test("keeps each member's undo window, 5 seconds unless they choose", async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, "aiko@acme.test");
    await page.goto("/settings/sending");
    await expect(page.getByRole("heading", { name: "Sending", level: 1 })).toBeVisible();
    await expect(page.getByRole("radio", { name: "5 seconds" })).toBeChecked();
    await page.getByRole("radio", { name: "10 seconds" }).check();
    await expect.poll(async () => ((await (await page.request.get("/api/inbox/preferences")).json()) as { undoSendSeconds: number }).undoSendSeconds).toBe(10);
    await shot(page, "settings-sending");
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await expect(page.getByRole("radio", { name: "10 seconds" })).toBeChecked();
  });
});
