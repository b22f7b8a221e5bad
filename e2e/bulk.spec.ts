import { expect, test, type Page } from "@playwright/test";
import { gotoLiveInbox, seriousViolations, storageStateOf } from "./helpers";

// The oldest conversations of the inbox: the other journeys work the newest ones. These run one
// after another, each leaving the threads as it found them, so each sees the same rows.
test.describe.configure({ mode: "serial" });

const VIEW = "/?folder=inbox&order=oldest";

const list = (page: Page) => page.getByRole("listbox", { name: /conversations$/ });
const rows = (page: Page) => list(page).getByRole("option");
const row = (page: Page, id: string) => list(page).locator(`[data-thread-id="${id}"]`);
const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: /^Actions on/ });

type ApiThread = { id: string; archived: boolean; contactId: string | null; assigneeId: string | null; contact?: { statusId: string | null } };

async function apiThread(page: Page, id: string): Promise<ApiThread> {
  const response = await page.request.get(`/api/v2/threads/${id}?expand=contact`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiThread;
}

async function ids(page: Page, from: number, to: number): Promise<string[]> {
  await expect(rows(page).nth(to)).toBeVisible();
  // Read once the page is live (callers load it with gotoLiveInbox): the browser's first read replaces the server's copy of the list whole, in its own order.
  // The pointer on the list holds other journeys' changes back (it stays still under a person at work): the rows read are the rows clicked.
  await list(page).hover();
  const found: string[] = [];
  for (let i = from; i <= to; i++) found.push((await rows(page).nth(i).getAttribute("data-thread-id"))!);
  return found;
}

/** Holds each PATCH of a thread a moment, so a run's progress can be seen. */
async function slowWrites(page: Page, ms: number) {
  await page.route(/\/api\/v2\/threads\/[^/?]+$/, async (route) => {
    if (route.request().method() === "PATCH") await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

test.describe("as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("select with a click and a shift-click, archive with progress, then undo", async ({ page }) => {
    await gotoLiveInbox(page, VIEW);
    const chosen = await ids(page, 0, 3);

    // A click on the row opens it; its checkbox selects it instead.
    await row(page, chosen[0]!).locator("[data-row-check]").click();
    await expect(row(page, chosen[0]!)).toHaveAttribute("aria-checked", "true");
    await expect(page).not.toHaveURL(/thread=/);
    await row(page, chosen[3]!).click({ modifiers: ["Shift"] });
    for (const id of chosen) await expect(row(page, id)).toHaveAttribute("aria-checked", "true");
    await expect(toolbar(page)).toHaveAccessibleName("Actions on 4 selected conversations");
    expect(await seriousViolations(page)).toEqual([]);

    await slowWrites(page, 400);
    await toolbar(page).getByRole("button", { name: "Archive", exact: true }).click();
    await expect(page.getByRole("progressbar", { name: "Archiving" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /Archiving \d of 4…/ })).toBeVisible();

    const done = toasts(page).getByText("Archived 4 conversations");
    await expect(done).toBeVisible();
    for (const id of chosen) await expect(row(page, id)).toHaveCount(0);
    expect((await apiThread(page, chosen[1]!)).archived).toBe(true);

    // Undo puts each one back where it was.
    await page.getByRole("button", { name: "Undo" }).click();
    for (const id of chosen) await expect(row(page, id)).toBeVisible();
    for (const id of chosen) expect((await apiThread(page, id)).archived).toBe(false);
    await expect(toolbar(page)).toHaveCount(0);
  });

  test("select all across pages states how many the view holds", async ({ page }) => {
    // Every conversation: more than one page of the list.
    const totalOf = async () => {
      let total = 0;
      let cursor: string | null = null;
      do {
        const query: string = `/api/v2/threads?folder=all&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const pageOf = (await (await page.request.get(query)).json()) as { data: unknown[]; nextCursor: string | null };
        total += pageOf.data.length;
        cursor = pageOf.nextCursor;
      } while (cursor);
      return total;
    };

    await page.goto("/?folder=all");
    await expect(rows(page).first()).toBeVisible();
    await list(page).focus();
    await page.keyboard.press("ControlOrMeta+a");
    await expect(page.getByRole("status").filter({ hasText: /All \d+ loaded here are selected/ })).toBeVisible();
    // The offer names the view's size as the API has it (read again if another journey's new conversation came between the two reads).
    const offer = page.getByRole("button", { name: /^Select all \d+ in this view/ });
    let total = 0;
    await expect(async () => {
      total = await totalOf();
      await expect(offer).toHaveAccessibleName(new RegExp(`^Select all ${total} in this view`), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    expect(total).toBeGreaterThan(50);
    await offer.click();
    await expect(page.getByRole("status").filter({ hasText: `All ${total} conversations matching this view are selected.` })).toBeVisible();
    await expect(toolbar(page)).toHaveAccessibleName(`Actions on ${total} selected conversations`);

    // Escape lets go of it all.
    await page.keyboard.press("Escape");
    await expect(toolbar(page)).toHaveCount(0);
    await expect(rows(page).first()).toHaveAttribute("aria-checked", "false");
  });

  test("set a status on several contacts by keyboard, and undo restores each one's own", async ({ page }) => {
    await gotoLiveInbox(page, VIEW);
    const chosen = await ids(page, 4, 6);
    const before = await Promise.all(chosen.map((id) => apiThread(page, id)));
    const statuses = ((await (await page.request.get("/api/v2/statuses?limit=100")).json()) as { data: { id: string; name: string }[] }).data;
    const target = statuses.find((s) => before.every((t) => t.contact?.statusId !== s.id))!;

    // x on the cursor's row, then shift-x after moving: the rows between are selected too.
    await list(page).focus();
    // The first j shows the cursor on the first row; four more reach the fifth.
    for (let i = 0; i < 5; i++) await page.keyboard.press("j");
    await page.keyboard.press("x");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("Shift+x");
    for (const id of chosen) await expect(row(page, id)).toHaveAttribute("aria-checked", "true");

    await toolbar(page).getByRole("button", { name: "Set status" }).click();
    await page.getByRole("option", { name: target.name, exact: true }).click();
    await expect(toasts(page).getByText(`to ${target.name}`)).toBeVisible();
    for (const id of chosen) await expect(row(page, id)).toContainText(target.name);
    for (const id of chosen) expect((await apiThread(page, id)).contact?.statusId).toBe(target.id);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(async () => Promise.all(chosen.map(async (id) => (await apiThread(page, id)).contact?.statusId ?? null))).toEqual(
      before.map((t) => t.contact?.statusId ?? null),
    );
  });

  test("a write that fails is listed with its reason, and Retry finishes it", async ({ page }) => {
    await gotoLiveInbox(page, VIEW);
    const chosen = await ids(page, 7, 9);
    const failing = chosen[1]!;
    let refused = false;
    // The API fails once for one of them: only that write, only in this page.
    await page.route(`**/api/v2/threads/${failing}`, async (route) => {
      if (route.request().method() === "PATCH" && !refused) {
        refused = true;
        await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: "internalError", message: "boom", details: null, requestId: "req_e2e" }) });
        return;
      }
      await route.fallback();
    });

    try {
      await row(page, chosen[0]!).locator("[data-row-check]").click();
      await row(page, chosen[2]!).locator("[data-row-check]").click({ modifiers: ["Shift"] });
      await toolbar(page).getByRole("button", { name: "Archive", exact: true }).click();

      const results = page.getByRole("region", { name: "Bulk action results" });
      await expect(results).toContainText("Archived 2 conversations. 1 item couldn't be changed.");
      await expect(results.getByRole("list", { name: "Couldn't be changed" })).toContainText("Something went wrong on our side. Try again.");
      // The one that failed stays selected and on screen; the others left.
      await expect(row(page, failing)).toHaveAttribute("aria-checked", "true");
      await expect(row(page, chosen[0]!)).toHaveCount(0);

      await results.getByRole("button", { name: "Retry failed" }).click();
      await expect(results).toHaveCount(0);
      await expect(row(page, failing)).toHaveCount(0);
      expect((await apiThread(page, failing)).archived).toBe(true);
    } finally {
      const origin = new URL(page.url()).origin;
      for (const id of chosen) await page.request.patch(`/api/v2/threads/${id}`, { data: { archived: false }, headers: { origin } });
    }
  });
});

test.describe("as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("assigning to someone else is disabled with the reason, and refused by the server", async ({ page }) => {
    await gotoLiveInbox(page, VIEW);
    const [id] = await ids(page, 0, 0);
    await row(page, id!).locator("[data-row-check]").click();

    // The bar is a toolbar: arrows move along it.
    await toolbar(page).getByRole("button", { name: "Mark unread" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(toolbar(page).getByRole("button", { name: "Assign", exact: true })).toBeFocused();

    await toolbar(page).getByRole("button", { name: "Assign", exact: true }).click();
    const picker = page.getByRole("dialog", { name: "Assign" });
    await expect(picker.getByText("Members can assign conversations only to themselves")).toBeVisible();
    await expect(picker.getByRole("option", { name: /Marcus Lee/ })).toHaveAttribute("aria-disabled", "true");
    await expect(picker.getByRole("option", { name: /Sam Rivera/ })).not.toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Escape");

    // The server decides anyway: a direct call to assign it to a manager is refused.
    const members = ((await (await page.request.get("/api/v2/members?limit=100")).json()) as { data: { id: string; name: string }[] }).data;
    const marcus = members.find((m) => m.name === "Marcus Lee")!;
    const origin = new URL(page.url()).origin;
    const response = await page.request.patch(`/api/v2/threads/${id}`, { data: { assigneeId: marcus.id }, headers: { origin } });
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe("forbidden");
    expect((await apiThread(page, id!)).assigneeId).not.toBe(marcus.id);
  });
});
