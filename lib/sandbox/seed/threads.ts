import type { KnownCapability } from "@/lib/api/capability-names";
import type { IdKind } from "../model/ids";
import type { accountLinks, threads } from "../schema";
import { previewOf, searchTextOf } from "../model/previews";
import type { ConversationPlan, MessageRow } from "./messages";
import type { People, ProfileRow } from "./people";
import type { Random } from "./random";
import type { TeamRows, WorldSpec } from "./teams";

/**
 * Which conversations exist and what state they are in: one thread per (account link,
 * profile) on the same platform, spread over the folders (about 60% inbox, half of it
 * waiting for a reply; 12% requests; 20% archived), some unread, assigned, restricted or
 * started by a campaign. The thread row's summary fields are then copied from its messages.
 */
export type ThreadRow = typeof threads.$inferSelect;
type AccountLinkRow = typeof accountLinks.$inferSelect;
type Direction = "inbound" | "outbound";

/** `replied`/`noReply` are in the inbox; `archivedRequest` is a request someone archived. */
export type ThreadCategory = "replied" | "noReply" | "request" | "archived" | "archivedRequest";

export type ThreadPlan = ConversationPlan & {
  category: ThreadCategory;
  contactId: string | null;
  ownAssigneeId: string | null;
  unread: boolean;
  restrictions: string[];
  typingIndicators: string;
  syncing: boolean;
  platformId: string | null;
};

export type ThreadPlanInput = {
  random: Random;
  nextId: (kind: IdKind) => string;
  now: Date;
  team: TeamRows;
  world: WorldSpec;
  people: People;
  threadCount: number;
  /** Numbers the platforms' own conversation IDs, across the whole seed. */
  counter: { thread: number };
};

export function planThreads(input: ThreadPlanInput): ThreadPlan[] {
  const { random, team, people, threadCount } = input;
  const pairs = choosePairs(random, team.accountLinks, people.profiles, threadCount);
  const categories = random.shuffle(categoryList(random, pairs.length));
  const contactsById = new Map(people.contacts.map((c) => [c.id, c]));

  const campaignEligible = pairs
    .map((pair, i) => ({ pair, i }))
    .filter(({ pair, i }) => !isRequest(categories[i]) && pair.link.status === "active" && pair.link.capabilities.includes("thread:create"))
    .map(({ i }) => i);
  const campaignCount = input.world.campaigns.length > 0 ? Math.max(2, Math.round(threadCount * 0.04)) : 0;
  const campaignThreads = new Set(random.sample(campaignEligible, campaignCount));

  const restricted = new Set(random.sample(pairs.map((_, i) => i), Math.round(threadCount * 0.1)));

  const plans = pairs.map(({ link, profile }, i): ThreadPlan => {
    const category = categories[i] ?? "replied";
    const contact = profile.contactId ? contactsById.get(profile.contactId) : undefined;
    const contactAssignee = contact?.assigneeId ?? null;
    const ownAssigneeId = team.members.length > 0 && random.chance(0.25) ? pickOwnAssignee(random, team, contactAssignee) : null;
    const campaignId = campaignThreads.has(i) ? random.pick(input.world.campaigns) : null;
    const last = lastDirection(random, category);
    const first: Direction | null = campaignId ? "outbound" : link.capabilities.includes("thread:create") ? null : "inbound";
    let count = isRequest(category) ? random.int(1, 4) : messageCount(random);
    if (count === 1 && first !== null && first !== last) count = 2;
    return {
      threadId: input.nextId("thread"),
      link,
      profile,
      greeting: people.greetings.get(profile.id) ?? "there",
      directions: directions(random, count, last, first, isRequest(category)),
      lastAt: new Date(input.now.getTime() - lastAgoSeconds(random, category) * 1000),
      campaignId,
      assigneeId: ownAssigneeId ?? contactAssignee,
      request: isRequest(category),
      special: null,
      category,
      contactId: profile.contactId,
      ownAssigneeId,
      unread: random.chance(UNREAD[category] * (last === "inbound" ? 1 : 0.3)),
      restrictions: restricted.has(i) ? restrictionsFor(random, link) : [],
      typingIndicators: random.weighted([["teamDefault", 0.85], ["enabled", 0.08], ["disabled", 0.07]] as const),
      syncing: random.chance(0.01),
      platformId: random.chance(0.03) ? null : `${link.platform}-t-${++input.counter.thread}`,
    };
  });

  const answered = random.shuffle(plans.filter((p) => !p.request && p.directions.length >= 3));
  const file = input.world.fileAttachment ? answered.shift() : undefined;
  if (file) file.special = { kind: "file", index: random.int(0, file.directions.length - 1) };
  for (const plan of answered.slice(0, Math.max(1, Math.round(threadCount * 0.02)))) {
    plan.special = { kind: "link", index: random.int(0, plan.directions.length - 1) };
  }
  return plans;
}

/** The row, its summary fields (activity, last message, search text) taken from its messages. */
export function threadRow(plan: ThreadPlan, messages: MessageRow[], teamId: string): ThreadRow {
  const first = messages[0];
  const last = messages[messages.length - 1];
  if (!first || !last) throw new Error(`Thread ${plan.threadId} has no messages`);
  const preview = previewOf(last);
  return {
    id: plan.threadId,
    teamId,
    accountLinkId: plan.link.id,
    profileId: plan.profile.id,
    contactId: plan.contactId,
    platform: plan.link.platform,
    platformId: plan.platformId,
    archived: plan.category === "archived" || plan.category === "archivedRequest",
    unread: plan.unread,
    syncing: plan.syncing,
    activityAt: last.sentAt,
    activityPreview: preview,
    lastMessageId: last.id,
    lastDirection: last.direction,
    lastSentAt: last.sentAt,
    lastPreview: preview,
    ownAssigneeId: plan.ownAssigneeId,
    acceptanceState: isRequest(plan.category) ? "pending" : "accepted",
    restrictions: plan.restrictions,
    typingIndicators: plan.typingIndicators,
    campaignId: plan.campaignId,
    searchText: searchTextOf(plan.profile, preview),
    createdAt: first.sentAt,
  };
}


const UNREAD: Record<ThreadCategory, number> = {
  noReply: 0.65,
  request: 0.8,
  replied: 0.1,
  archived: 0.1,
  archivedRequest: 0.3,
};

const RESTRICTIONS: readonly KnownCapability[][] = [
  ["message:react"],
  ["message:send"],
  ["thread:typing", "message:edit"],
  ["message:unsend"],
];

function isRequest(category: ThreadCategory | undefined): boolean {
  return category === "request" || category === "archivedRequest";
}

/**
 * Every profile gets a thread first (on one of its platform's accounts), then further
 * (account, profile) pairs fill up to `count`.
 */
function choosePairs(random: Random, links: AccountLinkRow[], profiles: ProfileRow[], count: number) {
  const linksOn = new Map<string, AccountLinkRow[]>();
  for (const link of links) linksOn.set(link.platform, [...(linksOn.get(link.platform) ?? []), link]);
  const chosen: { link: AccountLinkRow; profile: ProfileRow }[] = [];
  const used = new Set<string>();
  for (const profile of random.shuffle(profiles)) {
    const options = linksOn.get(profile.platform);
    if (!options || chosen.length >= count) continue;
    const link = random.pick(options);
    chosen.push({ link, profile });
    used.add(`${link.id}/${profile.id}`);
  }
  const rest = profiles.flatMap((profile) =>
    (linksOn.get(profile.platform) ?? []).filter((link) => !used.has(`${link.id}/${profile.id}`)).map((link) => ({ link, profile })),
  );
  chosen.push(...random.shuffle(rest).slice(0, count - chosen.length));
  return random.shuffle(chosen);
}

function categoryList(random: Random, count: number): ThreadCategory[] {
  const inbox = Math.round(count * 0.6);
  const noReply = Math.round(inbox / 2);
  const requests = Math.round(count * 0.12);
  const archived = Math.round(count * 0.2);
  const rest = Math.max(0, count - inbox - requests - archived);
  return [
    ...Array<ThreadCategory>(inbox - noReply).fill("replied"),
    ...Array<ThreadCategory>(noReply).fill("noReply"),
    ...Array<ThreadCategory>(requests).fill("request"),
    ...Array<ThreadCategory>(archived).fill("archived"),
    ...Array.from({ length: rest }, () => random.pick<ThreadCategory>(["archivedRequest", "replied", "noReply"])),
  ].slice(0, count);
}

function lastDirection(random: Random, category: ThreadCategory): Direction {
  if (category === "replied") return "outbound";
  if (category === "archived") return random.chance(0.55) ? "outbound" : "inbound";
  return "inbound";
}

/** Mostly 3–25 messages, a few one-liners, a few long conversations: about 10 on average. */
function messageCount(random: Random): number {
  const roll = random.next();
  if (roll < 0.04) return random.int(60, 80);
  if (roll < 0.11) return random.int(1, 2);
  return 3 + Math.floor(23 * random.next() ** 2.5);
}

/** Backwards from the last message, in turns of one to three messages. */
function directions(random: Random, count: number, last: Direction, first: Direction | null, request: boolean): Direction[] {
  if (request) return Array<Direction>(count).fill("inbound");
  const out = Array<Direction>(count).fill(last);
  let current = last;
  let turn = turnLength(random);
  for (let i = count - 1; i >= 0; i--) {
    out[i] = current;
    if (--turn === 0) {
      current = current === "inbound" ? "outbound" : "inbound";
      turn = turnLength(random);
    }
  }
  if (first && count > 1) out[0] = first;
  return out;
}

function turnLength(random: Random): number {
  return random.weighted([[1, 0.55], [2, 0.3], [3, 0.15]] as const);
}

/** How long ago the last message was: waiting threads are recent, archived ones older. */
function lastAgoSeconds(random: Random, category: ThreadCategory): number {
  const day = 86_400;
  switch (category) {
    case "noReply":
      return 120 + Math.floor(12 * day * random.next() ** 2.2);
    case "request":
      return 300 + Math.floor(14 * day * random.next() ** 1.6);
    case "replied":
      return 300 + Math.floor(30 * day * random.next() ** 1.5);
    case "archived":
      return 2 * day + Math.floor(55 * day * random.next());
    case "archivedRequest":
      return 3 * day + Math.floor(50 * day * random.next());
  }
}

function pickOwnAssignee(random: Random, team: TeamRows, contactAssignee: string | null): string {
  const others = team.members.filter((m) => m.id !== contactAssignee);
  // Mostly someone other than the contact's assignee, so the thread's own assignee visibly wins.
  return contactAssignee && (others.length === 0 || random.chance(0.3)) ? contactAssignee : random.pick(others.length ? others : team.members).id;
}

function restrictionsFor(random: Random, link: AccountLinkRow): string[] {
  const options = RESTRICTIONS.map((set) => set.filter((c) => link.capabilities.includes(c))).filter((set) => set.length > 0);
  return options.length > 0 ? [...random.pick(options)] : [];
}
