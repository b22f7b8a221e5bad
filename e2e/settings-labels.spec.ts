import { expect, test, type Page } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";

// Names are unique per run: other journeys share the sandbox and read the same tags.
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** A tag or status as the API has it now, or null when it is gone. */
async function label(page: Page, kind: "tags" | "statuses", ref: string) {
  const response = await page.request.get(`/api/v2/${kind}/${encodeURIComponent(ref)}`);
  if (response.status() === 404) return null;
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: string; name: string; color: string; position?: number };
}

const tagList = (page: Page) => page.getByRole("list", { name: "Tags" });
const statusList = (page: Page) => page.getByRole("list", { name: "Statuses" });

test.describe("tags and statuses, as a manager", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("create, rename, recolor and delete a tag", async ({ page }) => {
    const name = unique("E2E tag");
    const renamed = `${name} renamed`;
    await page.goto("/settings/labels");
    await expect(page.getByRole("heading", { level: 1, name: "Tags and statuses" })).toBeVisible();

    // Create it with a predefined color.
    const form = page.getByRole("form", { name: "New tag" });
    await form.getByRole("textbox", { name: "Tag name" }).fill(name);
    await form.getByRole("radio", { name: "Teal" }).check();
    await form.getByRole("button", { name: "Add tag" }).click();
    await expect(tagList(page).getByRole("listitem").filter({ hasText: name })).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Tag name" })).toHaveValue("");
    expect(await label(page, "tags", name)).toMatchObject({ name, color: "teal" });

    // Rename it inline: Escape cancels, Enter saves.
    await page.getByRole("button", { name: `Rename tag ${name}` }).click();
    const field = page.getByRole("textbox", { name: `New name for tag ${name}` });
    await field.fill("Not this");
    await field.press("Escape");
    await expect(field).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Rename tag ${name}` })).toBeFocused();
    await page.getByRole("button", { name: `Rename tag ${name}` }).click();
    await field.fill(renamed);
    await field.press("Enter");
    const row = tagList(page).getByRole("listitem").filter({ hasText: renamed });
    await expect(row).toBeVisible();
    await expect(tagList(page).getByText(name, { exact: true })).toHaveCount(0);
    await expect.poll(async () => (await label(page, "tags", renamed))?.name).toBe(renamed);

    // Recolor it from its swatch.
    await page.getByRole("button", { name: `Change the color of ${renamed}` }).click();
    const colors = page.getByRole("dialog", { name: `Color of ${renamed}` });
    await expect(colors.getByRole("button", { name: "Teal" })).toHaveAttribute("aria-pressed", "true");
    await colors.getByRole("button", { name: "Violet" }).click();
    await expect(colors).toBeHidden();
    await expect.poll(async () => (await label(page, "tags", renamed))?.color).toBe("violet");
    await page.reload();
    await page.getByRole("button", { name: `Change the color of ${renamed}` }).click();
    await expect(page.getByRole("dialog", { name: `Color of ${renamed}` }).getByRole("button", { name: "Violet" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Escape");

    // Delete it, after a confirmation that says who carries it.
    await page.getByRole("button", { name: `Delete tag ${renamed}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the tag “${renamed}”?` });
    await expect(confirm).toContainText("No contact carries it.");
    await confirm.getByRole("button", { name: "Delete tag", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(tagList(page).getByText(renamed, { exact: true })).toHaveCount(0);
    await expect.poll(() => label(page, "tags", renamed)).toBeNull();
  });

  test("the delete confirmation counts the contacts that carry the tag", async ({ page }) => {
    const name = unique("E2E carried");
    await page.goto("/settings/labels");
    const created = await page.request.post("/api/v2/tags", { data: { name, color: "amber" }, headers: origin(page) });
    expect(created.status()).toBe(201);
    const threads = (await (await page.request.get("/api/v2/threads?folder=all&limit=1")).json()) as { data: { contactId: string | null }[] };
    const contactId = threads.data[0]!.contactId!;
    const tagged = await page.request.put(`/api/v2/contacts/${contactId}/tags/${encodeURIComponent(name)}`, { headers: origin(page) });
    expect(tagged.ok()).toBe(true);

    await page.reload();
    await page.getByRole("button", { name: `Delete tag ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the tag “${name}”?` });
    await expect(confirm).toContainText("1 contact carries it; it will be removed from that contact.");
    await confirm.getByRole("button", { name: "Delete tag", exact: true }).click();
    await expect(tagList(page).getByText(name, { exact: true })).toHaveCount(0);
    await expect.poll(() => label(page, "tags", name)).toBeNull();
    const contact = (await (await page.request.get(`/api/v2/contacts/${contactId}`)).json()) as { tagIds: string[] };
    expect(contact.tagIds).not.toContain((await created.json()).id);
  });

  test("a name already in use is refused with the API's sentence", async ({ page }) => {
    const name = unique("E2E taken");
    await page.goto("/settings/labels");
    // Created behind the page's back, so it may not be in the list the page read.
    expect((await page.request.post("/api/v2/tags", { data: { name }, headers: origin(page) })).status()).toBe(201);

    const form = page.getByRole("form", { name: "New tag" });
    const field = form.getByRole("textbox", { name: "Tag name" });
    await field.fill(name.toUpperCase());
    await form.getByRole("button", { name: "Add tag" }).click();
    await expect(form.getByRole("alert")).toHaveText("A tag with that name already exists.");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveValue(name.toUpperCase());

    // Renaming onto a taken name is refused in place, and the name is kept.
    const other = page.getByRole("list", { name: "Tags" }).getByRole("listitem").first();
    const otherName = (await other.innerText()).trim();
    await page.reload();
    await page.getByRole("button", { name: `Rename tag ${otherName}` }).click();
    const rename = page.getByRole("textbox", { name: `New name for tag ${otherName}` });
    await rename.fill(name);
    await rename.press("Enter");
    await expect(page.getByText("A tag with that name already exists.")).toBeVisible();
    await rename.press("Escape");
    await expect(tagList(page).getByText(otherName, { exact: true })).toBeVisible();

    expect((await page.request.delete(`/api/v2/tags/${encodeURIComponent(name)}`, { headers: origin(page) })).status()).toBe(204);
  });

  test("a new status joins the end of the pipeline and moves up by keyboard", async ({ page }) => {
    const name = unique("E2E stage");
    await page.goto("/settings/labels");
    const form = page.getByRole("form", { name: "New status" });
    await form.getByRole("textbox", { name: "Status name" }).fill(name);
    await form.getByRole("textbox", { name: "Custom color" }).fill("#0ea5e9");
    await form.getByRole("button", { name: "Add status" }).click();
    const rows = statusList(page).getByRole("listitem");
    await expect(rows.last()).toContainText(name);
    const count = await rows.count();
    expect(await label(page, "statuses", name)).toMatchObject({ color: "#0ea5e9", position: count - 1 });

    const up = page.getByRole("button", { name: `Move ${name} up` });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(rows.nth(count - 2)).toContainText(name);
    await expect(up).toBeFocused();
    await expect.poll(async () => (await label(page, "statuses", name))?.position).toBe(count - 2);

    // Cancelling keeps it and returns to its delete button.
    const remove = page.getByRole("button", { name: `Delete status ${name}` });
    await remove.click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the status “${name}”?` });
    await expect(confirm).toContainText("No contact is at this stage.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();

    await remove.click();
    await expect(confirm).toContainText("No contact is at this stage.");
    await confirm.getByRole("button", { name: "Delete status", exact: true }).click();
    await expect(statusList(page).getByText(name, { exact: true })).toHaveCount(0);
    await expect.poll(() => label(page, "statuses", name)).toBeNull();
  });

  test("no serious axe violations in light mode", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/settings/labels");
    await expect(tagList(page)).toBeVisible();
    await expect(statusList(page)).toBeVisible();
    await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // And with the color popover open.
    await tagList(page).getByRole("button", { name: /^Change the color of / }).first().click();
    const popover = page.getByRole("dialog", { name: /^Color of / });
    await expect(popover).toBeVisible();
    // Mid fade-in its text is faint: axe would measure the animation, not the colors.
    await popover.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("tags and statuses, as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("reads the lists but cannot change them, and the server refuses", async ({ page }) => {
    await page.goto("/settings/labels");
    await expect(tagList(page).getByRole("listitem").first()).toBeVisible();
    await expect(statusList(page).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("note")).toHaveText(/^Only managers and admins can change tags and statuses\./);
    await expect(page.getByRole("form", { name: "New tag" })).toHaveCount(0);
    await expect(page.getByRole("form", { name: "New status" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Rename|Delete) (tag|status) / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Change the color of / })).toHaveCount(0);

    const response = await page.request.post("/api/v2/tags", { data: { name: unique("Member tag") }, headers: origin(page) });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden" });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
