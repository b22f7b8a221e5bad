import { expect, test, type Page } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";

// The seed's campaigns (lib/sandbox/seed/outreach-campaigns.ts): cmp0001 "Founder outreach Q4"
// is active (12 an hour, two versions, an automation that sets a status), "Partner program" is
// a draft whose sequence uses an undefined variable, so its sync answers 422 campaignInvalid.
const FOUNDERS = "Founder outreach Q4";
const SHOTS = "/tmp/outreach-campaigns";

const campaignList = (page: Page) => page.getByRole("list", { name: "Campaigns" });
const cards = (page: Page) => campaignList(page).getByRole("article");
const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

/**
 * A whole page at a width: the outreach pages scroll inside their frame, so a full-page
 * screenshot would stop at the viewport; a tall viewport shows all of it.
 */
async function shoot(page: Page, name: string, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.screenshot({ path: `${SHOTS}-${name}.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Counts the campaign syncs the page sends, so a test can say how many one open makes. */
function countSyncs(page: Page): () => number {
  let syncs = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/v2\/campaigns\/[^/]+\/sync$/.test(new URL(request.url()).pathname)) syncs += 1;
  });
  return () => syncs;
}

async function openIndex(page: Page) {
  await page.goto("/outreach/campaigns");
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
}

async function checkCampaignPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: FOUNDERS })).toBeVisible();
  // The active sequence (version 2): message, delay in days, like-post, message.
  const steps = page.getByRole("list", { name: "Steps of version 2" });
  await expect(steps.getByRole("listitem")).toHaveCount(4);
  await expect(steps.getByRole("listitem").nth(1)).toHaveText(/Wait 2 days/);
  await expect(steps.getByRole("listitem").nth(2)).toHaveText(/Like one of their recent posts/);
  const first = steps.getByRole("listitem").first();
  await expect(first.getByText("{first-name}")).toBeVisible();
  await expect(first.getByText("{company}")).toBeVisible();
  // The variation's alternatives, and a preview filled from a real lead of "Founders & CEOs".
  await expect(first.getByText("Hey", { exact: true })).toBeVisible();
  await expect(first.getByText(/^Preview for /)).toBeVisible();
  await expect(first.getByText(/no value for/)).toHaveCount(0);

  // The schedule: weekdays 9 to 5 in Berlin, with the current hour marked once.
  const schedule = page.getByRole("table", { name: /Sending hours by day, in Europe\/Berlin/ });
  await expect(schedule.getByRole("row", { name: /Monday/ })).toContainText("09:00–17:00");
  await expect(schedule.getByRole("row", { name: /Saturday/ })).toContainText("No sending");
  await expect(schedule.locator("[data-now]")).toHaveCount(1);
  await expect(page.getByText(/where it is (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d\d:\d\d/)).toBeVisible();
  // 12 an hour: the seed has no campaign above 20, so no warning.
  await expect(page.getByText("12 messages an hour")).toBeVisible();
  await expect(page.getByText(/not recommended/)).toHaveCount(0);

  await expect(page.getByRole("region", { name: "Lists" })).toContainText("Founders & CEOs");
  await expect(page.getByRole("region", { name: "Automations" })).toContainText(/When a prospect first replies → set status (?!an unknown)\w+/);
  await expect(page.getByRole("region", { name: "Custom variables" })).toContainText("Company");
}

test.describe("campaigns, as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("the index shows each campaign's funnel, filters and sorts in the URL", async ({ page }) => {
    await openIndex(page);
    const founders = cards(page).filter({ has: page.getByRole("heading", { name: FOUNDERS }) });
    await expect(founders.getByRole("img", { name: /\d[\d,]* targets, \d[\d,]* contacted, \d[\d,]* replies; reply rate \d+%/ })).toBeVisible();
    await expect(founders).toContainText("Active");
    await expect(founders).toContainText(/Accounts?: (?!none)/);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, "index-desktop", 1440, 900);

    await page.getByLabel("Status").selectOption("active");
    await expect(page).toHaveURL(/status=active/);
    await expect(cards(page)).toHaveCount(1);
    await page.getByLabel("Status").selectOption("");
    await page.getByLabel("Search by name").fill("webinar");
    await expect(page).toHaveURL(/q=webinar/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Webinar follow-up");
    await page.getByLabel("Search by name").fill("nothing like this");
    await expect(page.getByText("No campaign matches “nothing like this”")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(cards(page)).toHaveCount(4);

    await page.getByLabel("Sort by").selectOption("name");
    await expect(page).toHaveURL(/sort=name/);
    await expect(cards(page).getByRole("heading")).toHaveText([FOUNDERS, "Partner program", "Podcast guest invites", "Webinar follow-up"]);
    await page.reload();
    await expect(cards(page).getByRole("heading")).toHaveText([FOUNDERS, "Partner program", "Podcast guest invites", "Webinar follow-up"]);
    await expect(page.getByLabel("Sort by")).toHaveValue("name");

    await shoot(page, "index-phone", 390, 1600);
  });

  test("a campaign's page: synced once, its sequence, schedule and settings, an earlier version, and its replies", async ({ page }) => {
    const syncs = countSyncs(page);
    await openIndex(page);
    expect(syncs()).toBe(0);
    await page.getByRole("link", { name: FOUNDERS }).click();
    await expect(page).toHaveURL(/\/outreach\/campaigns\/cmp0001$/);
    await checkCampaignPage(page);
    await expect.poll(syncs).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, "campaign-desktop", 1440, 1900);
    await shoot(page, "campaign-phone", 390, 3000);
    // On a phone the week scrolls sideways, by keyboard too.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The earlier version, kept in the URL.
    await page.getByRole("combobox", { name: "Version" }).selectOption("1");
    await expect(page).toHaveURL(/version=1/);
    const earlier = page.getByRole("list", { name: "Steps of version 1" });
    await expect(earlier.getByRole("listitem")).toHaveCount(3);
    await expect(earlier.getByRole("listitem").nth(1)).toHaveText(/Wait 3 days/);
    await expect(page.getByText("Version 1, an earlier one: version 2 runs now.")).toBeVisible();
    expect(syncs()).toBe(1);

    // Replies: the inbox, filtered by this campaign.
    await page.getByRole("link", { name: "Replies" }).click();
    await expect(page).toHaveURL(/[?&]campaignId=cmp0001/);
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Campaign");
    const conversations = page.getByRole("listbox", { name: /conversations$/ }).getByRole("option");
    await expect(conversations.first()).toBeVisible();
  });

  test("a draft that cannot run says why in sentences and still shows the campaign", async ({ page }) => {
    await openIndex(page);
    await page.getByRole("link", { name: "Partner program" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Partner program" })).toBeVisible();
    const issues = page.getByRole("alert").filter({ hasText: "This campaign can't run as it is" });
    await expect(issues).toContainText(/Step \d+ of version 2: variable "partner-tier" is not defined in the campaign's custom variables\./);
    await expect(page.getByRole("list", { name: "Steps of version 2" }).getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("list", { name: "Steps of version 2" }).getByText("no value for partner-tier")).toBeVisible();
    // "Interested?" has no variable: the same for everyone, so no preview repeats it.
    await expect(page.getByRole("list", { name: "Steps of version 2" }).getByRole("listitem").nth(2).getByText(/^Preview for /)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, "draft-desktop", 1440, 1200);
  });
});

test.describe("campaigns, as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("reads the index and a campaign, and its replies", async ({ page }) => {
    await openIndex(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: FOUNDERS }).click();
    await checkCampaignPage(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Replies" }).click();
    await expect(page).toHaveURL(/[?&]campaignId=cmp0001/);
    await expect(page.getByRole("listbox", { name: /conversations$/ }).getByRole("option").first()).toBeVisible();
  });

  test("the server lets a member read and refresh campaigns but not stop a sequence", async ({ page, playwright }) => {
    await page.goto("/outreach/campaigns");
    expect((await page.request.post("/api/v2/campaigns/cmp0001/sync", { headers: origin(page), data: {} })).status()).toBe(200);
    const refused = await page.request.post("/api/v2/campaigns/cmp0001/leads/nobody/cancel", { headers: origin(page), data: {} });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ message: "Only managers can stop a lead's sequence." });

    const anonymous = await playwright.request.newContext({ baseURL: new URL(page.url()).origin, storageState: { cookies: [], origins: [] } });
    try {
      expect((await anonymous.get("/api/v2/campaigns")).status()).toBe(401);
    } finally {
      await anonymous.dispose();
    }
  });
});

test.describe("campaigns, for a team without outreach", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("the index says plainly that outreach is not in the plan", async ({ page }) => {
    // Acme has the add-on; the API's answer for a team without it is played back here.
    await page.route("**/api/v2/campaigns**", (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ code: "planRequired", message: "Outreach requires the outreach add-on", details: { addOn: "outreach" }, requestId: "req_e2e" }),
      }),
    );
    await page.goto("/outreach/campaigns");
    await expect(page.getByRole("heading", { name: "Outreach isn't part of your plan" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

