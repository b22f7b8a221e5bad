import { expect, test, type Browser, type Page } from "@playwright/test";
import { seriousViolations, storageStateOf, type DemoRole } from "./helpers";

type Link = { id: string; platform: string; status: string; capabilities: string[] };
type Platform = { platform: string; name: string; limits: { messageLength: number | null } };

/** Longer than this fits no platform whose limit is at most it: the journey's conversation is on one. */
const LIMIT_AT_MOST = 4096;
type Row = { id: string; accountLinkId: string; restrictions: string[]; profile?: { displayName: string | null; isOrganization: boolean } };

const composer = (page: Page) => page.locator("#composer");

async function signedIn(browser: Browser, role: DemoRole, colorScheme: "light" | "dark" = "light") {
  const context = await browser.newContext({ storageState: storageStateOf(role), colorScheme });
  return { page: await context.newPage(), close: () => context.close() };
}

/**
 * A conversation with a person (not an organization) that the member may reply in; nothing is
 * sent to it. Journeys running side by side take different ones (`nth`): the member's drafts
 * follow them from browser to browser.
 */
async function personThread(page: Page, nth = 0) {
  const links = ((await (await page.request.get("/api/v2/account-links?limit=100")).json()) as { data: Link[] }).data;
  const platforms = (await (await page.request.get("/api/v2/platforms")).json()) as Platform[];
  const rows = ((await (await page.request.get("/api/v2/threads?folder=all&limit=100&expand=profile")).json()) as { data: Row[] }).data;
  const fits = rows
    .filter((row) => {
      const link = links.find((l) => l.id === row.accountLinkId);
      const limit = platforms.find((p) => p.platform === link?.platform)?.limits.messageLength;
      const name = row.profile?.displayName?.trim();
      return (
        link?.status === "active" &&
        link.capabilities.includes("message:send") &&
        !row.restrictions.includes("message:send") &&
        typeof limit === "number" &&
        limit <= LIMIT_AT_MOST &&
        name &&
        !row.profile!.isOrganization
      );
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  const thread = fits[(test.info().repeatEachIndex + nth) % fits.length];
  if (!thread) throw new Error("The seed has no conversation with a person to reply to");
  return { id: thread.id, firstName: thread.profile!.displayName!.trim().split(/\s+/)[0]! };
}

/** A German keyboard's keydown, as the browser reports it: the character made, the key's US position, and Shift. */
async function pressGerman(page: Page, key: string, code: string, shiftKey: boolean) {
  await page.evaluate(
    ([key, code, shiftKey]) => document.body.dispatchEvent(new KeyboardEvent("keydown", { key, code, shiftKey, bubbles: true, cancelable: true })),
    [key, code, shiftKey] as const,
  );
}

test("a manager saves a team reply with {first-name}; a member inserts it with ;shortcut, filled, and cannot change it", async ({ browser }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const name = `Welcome ${tag}`;
  const shortcut = `welcome-${tag}`;

  // The manager writes it in Settings › Saved replies, with a variable from its button and a fallback.
  const manager = await signedIn(browser, "manager");
  await manager.page.goto("/settings/saved-replies");
  await expect(manager.page.getByRole("heading", { level: 1, name: "Saved replies" })).toBeVisible();
  await manager.page.getByRole("button", { name: "New team reply" }).click();
  const editor = manager.page.getByRole("dialog", { name: "New team reply" });
  await editor.getByRole("textbox", { name: "Name" }).fill(name);
  await editor.getByRole("textbox", { name: "Shortcut" }).fill(shortcut);
  const body = editor.getByRole("textbox", { name: "Text" });
  await body.fill("Hi ");
  await editor.getByRole("button", { name: "Insert contact's first name" }).click();
  await body.press("End");
  await body.pressSequentially(", thanks for writing to us!");
  await expect(body).toHaveValue("Hi {first-name|there}, thanks for writing to us!");
  await expect(editor.getByText("Hi Ada, thanks for writing to us!")).toBeVisible();
  await manager.page.screenshot({ path: test.info().outputPath("editor.png") });
  await editor.getByRole("button", { name: "Add reply" }).click();
  await expect(editor).toBeHidden();
  const teamList = manager.page.getByRole("list", { name: "Team library" });
  await expect(teamList.getByRole("listitem").filter({ hasText: name })).toBeVisible();
  expect(await seriousViolations(manager.page)).toEqual([]);
  await manager.close();

  // The member, in a conversation with a person: `;` and the shortcut, then Enter.
  const member = await signedIn(browser, "member");
  const page = member.page;
  const thread = await personThread(page);
  await page.goto(`/?folder=all&thread=${thread.id}`);
  await expect(composer(page)).toBeEnabled();
  await composer(page).fill("");
  await composer(page).pressSequentially(`;${shortcut.slice(0, 12)}`);
  const list = page.getByRole("listbox", { name: "Saved replies" });
  const option = list.getByRole("option", { name: new RegExp(name) });
  await expect(option).toBeVisible();
  await composer(page).pressSequentially(shortcut.slice(12));
  await expect(list.getByRole("option")).toHaveCount(1);
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText(`Hi ${thread.firstName}, thanks for writing to us!`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("composer-list.png") });
  expect(await seriousViolations(page)).toEqual([]);
  await composer(page).press("Enter");
  await expect(list).toBeHidden();
  await expect(composer(page)).toHaveValue(`Hi ${thread.firstName}, thanks for writing to us!`);
  // Inserted, not sent: the text waits in the box for the member.
  await expect(page.getByRole("article").filter({ hasText: `Hi ${thread.firstName}, thanks for writing to us!` })).toHaveCount(0);

  // From the command palette: added to the draft, after what is there, filled the same way.
  await composer(page).fill("Hello!");
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox", { name: "Command" }).fill(name);
  await palette.getByRole("option", { name: new RegExp(`Insert “${name}”`) }).click();
  await expect(palette).toBeHidden();
  await expect(composer(page)).toHaveValue(`Hello!\nHi ${thread.firstName}, thanks for writing to us!`);

  // Shortcuts as a German keyboard types them: `?` is Shift+ß (the US "-" key), `;` is Shift+comma.
  await composer(page).fill("");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await pressGerman(page, "?", "Minus", true);
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText("Insert a saved reply");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await pressGerman(page, ";", "Comma", true);
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue(";");
  await expect(list).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await composer(page).fill("");

  // The member reads the team's library but may not change it: the page offers nothing, the server refuses.
  await page.goto("/settings/saved-replies");
  const row = page.getByRole("list", { name: "Team library" }).getByRole("listitem").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(page.getByRole("note")).toContainText("Only managers and admins can change the team's saved replies.");
  await expect(page.getByRole("button", { name: "New team reply" })).toHaveCount(0);
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New personal reply" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("member-settings.png") });
  expect(await seriousViolations(page)).toEqual([]);

  const replies = (await (await page.request.get("/api/inbox/saved-replies")).json()) as { data: { id: string; name: string }[] };
  const id = replies.data.find((reply) => reply.name === name)!.id;
  const origin = { origin: new URL(page.url()).origin };
  for (const refused of [
    await page.request.patch(`/api/inbox/saved-replies/${id}`, { data: { body: "Changed" }, headers: origin }),
    await page.request.delete(`/api/inbox/saved-replies/${id}`, { headers: origin }),
  ]) {
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "forbidden", message: "Only managers and admins can change the team's saved replies." });
  }
  await member.close();
});

// A journey of its own: with the one above it made two cold deep links and four axe scans, and ran
// past its two minutes when other journeys shared the machine's two cores.
test("a personal reply longer than the platform takes is flagged before it is inserted, and cannot be sent once it is; dark, and still clean", async ({ browser }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const dark = await signedIn(browser, "member", "dark");
  const thread = await personThread(dark.page, 1);
  const long = await dark.page.request.post("/api/inbox/saved-replies", {
    data: { scope: "personal", name: `Terms ${tag}`, shortcut: `terms-${tag}`, body: `Hi {first-name|there}! ${"Our terms, in full. ".repeat(230)}` },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(long.status()).toBe(201);
  await dark.page.goto(`/?folder=all&thread=${thread.id}`);
  await expect(composer(dark.page)).toBeEnabled();
  await composer(dark.page).fill("");
  await composer(dark.page).pressSequentially(`;terms-${tag}`);
  await expect(dark.page.getByRole("listbox", { name: "Saved replies" })).toBeVisible();
  await expect(dark.page.getByText(/characters: longer than .+'s limit of [\d,]+\. Shorten it before sending\./)).toBeVisible();
  await dark.page.screenshot({ path: test.info().outputPath("composer-list-dark.png") });
  expect(await seriousViolations(dark.page)).toEqual([]);
  await composer(dark.page).press("Enter");
  await expect(composer(dark.page)).toHaveAttribute("aria-invalid", "true");
  await expect(dark.page.getByRole("button", { name: "Send" })).toBeDisabled();
  await composer(dark.page).fill("");
  await dark.close();
});
