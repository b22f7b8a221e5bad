import { expect, test, type Page } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("member") });

type Link = { id: string; status: string; capabilities: string[] };
type ThreadRow = { id: string; accountLinkId: string; restrictions: string[] };

const composer = (page: Page) => page.locator("#composer");
const hint = (page: Page) => page.getByRole("status").filter({ hasText: "Sam Rivera has a draft here" });
const saved = (page: Page, method: "PUT" | "DELETE") =>
  page.waitForResponse((r) => r.url().includes("/api/inbox/drafts") && r.request().method() === method && r.ok());

test("a draft follows the member to another browser, a teammate sees it is there, and sending clears it everywhere", async ({ page, browser }) => {
  // Three browsers, six page loads and axe in two themes: every step passed in a loaded run, yet
  // together they came within a breath of the default minute.
  test.slow();
  // Pinned by ID, from the middle of the ID order: the presence journey takes threads from the end.
  const links = ((await (await page.request.get("/api/v2/account-links?limit=100")).json()) as { data: Link[] }).data;
  const threads = ((await (await page.request.get("/api/v2/threads?folder=all&limit=100")).json()) as { data: ThreadRow[] }).data;
  const sendable = threads
    .filter((t) => {
      const link = links.find((l) => l.id === t.accountLinkId);
      return link?.status === "active" && link.capabilities.includes("message:send") && !t.restrictions.includes("message:send");
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  const thread = sendable[(Math.floor(sendable.length / 2) + test.info().repeatEachIndex) % sendable.length]!;
  const url = `/?folder=all&thread=${thread.id}`;

  const managerContext = await browser.newContext({ storageState: storageStateOf("manager") });
  const laptopContext = await browser.newContext({ storageState: storageStateOf("member") });
  const manager = await managerContext.newPage();
  const laptop = await laptopContext.newPage();
  try {
    await manager.goto(url);
    await expect(composer(manager)).toBeEnabled();
    await expect(hint(manager)).toBeHidden();

    // Typed on one device: saved when the box loses focus (or a second after typing stops).
    const text = `Draft for later ${Date.now().toString(36)}`;
    await page.goto(url);
    // Presence arrives over the manager's event stream: it is open, and will carry the hint.
    await expect(manager.getByText("Sam Rivera is viewing this conversation")).toBeVisible();
    await composer(page).fill(text);
    await Promise.all([saved(page, "PUT"), composer(page).blur()]);
    // The teammate is told at once, by name, never the text.
    await expect(hint(manager)).toBeVisible();
    await expect(manager.getByText(text)).toHaveCount(0);

    for (const scheme of ["light", "dark"] as const) {
      await manager.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(manager, 'section[aria-label^="Conversation with"]')).toEqual([]);
      await manager.screenshot({ path: test.info().outputPath(`drafts-hint-${scheme}.png`) });
    }

    // Another browser of the same member, nothing in its storage: the draft is there, and goes on.
    await laptop.goto(url);
    await expect(composer(laptop)).toHaveValue(text);
    await laptop.screenshot({ path: test.info().outputPath("drafts-other-device.png") });
    await composer(laptop).press("End");
    await composer(laptop).pressSequentially(" — done");
    await Promise.all([saved(laptop, "DELETE"), composer(laptop).press("Enter")]);
    await expect(laptop.getByRole("article").filter({ hasText: `${text} — done` })).toBeVisible();
    await expect(composer(laptop)).toHaveValue("");

    // Sent: the teammate's hint goes, and the first browser, which had saved the older text, comes back empty.
    await expect(hint(manager)).toBeHidden();
    await page.reload();
    await expect(page.getByRole("article").filter({ hasText: `${text} — done` })).toBeVisible();
    await expect(composer(page)).toHaveValue("");
  } finally {
    await managerContext.close();
    await laptopContext.close();
  }
});
