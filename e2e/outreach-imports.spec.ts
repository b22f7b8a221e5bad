import { expect, test, type Page, type Route } from "@playwright/test";
import { sandboxControl, seriousViolations, storageStateOf } from "./helpers";

/**
 * A list's import jobs (issue 15): their live progress, a queued one explained, and resume —
 * one or every paused one — for managers only. The seed's first list has the one paused job
 * ("People who commented on a post"), so the member's journey runs first and the manager's
 * resumes it; this journey moves the sandbox's clock (playwright.config's CLOCK_JOURNEYS).
 */
test.describe.configure({ mode: "serial" });

const LIST = "lst0001";
const PAUSED = "People who commented on a post";

async function openImports(page: Page) {
  await page.goto(`/outreach/lists/${LIST}/imports`);
  await expect(page.getByRole("heading", { name: "Import jobs" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading the import jobs" })).toHaveCount(0);
}

const job = (page: Page, type: string, status?: string) =>
  page.getByRole("listitem", { name: status ? `${type}, ${status}` : new RegExp(`^${type}, `) });

test.describe("as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("sees every job with its progress, resume disabled with the reason, and the BFF refuses it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openImports(page);
    await expect(page.getByText("Your team runs up to 2 imports at once.", { exact: false })).toBeVisible();
    const paused = job(page, PAUSED, "Paused");
    await expect(paused.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "350");
    await expect(paused.getByRole("progressbar")).toHaveAttribute("aria-valuemax", "800");
    await expect(paused).toContainText("Skipped, already in the list45");
    const resume = paused.getByRole("button", { name: `Resume ${PAUSED}` });
    await expect(resume).toBeDisabled();
    await expect(resume).toHaveAttribute("aria-description", "Only managers can resume import jobs.");
    await expect(page.getByRole("button", { name: "Resume all paused" })).toHaveAttribute("aria-description", "Only managers can resume import jobs.");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/outreach-imports-phone-member.png", fullPage: true });

    const origin = new URL(page.url()).origin;
    const jobId = await paused.getAttribute("data-job-id");
    for (const path of [`/api/v2/lists/${LIST}/import-jobs/${jobId}/resume`, `/api/v2/lists/${LIST}/import-jobs/bulk-resume`]) {
      const refused = await page.request.post(`${origin}${path}`, { data: {}, headers: { origin } });
      expect(refused.status(), path).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe("Only managers can resume import jobs.");
    }
  });
});

test.describe("as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("Resume all says Resuming… until the answer and keeps the job paused when it fails", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openImports(page);
    const answered = held(page, `**/api/v2/lists/${LIST}/import-jobs/bulk-resume`);
    await page.getByRole("button", { name: "Resume all paused" }).click();
    await expect(page.getByRole("button", { name: "Resuming…" }).first()).toBeVisible();
    await expect(job(page, PAUSED, "Paused")).toBeVisible();
    await (await answered).fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "upstreamUnavailable", message: "The service is not answering.", details: null, requestId: "req_e2e" }) });
    await expect(page.getByText("Couldn't resume the imports")).toBeVisible();
    await expect(page.getByRole("button", { name: "Resume all paused" })).toBeEnabled();
    await expect(job(page, PAUSED, "Paused")).toBeVisible();
  });

  test("resumes the paused job and watches its progress move as the clock goes on", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openImports(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/outreach-imports-desktop.png", fullPage: true });

    const answered = held(page, `**/api/v2/lists/${LIST}/import-jobs/*/resume`);
    await job(page, PAUSED, "Paused").getByRole("button", { name: `Resume ${PAUSED}` }).click();
    // Nothing claims the resume before the API answers.
    await expect(page.getByRole("button", { name: `Resuming ${PAUSED}…` })).toBeVisible();
    await expect(job(page, PAUSED, "Paused")).toBeVisible();
    await (await answered).continue();
    await expect(page.getByText(`${PAUSED} resumed`)).toBeVisible();

    // Both slots are busy with the seed's running imports: it waits, and says why.
    const resumed = job(page, PAUSED);
    await expect(resumed).toHaveAccessibleName(/Queued — waiting for an import slot|Starting|Running/);
    await page.screenshot({ path: "/tmp/outreach-imports-resumed.png", fullPage: true });
    const bar = resumed.getByRole("progressbar");
    await expect(bar).toHaveAttribute("aria-valuenow", "350");

    // Twenty minutes on, the running imports have finished and this one has had a slot for minutes: the page
    // shows it without a reload. Running or done by then, depending on how far the seed's own imports had got
    // (they move with real time, and other journeys may have moved the clock before this one).
    await sandboxControl("POST", "/clock/advance", { seconds: 20 * 60 });
    await expect(resumed).toHaveAccessibleName(new RegExp(`^${PAUSED}, (Running|Completed)$`));
    await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(350);
    await expect(job(page, "Followers of a profile", "Completed").first()).toBeVisible();
    await page.screenshot({ path: "/tmp/outreach-imports-moving.png", fullPage: true });
  });
});

/** Holds the next request to `url` until the journey answers it. */
function held(page: Page, url: string): Promise<Route> {
  return new Promise((resolve) => {
    void page.route(url, (route) => resolve(route), { times: 1 });
  });
}
