import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import type { RoutingOverview } from "@/lib/api/routing";
import { sandboxControl, seriousViolations, storageStateOf } from "./helpers";

/**
 * Routing, as a manager sets it up and watches it: balanced on one account link among two
 * available members, each with room for one more conversation from routing. Three people
 * write in: one conversation each, the third waits in the queue; when one member archives
 * theirs, the waiting one goes to them. Only this journey routes, and only on "Acme Events",
 * which no other journey starts conversations on; it turns routing off again at the end.
 * Jonas and Aiko are members no other journey assigns to, so their counts hold still.
 */
test.use({ storageState: storageStateOf("manager") });

const LINK = "Acme Events";
const PEOPLE = [
  { email: "jonas@acme.test", name: "Jonas Berg" },
  { email: "aiko@acme.test", name: "Aiko Tanaka" },
];

test("a manager sets up balanced routing with capacities; new conversations go one each, the overflow waits, and the first member to free up gets it", async ({ page, baseURL, browser }) => {
  const api = page.request;
  const headers = { origin: baseURL! };
  const links = ((await (await api.get("/api/v2/account-links?limit=100")).json()) as { data: { id: string; displayName: string }[] }).data;
  const linkId = links.find((l) => l.displayName === LINK)!.id;

  // Jonas and Aiko sign in and say they are available (their own sessions, as their browsers would).
  const sessions: APIRequestContext[] = [];
  const ids: string[] = [];
  for (const person of PEOPLE) {
    const session = await request.newContext({ baseURL, extraHTTPHeaders: headers });
    sessions.push(session);
    expect((await session.post("/api/auth/sign-in/email", { data: { email: person.email, password: "inbox-demo" } })).status()).toBe(200);
    const set = await session.put("/api/inbox/availability", { data: { status: "available" } });
    expect(set.status()).toBe(200);
    ids.push(((await set.json()) as { memberId: string }).memberId);
  }

  try {
    await page.goto("/settings/routing");
    await expect(page.getByRole("heading", { level: 1, name: "Routing" })).toBeVisible();
    await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);

    // Room for exactly one more each: their capacity is what routing gave them and they still hold (none on a fresh run), plus one.
    const overview = (await (await api.get("/api/inbox/routing")).json()) as RoutingOverview;
    for (const [i, person] of PEOPLE.entries()) {
      const routed = overview.members.find((m) => m.memberId === ids[i])!.routed;
      await page.getByRole("spinbutton", { name: `${person.name}'s capacity` }).fill(String(routed + 1));
      await page.getByRole("button", { name: `Save ${person.name}'s capacity` }).click();
      await expect(page.getByRole("button", { name: `Save ${person.name}'s capacity` })).toBeDisabled();
    }

    const form = page.getByRole("form", { name: LINK });
    await form.getByRole("radio", { name: "Balanced" }).check();
    for (const person of PEOPLE) await form.getByRole("checkbox", { name: new RegExp(person.name) }).check();
    await form.getByRole("checkbox", { name: /Route message requests too/ }).check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
    await page.screenshot({ path: "reports/routing-settings.png", fullPage: true });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page), colorScheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: "light" });

    // Three people new to the account write in, one after another.
    const tag = Date.now().toString(36);
    const arrivals: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = (await sandboxControl("POST", "/inbound", { accountLinkId: linkId, profile: { platformId: `routing-e2e-${tag}-${i}`, displayName: `Routing visitor ${i + 1}` }, content: `Hello, anyone there? (${i + 1})` })) as { thread: { id: string } };
      arrivals.push(made.thread.id);
    }
    const assignee = async (threadId: string) => ((await (await api.get(`/api/v2/threads/${threadId}`)).json()) as { assigneeId: string | null }).assigneeId;
    await expect.poll(async () => (await Promise.all(arrivals.slice(0, 2).map(assignee))).sort()).toEqual([...ids].sort());
    await expect.poll(async () => ((await (await api.get("/api/inbox/routing")).json()) as RoutingOverview).queue.items.map((q) => q.threadId)).toEqual([arrivals[2]]);
    expect(await assignee(arrivals[2]!)).toBeNull();

    // The workload page shows the queue, who is available, and the capacity.
    await page.goto("/settings/workload");
    const queue = page.getByRole("region", { name: "Waiting for routing" });
    await expect(queue).toContainText("1 conversation waits");
    await expect(queue).toContainText(`${LINK}: 1`);
    const members = page.getByRole("table", { name: /^Members/ });
    await expect(members.getByRole("row", { name: /Jonas Berg/ })).toContainText("Available");
    await expect(members.getByRole("row", { name: /Jonas Berg/ })).toContainText(/capacity \d+\/\d+/);
    await page.screenshot({ path: "reports/routing-workload-queue.png", fullPage: true });

    // Whoever got the first arrival archives it: the waiting one goes to them.
    const first = await assignee(arrivals[0]!);
    const whose = sessions[ids.indexOf(first!)]!;
    expect((await whose.patch(`/api/v2/threads/${arrivals[0]}`, { data: { archived: true } })).status()).toBe(200);
    await expect.poll(() => assignee(arrivals[2]!)).toBe(first);
    await expect(queue).toContainText("Nothing waits");

    // The conversation says why it was assigned.
    await page.goto(`/?folder=all&thread=${arrivals[2]}`);
    const who = PEOPLE[ids.indexOf(first!)]!.name;
    const reason = page.getByText(new RegExp(`routing assigned the conversation to ${who} \\(balanced: ${who.split(" ")[0]} had \\d+ open\\)`));
    await expect(reason).toBeVisible();
    await reason.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "reports/routing-reason.png" });

    // Aiko steps away and back, beside her name (Aiko: other journeys watch the manager's presence).
    const aiko = await browser.newContext({ storageState: await sessions[1]!.storageState() });
    try {
      const hers = await aiko.newPage();
      await hers.goto("/");
      await hers.getByRole("button", { name: /^Available for new conversations/ }).click();
      await expect(hers.getByRole("button", { name: /^Away: no new conversations/ })).toBeVisible();
      await expect.poll(async () => ((await (await api.get("/api/inbox/routing")).json()) as RoutingOverview).members.find((m) => m.memberId === ids[1])?.away).toBe("set");
      await hers.getByRole("button", { name: /^Away: no new conversations/ }).click();
      await expect(hers.getByRole("button", { name: /^Available for new conversations/ })).toBeVisible();
    } finally {
      await aiko.close();
    }
  } finally {
    await off(page, linkId, ids, baseURL!);
    for (const session of sessions) await session.dispose();
  }
});

/** Routing off on the link and no capacities: as the seed had it, for whatever runs next. */
async function off(page: Page, linkId: string, ids: string[], origin: string) {
  await page.request.put(`/api/inbox/routing/links/${linkId}`, { data: { mode: "off", memberIds: [] }, headers: { origin } });
  for (const id of ids) await page.request.put(`/api/inbox/routing/members/${id}`, { data: { capacity: null }, headers: { origin } });
}
