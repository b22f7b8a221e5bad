import { expect, test } from "@playwright/test";
import type { Rule } from "@/lib/api/rules";
import { sandboxControl, seriousViolations, storageStateOf } from "./helpers";

/**
 * Rules, as a manager writes and tries them: a new rule "text contains <word> → assign to Priya,
 * add the tag VIP" made in the editor, with a dry run that finds the conversation already
 * asking; moved above another; then a new message with the word is assigned and tagged by it,
 * and the conversation's history names the rule. Every rule here matches only this run's own
 * word, so the other journeys' messages pass untouched; they are deleted at the end. Priya is a
 * manager no journey signs in as, and "Acme Support EU" a link no other journey writes to.
 */
test.use({ storageState: storageStateOf("manager") });

const LINK = "Acme Support EU";
const PRIYA = "Priya Nair";

test("a manager writes a rule, tries it with a dry run, orders it first, and it acts on the next message", async ({ page, baseURL }) => {
  const api = page.request;
  const headers = { origin: baseURL! };
  const word = `quote${Date.now().toString(36)}`;
  const links = ((await (await api.get("/api/v2/account-links?limit=100")).json()) as { data: { id: string; displayName: string }[] }).data;
  const linkId = links.find((l) => l.displayName === LINK)!.id;
  const asks = async (n: number) =>
    ((await sandboxControl("POST", "/inbound", { accountLinkId: linkId, profile: { platformId: `rules-e2e-${word}-${n}`, displayName: `Rules asker ${word} ${n}` }, content: `Could I get a ${word} for ten seats?` })) as { thread: { id: string; contactId: string } }).thread;

  // Another manager's rule of this run, already there: the new one will be moved above it.
  const other = (await (await api.post("/api/inbox/rules", { headers, data: { name: `Archive ${word} noise`, trigger: "conversationCreated", conditions: [{ type: "textContains", text: `${word}-noise` }], actions: [{ type: "archive" }] } })).json()) as Rule;
  const name = `${word} to Priya`;
  try {
    const earlier = await asks(0);

    await page.goto("/settings/rules");
    await expect(page.getByRole("heading", { level: 1, name: "Rules" })).toBeVisible();
    await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
    await expect(page.getByRole("navigation").getByRole("link", { name: "Rules" })).toBeVisible();

    await page.getByRole("button", { name: "New rule" }).click();
    const editor = page.getByRole("dialog", { name: "New rule" });
    await editor.getByRole("textbox", { name: "Name" }).fill(name);
    await editor.getByRole("button", { name: "Add condition" }).click();
    await editor.getByRole("textbox", { name: "Condition 1 value" }).fill(word);
    await editor.getByRole("combobox", { name: "Action 1 value" }).click();
    await page.getByRole("option", { name: PRIYA }).click();
    await editor.getByRole("button", { name: "Add action" }).click();
    await editor.getByRole("combobox", { name: "Action 2 value" }).click();
    await page.getByRole("option", { name: "VIP" }).click();
    await expect(editor).toContainText(`When a message arrives, if the text contains “${word}”, then assign to ${PRIYA} and add the tag VIP.`);

    // The dry run finds the conversation that already asked, from what the inbox holds.
    await editor.getByRole("button", { name: "Dry run" }).click();
    const dry = editor.getByRole("region", { name: "Dry run" });
    await expect(dry.getByRole("status")).toHaveText(/^Would have matched 1 of the \d+ most recent conversations\.$/);
    await expect(dry.getByRole("link", { name: `Rules asker ${word} 0` })).toBeVisible();
    await dry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/rules-editor.png" });
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await editor.getByRole("button", { name: "Add rule" }).click();
    await expect(editor).toBeHidden();

    // The new rule goes last; moved up with the keyboard, it runs before the other. (Runs of this
    // journey beside each other add rules of their own, so it moves until it is above.)
    const list = page.getByRole("list", { name: "Rules, in the order they run" });
    const order = async () => {
      const texts = await list.getByRole("listitem").locator("span.font-medium").allTextContents();
      return texts.indexOf(name) - texts.indexOf(other.name);
    };
    await expect.poll(order).toBeGreaterThan(0);
    await expect(async () => {
      if ((await order()) > 0) {
        await page.getByRole("button", { name: `Move ${name} up` }).focus();
        await page.keyboard.press("Enter");
      }
      expect(await order()).toBeLessThan(0);
    }).toPass();
    await page.getByRole("switch", { name: `${other.name} on` }).click();
    await expect(page.getByRole("switch", { name: `${other.name} on` })).toHaveAttribute("aria-checked", "false");
    await expect.poll(async () => ((await (await api.get("/api/inbox/rules")).json()) as { data: Rule[] }).data.filter((r) => [name, other.name].includes(r.name)).map((r) => [r.name, r.enabled])).toEqual([
      [name, true],
      [other.name, false],
    ]);
    await page.screenshot({ path: "/tmp/rules-page.png", fullPage: true });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page), colorScheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: "light" });

    // A new message with the word: the rule assigns it to Priya and tags the contact, once.
    const asked = await asks(1);
    const priyaId = ((await (await api.get("/api/v2/members?limit=100")).json()) as { data: { id: string; name: string }[] }).data.find((m) => m.name === PRIYA)!.id;
    const thread = async (id: string) => (await (await api.get(`/api/v2/threads/${id}?expand=contact`)).json()) as { assigneeId: string | null; contact: { tagIds: string[] } };
    await expect.poll(async () => (await thread(asked.id)).assigneeId).toBe(priyaId);
    const vip = ((await (await api.get("/api/v2/tags?limit=100")).json()) as { data: { id: string; name: string }[] }).data.find((t) => t.name === "VIP")!.id;
    await expect.poll(async () => (await thread(asked.id)).contact.tagIds).toContain(vip);
    // What asked before the rule existed is left alone: rules act on new events.
    expect((await thread(earlier.id)).assigneeId).toBeNull();

    // The conversation's history names the rule.
    await page.goto(`/?folder=all&thread=${asked.id}`);
    const line = page.getByText(`Rule “${name}” assigned the conversation to ${PRIYA}`);
    await expect(line).toBeVisible();
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/rules-history.png" });
  } finally {
    const rules = ((await (await api.get("/api/inbox/rules")).json()) as { data: Rule[] }).data;
    for (const rule of rules.filter((r) => r.name.includes(word))) await api.delete(`/api/inbox/rules/${rule.id}`, { headers });
  }
});

