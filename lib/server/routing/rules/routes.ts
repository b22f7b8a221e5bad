import "server-only";
import type { KnownErrorCode } from "@/lib/api/errors";
import { DRY_RUN_LIMIT, type DryRunAnswer, type Rule, type RuleDefinition, type RulePatch } from "@/lib/api/rules";
import type { Operation } from "@/lib/api/endpoints";
import { apiError } from "../../http/route";
import type { SessionViewer } from "../../http/session";
import type { Runtime } from "../../runtime/runtime";
import { ruleMatches, subjectOfThread } from "./evaluate";

/**
 * What the rules endpoints do (their rows in lib/api/inbox-endpoints: managers and admins
 * only). A rule names members, tags, statuses and account links; each is checked against the
 * team's (read through the gateway's cache), so a rule never names what does not exist. A rule
 * saved or turned on acts on the events claimed from then on, never on past ones.
 */
export async function createRule(runtime: Runtime, viewer: SessionViewer, body: RuleDefinition): Promise<Rule> {
  await checkReferences(runtime, viewer, body);
  return runtime.rules.store.create(body);
}

export async function updateRule(runtime: Runtime, viewer: SessionViewer, ruleId: string, patch: RulePatch): Promise<Rule> {
  await checkReferences(runtime, viewer, { conditions: patch.conditions ?? [], actions: patch.actions ?? [] });
  return runtime.rules.store.update(ruleId, patch);
}

/**
 * Of the most recent conversations the inbox holds (its thread index: no upstream read), those
 * whose conditions hold now. The trigger is not replayed: a dry run asks "which conversations
 * look like this", with each one's latest message preview as the text.
 */
export async function dryRun(runtime: Runtime, body: Pick<RuleDefinition, "conditions">): Promise<DryRunAnswer> {
  const index = runtime.gateway.index;
  await index.ready();
  const recent = [...index.all()].sort((a, b) => Date.parse(b.activity.at) - Date.parse(a.activity.at)).slice(0, DRY_RUN_LIMIT);
  const matched = recent.filter((thread) =>
    ruleMatches(body, {
      ...subjectOfThread(thread),
      contact: thread.contact ? { tagIds: thread.contact.tagIds, statusId: thread.contact.statusId } : null,
      text: thread.lastMessage?.preview ?? thread.activity.preview,
    }),
  );
  return {
    looked: recent.length,
    matched: matched.map((t) => ({ threadId: t.id, contactName: t.profile?.displayName ?? t.profile?.username ?? null, preview: t.lastMessage?.preview ?? t.activity.preview, at: t.activity.at })),
  };
}

type Referencing = Pick<RuleDefinition, "conditions" | "actions">;

async function checkReferences(runtime: Runtime, viewer: SessionViewer, rule: Referencing): Promise<void> {
  const wanted = { members: new Set<string>(), tags: new Set<string>(), statuses: new Set<string>(), links: new Set<string>() };
  for (const c of rule.conditions) {
    if (c.type === "accountLink") c.accountLinkIds.forEach((id) => wanted.links.add(id));
    if (c.type === "tag") wanted.tags.add(c.tagId);
    if (c.type === "status") c.statusIds.forEach((id) => wanted.statuses.add(id));
  }
  for (const a of rule.actions) {
    if (a.type === "assign") wanted.members.add(a.memberId);
    if (a.type === "addTag" || a.type === "removeTag") wanted.tags.add(a.tagId);
    if (a.type === "setStatus") wanted.statuses.add(a.statusId);
  }
  await requireAll(runtime, viewer, wanted.members, "members.list", "/members", "memberNotFound", "member");
  await requireAll(runtime, viewer, wanted.tags, "tags.list", "/tags", "tagNotFound", "tag");
  await requireAll(runtime, viewer, wanted.statuses, "statuses.list", "/statuses", "statusNotFound", "status");
  await requireAll(runtime, viewer, wanted.links, "accountLinks.list", "/account-links", "accountLinkNotFound", "account link");
}

async function requireAll(runtime: Runtime, viewer: SessionViewer, ids: ReadonlySet<string>, operation: Operation, path: string, code: KnownErrorCode, what: string): Promise<void> {
  if (ids.size === 0) return;
  const known = new Set<string>();
  let cursor: string | null = null;
  do {
    const search = new URLSearchParams({ limit: "100" });
    if (cursor) search.set("cursor", cursor);
    const response = await runtime.gateway.read(operation, path, {}, search, viewer);
    if (!response.ok) throw apiError("upstreamUnavailable", "The team's members, tags and accounts could not be read just now. Try again in a moment.");
    const page = (await response.json()) as { data: { id: string }[]; nextCursor?: string | null };
    page.data.forEach((item) => known.add(item.id));
    cursor = page.nextCursor ?? null;
  } while (cursor);
  const unknown = [...ids].find((id) => !known.has(id));
  if (unknown) throw apiError(code, `No ${what} ${unknown} in the team.`);
}
