import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";

/**
 * Outreach in the conversation (issue 15): a campaign thread's header names the campaign, the
 * lead's stage and the step sent last; a manager stops the sequence with one click or Shift+S
 * and the API then has the lead canceled; a member sees Stop disabled with the reason and is
 * refused by the BFF too.
 */
type Person = { platform: string; platformId: string; username: string | null; handle: string | null; displayName: string | null };
type CampaignThread = { id: string; campaignId: string; profile: Person; lastMessage: { direction: string } | null };
type Lead = { stage: string; prospect: { platform: string; platformId: string } };

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The campaign's first included list: the seeded threads' people are its leads. */
async function campaignList(request: APIRequestContext, campaignId: string): Promise<{ name: string; listId: string }> {
  const campaign = await json<{ name: string; lists: { listId: string; exclude: boolean }[] }>(request, `/api/v2/campaigns/${campaignId}`);
  return { name: campaign.name, listId: campaign.lists.find((l) => !l.exclude)!.listId };
}

/** The thread's lead as the API has it, read back through the BFF with a search. */
async function leadOf(request: APIRequestContext, listId: string, person: Person): Promise<Lead | null> {
  const search = encodeURIComponent(person.username ?? person.displayName ?? "");
  const page = await json<{ data: Lead[] }>(request, `/api/v2/lists/${listId}/leads?search=${search}&limit=50`);
  return page.data.find((l) => l.prospect.platform === person.platform && l.prospect.platformId === person.platformId) ?? null;
}

/** A thread of the campaign, seen by this session, whose lead the campaign still works (`skip` leaves some to other journeys). */
async function threadInSequence(
  request: APIRequestContext,
  campaignId: string,
  listId: string,
  { skip = 0, leadWroteLast = false }: { skip?: number; leadWroteLast?: boolean } = {},
): Promise<{ thread: CampaignThread; lead: Lead }> {
  const page = await json<{ data: CampaignThread[] }>(request, `/api/v2/threads?folder=all&campaignId=${campaignId}&expand=profile&limit=100`);
  let skipped = 0;
  for (const thread of page.data) {
    if (leadWroteLast && thread.lastMessage?.direction !== "inbound") continue;
    const lead = await leadOf(request, listId, thread.profile);
    if (lead && (lead.stage === "contacted" || lead.stage === "replied") && skipped++ >= skip) return { thread, lead };
  }
  throw new Error(`no thread of ${campaignId} whose lead is still in the sequence`);
}

/** Stop sequence: in the campaign line, or in the prompt when the lead just wrote (one of the two at a time). */
const STOP = /^Stop sequence( for .+)?$/;

async function openThread(page: Page, threadId: string) {
  await page.goto(`/?thread=${threadId}`);
  await expect(page.getByRole("group", { name: "Campaign" })).toBeVisible();
}

test.describe("as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("the header says the campaign, the stage and the step; Stop sequence cancels the lead in the API", async ({ page }) => {
    const { name: campaignName, listId } = await campaignList(page.request, "cmp0001");
    const { thread, lead } = await threadInSequence(page.request, "cmp0001", listId, { leadWroteLast: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openThread(page, thread.id);

    const bar = page.getByRole("group", { name: "Campaign" });
    await expect(bar.getByRole("link", { name: campaignName })).toHaveAttribute("href", "/outreach/campaigns/cmp0001");
    await expect(bar.getByTestId("lead-stage")).toHaveText(`Lead stage: ${lead.stage === "replied" ? "Replied" : "Contacted"}`);
    await expect(bar).toContainText(/Step \d+ of \d+ sent|Step \d+ sent/);
    // The campaign's sends are marked apart from members' and the API's.
    await expect(page.getByText(`Campaign · ${campaignName}`).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/outreach-thread-desktop.png" });

    // The lead wrote last: the stop is offered at once, in a prompt of its own.
    const prompt = page.getByRole("region", { name: "The lead replied" });
    await expect(prompt).toContainText("The campaign will keep following up until the sequence is stopped.");
    await prompt.getByRole("button", { name: /^Stop sequence for / }).click();
    await expect(page.getByText(/^Sequence stopped for /)).toBeVisible();
    await expect(bar.getByTestId("lead-stage")).toHaveText("Lead stage: Sequence stopped");
    await expect(page.getByRole("button", { name: STOP })).toHaveCount(0);
    await expect(prompt).toHaveCount(0);
    await page.screenshot({ path: "/tmp/outreach-thread-stopped.png" });
    expect((await leadOf(page.request, listId, thread.profile))?.stage).toBe("canceled");
  });

  test("Shift+S stops the sequence from the keyboard, and the shortcut sheet lists it", async ({ page }) => {
    const { listId } = await campaignList(page.request, "cmp0002");
    const { thread } = await threadInSequence(page.request, "cmp0002", listId);
    await openThread(page, thread.id);
    await expect(page.getByRole("button", { name: STOP })).toBeEnabled();
    await page.keyboard.press("Shift+S");
    await expect(page.getByText(/^Sequence stopped for /)).toBeVisible();
    await expect(page.getByRole("group", { name: "Campaign" }).getByTestId("lead-stage")).toHaveText("Lead stage: Sequence stopped");
    expect((await leadOf(page.request, listId, thread.profile))?.stage).toBe("canceled");

    await page.keyboard.press("?");
    await expect(page.getByRole("dialog").getByText("Stop the lead's campaign sequence")).toBeVisible();
  });
});

test.describe("as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("sees the campaign and Stop disabled with the reason, and the BFF refuses the stop", async ({ page }) => {
    const { listId } = await campaignList(page.request, "cmp0001");
    // The last of the member's threads still in the sequence: the manager's journey stops the first.
    const { thread } = await threadInSequence(page.request, "cmp0001", listId, { skip: 1 }).catch(() => threadInSequence(page.request, "cmp0001", listId));
    await page.setViewportSize({ width: 390, height: 844 });
    await openThread(page, thread.id);
    const stop = page.getByRole("button", { name: STOP });
    await expect(stop).toBeDisabled();
    await expect(stop).toHaveAttribute("aria-description", "Only managers can stop a lead's sequence.");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/outreach-thread-phone-member.png" });

    const origin = new URL(page.url()).origin;
    const refused = await page.request.post(`${origin}/api/v2/campaigns/cmp0001/leads/${thread.profile.platformId}/cancel`, {
      data: { by: "platformId", platform: thread.profile.platform },
      headers: { origin },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe("Only managers can stop a lead's sequence.");
  });
});

test.describe("the inbox's campaign filter", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("names campaigns in the chips and the menu", async ({ page }) => {
    const { name } = await campaignList(page.request, "cmp0001");
    await page.goto("/?folder=all&campaignId=cmp0001");
    await expect(page.getByRole("button", { name: `Remove filter Campaign: ${name}` })).toBeVisible();
    await page.getByRole("button", { name: "Filter conversations" }).click();
    await page.getByRole("menuitem", { name: "Campaign", exact: true }).click();
    await expect(page.getByRole("menuitemcheckbox", { name })).toBeChecked();
  });

  test("a team without outreach keeps its campaign IDs and its conversations, without the campaign line", async ({ page }) => {
    const { listId } = await campaignList(page.request, "cmp0001");
    const { thread } = await threadInSequence(page.request, "cmp0001", listId, { skip: 2 }).catch(() => threadInSequence(page.request, "cmp0001", listId));
    // The API's answer to a team whose plan has no outreach, for every outreach read.
    const planRequired = { code: "planRequired", message: "Outreach is not part of this plan.", details: { addOn: "outreach" }, requestId: "req_e2e" };
    await page.route(/\/api\/v2\/(campaigns|lists)(\/|\?|$)/, (route) => route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify(planRequired) }));
    await page.goto(`/?folder=all&campaignId=cmp0001&thread=${thread.id}`);
    await expect(page.getByRole("button", { name: "Remove filter Campaign: cmp0001" })).toBeVisible();
    await expect(page.locator("section[aria-label^='Conversation with']")).toBeVisible();
    await expect(page.locator("[data-message-id]").first()).toBeVisible();
    await expect(page.getByRole("group", { name: "Campaign" })).toHaveCount(0);
  });
});
