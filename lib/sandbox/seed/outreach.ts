import { customDataKey } from "@/lib/api/outreach/leads";
import type { IdKind } from "../model/ids";
import { ID_PREFIX } from "../model/ids";
import type { campaignLists, campaigns, campaignSteps, importJobs, outreachColumns, outreachLists, outreachSettings } from "../schema";
import { contextRandom, leadSearchText, personLead, type LeadRow } from "./outreach-people";
import { DAY_MS } from "./teams";
import type { TeamWorld } from "./world";
import { campaignReplies, OUTREACH_CAMPAIGNS } from "./outreach-campaigns";

/**
 * Acme's outreach: four lists (the first holds 2,400 leads, or ten per `scale` thread up to
 * 100,000, with three custom columns; the others overlap it, so list membership means
 * something), seven import jobs (two running in the two import slots, one queued behind
 * them, one each paused, completed, failed and canceled) and four campaigns. Its own ID
 * counters and random sources leave every version 2 row exactly as before; campaign
 * `cmp0001` and `cmp0002` are the ones the seeded threads name, and their leads are those
 * threads' people, with their contacts' tags and status, contacted or replied as the threads
 * show. The campaigns' targets are made from these rows once they are in (the seed's
 * refreshCampaignNumbers, model/campaign-targets.ts), as a start would make them.
 */
export type OutreachRows = {
  outreachLists: (typeof outreachLists.$inferInsert)[];
  outreachColumns: (typeof outreachColumns.$inferInsert)[];
  outreachLeads: LeadRow[];
  importJobs: (typeof importJobs.$inferInsert)[];
  outreachSettings: (typeof outreachSettings.$inferInsert)[];
  campaigns: (typeof campaigns.$inferInsert)[];
  campaignSteps: (typeof campaignSteps.$inferInsert)[];
  campaignLists: (typeof campaignLists.$inferInsert)[];
};

export const BIG_LIST = { leads: 2_400, perScaleThread: 10, max: 100_000 } as const;

export function bigListSize(scale: number | undefined): number {
  return scale === undefined ? BIG_LIST.leads : Math.max(BIG_LIST.leads, Math.min(BIG_LIST.max, scale * BIG_LIST.perScaleThread));
}

export function buildOutreach(world: TeamWorld, options: { now: Date; scale?: number }): OutreachRows {
  const { now } = options;
  const teamId = world.team.id;
  const nextId = perKindIds();
  const rows: OutreachRows = {
    outreachLists: [],
    outreachColumns: [],
    outreachLeads: [],
    importJobs: [],
    outreachSettings: [{ teamId, importQueueFrozen: false }],
    campaigns: [],
    campaignSteps: [],
    campaignLists: [],
  };
  // Campaign IDs first, so the seeded threads' `cmp0001` and `cmp0002` are real campaigns.
  const campaignIds = OUTREACH_CAMPAIGNS.map(() => nextId("campaign"));
  const big = bigListSize(options.scale);
  const specs = [
    { name: "Founders & CEOs", icon: "rocket", color: "#6366f1", platform: "instagram", persons: range(0, big), age: 120 },
    { name: "SaaS webinar attendees", icon: "video", color: "#0ea5e9", platform: "instagram", persons: [...range(0, 80), ...range(big, big + 220)], age: 60 },
    { name: "Podcast guests", icon: "mic", color: "#f59e0b", platform: "x", persons: range(big + 220, big + 280), age: 45 },
    { name: "Do not contact", icon: "ban", color: "#ef4444", platform: "instagram", persons: range(100, 140), age: 90 },
  ];
  const columnSpecs: { name: string; type: string; value: (person: number) => unknown }[][] = [
    [
      { name: "Company", type: "text", value: (p) => `Company ${(p * 37) % 900}` },
      { name: "Role", type: "text", value: (p) => ["Founder", "CEO", "CTO", "COO"][p % 4] },
      { name: "Deal size", type: "number", value: (p) => ((p * 7919) % 50) * 1000 },
    ],
    [{ name: "Session", type: "text", value: (p) => ["Growth loops", "Pricing", "Hiring"][p % 3] }],
    // The podcast campaign's `show` variable comes from this column.
    [{ name: "Show", type: "text", value: (p) => ["The Growth Show", "Founders Talk", "Build in Public"][p % 3] }],
    [],
  ];

  const lists = specs.map((spec, index) => {
    const createdAt = new Date(now.getTime() - spec.age * DAY_MS);
    const list = {
      id: nextId("list"),
      teamId,
      name: spec.name,
      slug: spec.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      icon: spec.icon,
      color: spec.color,
      description: index === 3 ? "People who asked not to be messaged; campaigns exclude this list." : null,
      profilesCount: 0,
      reachableCount: 0,
      createdAt,
      updatedAt: new Date(now.getTime() - Math.floor(spec.age / 4) * DAY_MS),
    };
    rows.outreachLists.push(list);
    const columns = columnSpecs[index]!.map((column, position) => ({ id: nextId("column"), teamId, listId: list.id, name: column.name, type: column.type, position }));
    rows.outreachColumns.push(...columns);
    for (const [i, person] of spec.persons.entries()) {
      const lead = personLead(spec.platform, person, {
        id: nextId("lead"),
        teamId,
        listId: list.id,
        createdAt: new Date(createdAt.getTime() + Math.floor((i / spec.persons.length) * (spec.age - 1) * DAY_MS)),
        now,
      });
      for (const [c, column] of columns.entries()) {
        if ((person + c) % 7 !== 0) lead.data![customDataKey(column.id)] = columnSpecs[index]![c]!.value(person);
      }
      giveContext(lead, world, contextRandom(person, index));
      rows.outreachLeads.push(lead);
    }
    return list;
  });

  addThreadLeads(rows, world, lists.map((l) => l.id), campaignIds, nextId, now);
  for (const list of lists) {
    const own = rows.outreachLeads.filter((l) => l.listId === list.id);
    list.profilesCount = own.length;
    list.reachableCount = own.filter((l) => l.reachable).length;
  }
  addImportJobs(rows, teamId, lists.map((l) => l.id), nextId, now);
  for (const [index, spec] of OUTREACH_CAMPAIGNS.entries()) {
    spec.build({ rows, id: campaignIds[index]!, teamId, listIds: lists.map((l) => l.id), world, nextId, now });
  }
  return rows;
}

/**
 * The team's side of a lead: a few tags, a status, notes. Its stage stays `pending` (now and
 * then `canceled`): only the people the campaigns' threads reached are contacted or replied
 * (addThreadLeads), so every campaign's numbers match what its threads show.
 */
function giveContext(lead: LeadRow, world: TeamWorld, random: ReturnType<typeof contextRandom>) {
  if (world.tags.length && random.chance(0.12)) lead.tagIds = random.sample(world.tags, random.int(1, 2)).map((t) => t.id);
  if (world.statuses.length && random.chance(0.1)) lead.statusId = random.pick(world.statuses).id;
  if (random.chance(0.06)) lead.valuation = random.int(1, 40) * 500;
  if (random.chance(0.03)) lead.notes = random.pick(["Met at SaaStr", "Warm intro from Priya", "Asked to follow up in Q1"]);
  if (world.members.length && random.chance(0.05)) lead.assigneeId = random.pick(world.members).id;
  if (random.chance(0.01)) lead.stage = "canceled";
}

/** The people the seeded campaign threads reached, as leads of their campaign's first list. */
function addThreadLeads(rows: OutreachRows, world: TeamWorld, listIds: string[], campaignIds: string[], nextId: (kind: IdKind) => string, now: Date) {
  const listOf = new Map([
    [campaignIds[0], listIds[0]],
    [campaignIds[1], listIds[1]],
  ]);
  const profiles = new Map(world.profiles.map((p) => [p.id, p]));
  const contacts = new Map(world.contacts.map((c) => [c.id, c]));
  const tagsOf = new Map<string, string[]>();
  for (const t of world.contactTags) tagsOf.set(t.contactId, [...(tagsOf.get(t.contactId) ?? []), t.tagId]);
  const seen = new Set<string>();
  const reached = campaignReplies(world);
  for (const [i, thread] of world.threads.entries()) {
    const listId = thread.campaignId ? listOf.get(thread.campaignId) : undefined;
    const profile = profiles.get(thread.profileId);
    // One lead per person and list, however many of the team's accounts wrote to them.
    const key = `${listId}|${profile?.platform}|${profile?.platformId}`;
    const progress = reached.get(thread.id);
    if (!listId || !profile || !progress || seen.has(key)) continue;
    seen.add(key);
    const { contactedAt, repliedAt } = progress;
    const contact = profile.contactId ? contacts.get(profile.contactId) : undefined;
    const lead = personLead(profile.platform, 900_000 + i, { id: nextId("lead"), teamId: thread.teamId, listId, createdAt: thread.createdAt, now });
    Object.assign(lead, {
      platformId: profile.platformId,
      displayName: profile.displayName,
      username: profile.username,
      handle: profile.handle,
      bio: profile.bio,
      followerCount: profile.followerCount,
      followingCount: profile.followingCount,
      profileUrl: profile.profileUrl,
      platformData: profile.platformData ?? { _tag: profile.platform },
      tagIds: contact ? (tagsOf.get(contact.id) ?? []) : [],
      statusId: contact?.statusId ?? null,
      valuation: contact?.valuation ?? null,
      notes: contact?.notes ?? null,
      assigneeId: contact?.assigneeId ?? null,
      threads: [{ id: thread.id, accountLinkId: thread.accountLinkId, lastMessageTimestamp: thread.lastSentAt?.toISOString() ?? null, createdAt: thread.createdAt.toISOString() }],
      stage: repliedAt ? "replied" : "contacted",
      accountLinkId: thread.accountLinkId,
      threadId: thread.id,
      reachable: true,
      accountStatus: "active",
      lastContactedAt: contactedAt,
      lastRepliedAt: repliedAt,
      searchText: leadSearchText(profile.displayName, profile.username, profile.bio),
    } satisfies Partial<LeadRow>);
    rows.outreachLeads.push(lead);
  }
}

function addImportJobs(rows: OutreachRows, teamId: string, listIds: string[], nextId: (kind: IdKind) => string, now: Date) {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const job = (listIndex: number, type: string, status: string, fields: Partial<(typeof rows.importJobs)[number]>, ageMinutes: number) => {
    rows.importJobs.push({
      id: nextId("importJob"),
      teamId,
      listId: listIds[listIndex]!,
      type,
      status,
      totalCount: null,
      processedCount: 0,
      addedCount: 0,
      skippedCount: 0,
      failedCount: 0,
      error: null,
      rate: 60,
      statusSince: ago(ageMinutes),
      createdAt: ago(ageMinutes + 5),
      updatedAt: ago(ageMinutes),
      completedAt: null,
      ...fields,
    });
  };
  job(0, "followers", "running", { totalCount: 1200, processedCount: 180, addedCount: 160, skippedCount: 18, failedCount: 2 }, 2);
  job(1, "csv", "running", { totalCount: 500, processedCount: 20, addedCount: 19, skippedCount: 1, rate: 30 }, 1);
  job(2, "likes", "queued", { totalCount: 200 }, 30);
  job(0, "comments", "paused", { totalCount: 800, processedCount: 350, addedCount: 301, skippedCount: 45, failedCount: 4 }, 3 * 60);
  job(1, "csv", "completed", { totalCount: 300, processedCount: 300, addedCount: 260, skippedCount: 35, failedCount: 5, completedAt: ago(3 * 24 * 60) }, 3 * 24 * 60);
  job(2, "search", "failed", { totalCount: 150, processedCount: 40, addedCount: 38, failedCount: 2, error: "The source account became private" }, 2 * 24 * 60);
  job(0, "followers", "canceled", { totalCount: 5000, processedCount: 90, addedCount: 88, skippedCount: 2 }, 6 * 24 * 60);
}

/** IDs with a counter per kind (`lst0001`, `lead0001`, `cmp0001`), apart from the version 2 seed's. */
function perKindIds() {
  const counters = new Map<IdKind, number>();
  return (kind: IdKind) => {
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return ID_PREFIX[kind] + n.toString(36).padStart(4, "0");
  };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}
