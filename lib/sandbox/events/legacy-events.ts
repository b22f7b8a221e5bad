import { and, eq, inArray, or } from "drizzle-orm";
import { LEGACY_EVENT_OF, type LegacyEvent } from "@/lib/api/v1/legacy-events";
import type { SandboxContext } from "../context";
import { toTeam } from "../model/serialize";
import { accountLinks, campaigns, contacts, events, messages, profiles, teams, threads } from "../schema";
import { toV1AccountLink } from "../v1/team";
import { toV1Message, toV1Threads } from "../v1/serialize";

type EventRow = typeof events.$inferSelect;

/** Builds the legacy envelopes (the contract: lib/api/v1/legacy-events). */
export function isLegacyEventType(type: string): boolean {
  return Object.hasOwn(LEGACY_EVENT_OF, type);
}

/** The rows that have a legacy event, each with its envelope; the others are left out. */
export async function toLegacyEvents(ctx: SandboxContext, teamId: string, rows: EventRow[]): Promise<{ row: EventRow; event: LegacyEvent }[]> {
  const { db } = ctx.store;
  const kept = rows.filter((row) => isLegacyEventType(row.type));
  if (kept.length === 0) return [];
  const text = (row: EventRow, key: string) => (typeof row.data[key] === "string" && row.data[key] !== "" ? (row.data[key] as string) : null);

  const messageRows = await loadWhere(kept.map((r) => text(r, "messageId")), (ids) =>
    db.select().from(messages).where(and(eq(messages.teamId, teamId), inArray(messages.id, ids))),
  );
  const messageById = byId(messageRows);
  const threadIdOf = (row: EventRow) => text(row, "threadId") ?? messageById.get(text(row, "messageId") ?? "")?.threadId ?? null;
  const threadRows = await loadWhere(kept.map(threadIdOf), (ids) =>
    db
      .select({ row: threads, contactAssigneeId: contacts.assigneeId })
      .from(threads)
      .leftJoin(contacts, and(eq(contacts.id, threads.contactId), eq(contacts.teamId, teamId)))
      .where(and(eq(threads.teamId, teamId), inArray(threads.id, ids))),
  );
  const threadById = new Map(threadRows.map((t) => [t.row.id, t.row]));
  const v1Threads = byId(await toV1Threads(db, teamId, threadRows));

  // The person: the thread's profile, else the one the event names by platform identity.
  const identities = kept
    .filter((r) => !threadById.has(threadIdOf(r) ?? "") && text(r, "platform") && text(r, "platformId"))
    .map((r) => ({ platform: text(r, "platform")!, platformId: text(r, "platformId")! }));
  const profileRows = [
    ...(await loadWhere([...threadById.values()].map((t) => t.profileId), (ids) =>
      db.select().from(profiles).where(and(eq(profiles.teamId, teamId), inArray(profiles.id, ids))),
    )),
    ...(identities.length
      ? await db
          .select()
          .from(profiles)
          .where(and(eq(profiles.teamId, teamId), or(...identities.map((i) => and(eq(profiles.platform, i.platform), eq(profiles.platformId, i.platformId))))))
      : []),
  ];
  const profileById = byId(profileRows);
  const profileByIdentity = new Map(profileRows.map((p) => [`${p.platform}:${p.platformId}`, p]));

  const accountLinkIdOf = (row: EventRow) => threadById.get(threadIdOf(row) ?? "")?.accountLinkId ?? text(row, "accountLinkId");
  const accountLinkById = byId(
    await loadWhere(kept.map(accountLinkIdOf), (ids) => db.select().from(accountLinks).where(and(eq(accountLinks.teamId, teamId), inArray(accountLinks.id, ids)))),
  );
  const campaignIdOf = (row: EventRow) =>
    text(row, "campaignId") ?? (row.objectType === "campaign" ? row.objectId : null) ?? threadById.get(threadIdOf(row) ?? "")?.campaignId ?? null;
  const campaignById = byId(
    await loadWhere(kept.map(campaignIdOf), (ids) => db.select().from(campaigns).where(and(eq(campaigns.teamId, teamId), inArray(campaigns.id, ids)))),
  );
  const [teamRow] = await db.select().from(teams).where(eq(teams.id, teamId));
  const team = teamRow ? asV1Team(teamRow) : null;

  return kept.map((row) => {
    const threadId = threadIdOf(row);
    const thread = threadId ? threadById.get(threadId) : undefined;
    const message = messageById.get(text(row, "messageId") ?? "");
    const profile = thread ? profileById.get(thread.profileId) : profileByIdentity.get(`${text(row, "platform")}:${text(row, "platformId")}`);
    const accountLink = accountLinkById.get(accountLinkIdOf(row) ?? "");
    const campaign = campaignById.get(campaignIdOf(row) ?? "");
    const event: LegacyEvent = {
      event: LEGACY_EVENT_OF[row.type] as LegacyEvent["event"],
      version: 1,
      timestamp: row.createdAt.toISOString(),
      platform: thread?.platform ?? profile?.platform ?? text(row, "platform"),
      data: {
        team,
        accountLink: accountLink ? toV1AccountLink(accountLink) : null,
        message: message && thread && message.threadId === thread.id ? toV1Message(message, thread.profileId) : null,
        external: profile
          ? {
              id: profile.id,
              platformId: profile.platformId,
              platform: profile.platform,
              displayName: profile.displayName,
              username: profile.username,
              image: profile.avatarUrl,
              data: profile.platformData ?? {},
            }
          : null,
        thread: (threadId && v1Threads.get(threadId)) || null,
        campaign: campaign ? { id: campaign.id, name: campaign.name, status: campaign.status } : null,
      },
    };
    return { row, event };
  });
}

/** The team as GET /v1/team shows it. */
function asV1Team(row: typeof teams.$inferSelect) {
  const { imageUrl, plan: _plan, addOns: _addOns, ...rest } = toTeam(row);
  return { ...rest, image: imageUrl };
}

function byId<T extends { id: string }>(items: T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

/** Rows for a set of IDs in one query, or none without a query when the set is empty. */
async function loadWhere<T>(ids: (string | null)[], load: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  return unique.length ? load(unique) : [];
}
