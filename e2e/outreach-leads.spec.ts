import { expect, test, type Page } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";

// Lists and leads (issue 15, part 2): a manager finds a list's leads by search, a two-group
// filter and a header sort, all in a URL that survives a reload; a member reads the same table
// but may not delete a custom column, in the page and at the BFF.

const BIG_LIST = "Founders & CEOs";

async function openBigList(page: Page): Promise<string> {
  await page.goto("/outreach/lists");
  await expect(page.getByRole("heading", { level: 1, name: "Lists" })).toBeVisible();
  const link = page.getByRole("link", { name: BIG_LIST });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: BIG_LIST })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

const rows = (page: Page) => page.getByRole("grid", { name: "Leads" }).locator('[role="row"][data-lead-id]');
const viewOf = (page: Page) => new URL(page.url()).searchParams;
/** The first whole number a text writes ("3,048 profiles · …" → 3048). */
const whole = (text: string | null) => Number(text?.match(/[\d,]+/)?.[0].replaceAll(",", "") ?? Number.NaN);

test.describe("as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("lists with their counts, and a list's leads searched, filtered in two groups and sorted, kept in the URL", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/outreach/lists");
    const overview = page.getByRole("table");
    await expect(overview.getByRole("columnheader", { name: "Reachable (estimate)" })).toBeVisible();
    // Profiles, reachable estimate, reachable: the big list holds 2,400 seeded people and the threads'
    // leads, and more once the import journey (which runs beside this one) has resumed its jobs.
    const counts = overview.getByRole("row", { name: new RegExp(BIG_LIST) }).getByRole("cell");
    await expect(counts).toHaveText([/^[\d,]+$/, /^[\d,]+$/, /^[\d,]+$/]);
    expect(whole(await counts.first().textContent())).toBeGreaterThanOrEqual(2_400);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/leads-lists-desktop.png" });

    const listId = await openBigList(page);
    const summary = page.getByText(/[\d,]+ profiles · [\d,]+ reachable \(estimate\) · [\d,]+ reachable/);
    await expect(summary).toBeVisible();
    expect(whole(await summary.textContent())).toBeGreaterThanOrEqual(2_400);
    await expect(page.getByRole("link", { name: "Import jobs" })).toHaveAttribute("href", `/outreach/lists/${listId}/imports`);
    // The list's custom columns follow the fixed ones; only the DOM's share of 2,400 rows is drawn.
    await expect(page.getByRole("columnheader", { name: /Company/ })).toBeVisible();
    expect(await rows(page).count()).toBeLessThan(60);

    // Search: the first lead's name finds it.
    const name = (await rows(page).first().getByRole("gridcell").first().locator(".truncate.font-medium").first().textContent())!.trim();
    await page.getByRole("searchbox", { name: "Search leads" }).fill(name);
    await expect.poll(() => viewOf(page).get("search")).toBe(name);
    await expect(rows(page).first()).toContainText(name);

    // A header sort, with aria-sort saying which way.
    await page.getByRole("searchbox", { name: "Search leads" }).fill("");
    await expect.poll(() => viewOf(page).get("search")).toBeNull();
    const valuation = page.getByRole("columnheader", { name: "Valuation" });
    await valuation.getByRole("button").click();
    await expect(valuation).toHaveAttribute("aria-sort", "descending");
    await expect(page.getByRole("columnheader", { name: "Followers" })).toHaveAttribute("aria-sort", "none");
    expect(viewOf(page).get("sort")).toBe("valuation:desc");

    // The filter builder: group 1 matches any of two names; group 2 needs 500 followers or more.
    await page.getByRole("button", { name: "Filter" }).click();
    const filter = page.getByRole("form", { name: "Filter leads" });
    await filter.getByRole("combobox", { name: "Group 1 matches" }).selectOption("or");
    await filter.getByRole("textbox", { name: "Group 1, condition 1 value" }).fill("a");
    await filter.getByRole("button", { name: "Add condition to group 1" }).click();
    await filter.getByRole("combobox", { name: "Group 1, condition 2 field" }).selectOption("username");
    await filter.getByRole("textbox", { name: "Group 1, condition 2 value" }).fill("e");
    await filter.getByRole("button", { name: "Add group" }).click();
    await filter.getByRole("combobox", { name: "Group 2, condition 1 field" }).selectOption("followers");
    // A value the contract refuses is named in a sentence, and nothing is applied.
    await filter.getByRole("button", { name: "Apply filter" }).click();
    await expect(filter.getByRole("alert")).toHaveText("Group 2, condition 1 (Followers): enter a number.");
    expect(viewOf(page).get("query")).toBeNull();
    await filter.getByRole("spinbutton", { name: "Group 2, condition 1 value" }).fill("500");
    await filter.getByRole("button", { name: "Apply filter" }).click();
    const expected = {
      groups: [
        { type: "or", filters: [{ field: "name", op: "contains", value: "a" }, { field: "username", op: "contains", value: "e" }] },
        { type: "and", filters: [{ field: "followers", op: "gte", value: 500 }] },
      ],
    };
    await expect.poll(() => JSON.parse(viewOf(page).get("query") ?? "null")).toEqual(expected);
    await expect(page.getByRole("button", { name: "Filter (3)" })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/leads-filter-desktop.png" });

    // The whole view survives a reload, and the builder reopens with it.
    await page.reload();
    await expect(page.getByRole("button", { name: "Filter (3)" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Valuation" })).toHaveAttribute("aria-sort", "descending");
    await expect(rows(page).first()).toBeVisible();
    const followers = await rows(page).evaluateAll((all) => all.map((row) => row.querySelectorAll('[role="gridcell"]')[1]!.textContent!.trim()));
    for (const text of followers) expect(parseCompact(text)).toBeGreaterThanOrEqual(500);
    await page.getByRole("button", { name: "Filter (3)" }).click();
    await expect(page.getByRole("spinbutton", { name: "Group 2, condition 1 value" })).toHaveValue("500");

    // The manager may delete a custom column: the dialog says plainly what that does (cancelled here).
    await page.getByRole("button", { name: "Delete column Company" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("purges its data from every lead of the list. It cannot be undone.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("the keyboard walks the rows and Enter opens a lead's conversation", async ({ page }) => {
    const listId = await openBigList(page);
    // Leads that replied have a conversation; the filter's URL is the way in.
    const query = JSON.stringify({ groups: [{ type: "and", filters: [{ field: "lastReplied", op: "notEmpty" }] }] });
    await page.goto(`/outreach/lists/${listId}?query=${encodeURIComponent(query)}`);
    const first = rows(page).first();
    await expect(first).toBeVisible();
    await first.focus();
    await page.keyboard.press("ArrowDown");
    await expect(rows(page).nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(first).toBeFocused();
    await expect(first.getByRole("img", { name: "Has a conversation" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]thread=/);
  });

  test("a team without the outreach plan sees a plain page, not an error", async ({ page }) => {
    // The demo team has the add-on: the API's 403 for a team without it is answered here instead.
    await page.route(/\/api\/v2\/lists/, (route) =>
      route.fulfill({
        status: 403,
        json: { code: "planRequired", message: "This feature requires the outreach add-on.", details: { addOn: "outreach" }, requestId: "req_e2e" },
      }),
    );
    await page.goto("/outreach/lists");
    await expect(page.getByRole("heading", { name: "Outreach isn't part of your plan" })).toBeVisible();
    await page.goto("/outreach/lists/lst0001");
    await expect(page.getByRole("heading", { name: "Outreach isn't part of your plan" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  });

  test("phone layout", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openBigList(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/leads-phone.png" });
    await page.goto("/outreach/lists");
    await expect(page.getByRole("link", { name: BIG_LIST })).toBeVisible();
    await page.screenshot({ path: "/tmp/leads-lists-phone.png" });
  });
});

test.describe("as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("reads the leads, sees column deletion disabled with the reason, and is refused by the BFF", async ({ page }) => {
    const listId = await openBigList(page);
    const remove = page.getByRole("button", { name: "Delete column Company" });
    await expect(remove).toHaveAttribute("aria-disabled", "true");
    await expect(remove).toHaveAttribute("aria-description", "Only managers can delete custom columns.");
    await remove.hover();
    await expect(page.getByRole("tooltip")).toContainText("Only managers can delete custom columns.");
    expect(await seriousViolations(page)).toEqual([]);

    const origin = new URL(page.url()).origin;
    const list = await (await page.request.get(`${origin}/api/v2/lists/${listId}`)).json();
    const columnId = Object.values(list.columns as Record<string, { id: string; name: string }>).find((c) => c.name === "Company")!.id;
    const refused = await page.request.delete(`${origin}/api/v2/campaigns/cmp0001/columns/${columnId}`, { headers: { origin } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe("Only managers can delete custom columns.");
  });
});

function parseCompact(text: string): number {
  const match = /^([\d.]+)([KMB]?)$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * ({ "": 1, K: 1e3, M: 1e6, B: 1e9 } as Record<string, number>)[match[2]!]!;
}
