import { base, en, Faker } from "@faker-js/faker";
import type { outreachLeads } from "../schema";
import { createRandom, type Random } from "./random";
import { DAY_MS } from "./teams";

/**
 * The people outreach lists hold: each one made from a number alone (its "person number"),
 * so the seed and the import simulator make the same person from the same number, and an
 * import that meets a person already in the list skips them on the list's unique index.
 * Names, places and bios are combined from small pools faker fills once, which keeps a
 * hundred thousand leads quick to make.
 */
export type LeadRow = typeof outreachLeads.$inferInsert;

export type LeadPlacement = {
  id: string;
  teamId: string;
  listId: string;
  /** When the lead joined the list. */
  createdAt: Date;
  now: Date;
};

export function personPlatformId(platform: string, person: number): string {
  return platform === "x" ? `19${String(person).padStart(17, "0")}` : `17841${String(person).padStart(12, "0")}`;
}

/** A lead of `platform` for person number `person`: the prospect's fields, empty context, stage `pending`. */
export function personLead(platform: string, person: number, at: LeadPlacement): LeadRow {
  const pools = poolsOnce();
  const random = createRandom(0x9e3779b1 ^ (person * 2654435761));
  const business = random.chance(0.12);
  const first = random.pick(pools.firstNames);
  const last = random.pick(pools.lastNames);
  const displayName = business ? `${last} ${random.pick(BUSINESS_SUFFIXES)}` : `${first} ${last}`;
  const username = `${(business ? last : `${first}.${last}`).toLowerCase().replace(/[^a-z0-9.]/g, "")}${person % 1000}`;
  const followerCount = random.chance(0.04) ? null : Math.round(Math.exp(random.next() * 12.5));
  const website = random.chance(0.45) ? `${username.replace(/\./g, "")}.example` : null;
  const verified = random.weighted([["none", 0.9], ["verified", 0.07], ["business", 0.025], ["government", 0.005]] as const);
  const bio = random.chance(0.08) ? null : `${random.pick(pools.roles)} ${random.pick(BIO_TAILS)} ${random.pick(pools.cities)}.`;
  const location = random.chance(0.2) ? null : random.pick(pools.cities);
  const days = (n: number) => new Date(at.now.getTime() - n * DAY_MS);
  const lastUpdatedAt = days(random.int(0, 60));
  const accountStatus = random.weighted([["active", 0.93], ["private", 0.04], ["suspended", 0.02], ["deleted", 0.01]] as const);
  return {
    id: at.id,
    teamId: at.teamId,
    listId: at.listId,
    platform,
    platformId: personPlatformId(platform, person),
    externalId: `ext-${person}`,
    documentId: `doc${person.toString(36)}`,
    displayName,
    username,
    handle: `@${username}`,
    image: null,
    bio,
    location,
    profileUrl: platform === "x" ? `https://x.com/${username}` : `https://instagram.com/${username}`,
    websiteUrl: website ? `https://${website}` : null,
    websiteDomain: website,
    verified,
    profileType: business ? "business" : random.chance(0.2) ? "creator" : "personal",
    isProtected: accountStatus === "private",
    followerCount,
    followingCount: random.chance(0.04) ? null : random.int(20, 4000),
    postCount: random.chance(0.04) ? null : random.int(0, 3000),
    engagementCount: random.int(0, 5000),
    listedCount: platform === "x" ? random.int(0, 200) : null,
    platformCreatedAt: days(random.int(200, 4000)),
    firstSeenAt: days(random.int(61, 400)),
    lastUpdatedAt,
    lastEnrichedAt: random.chance(0.7) ? lastUpdatedAt : null,
    lastActiveAt: random.chance(0.1) ? null : days(random.int(0, 90)),
    source: null,
    confidence: Math.round((0.5 + random.next() * 0.5) * 100) / 100,
    accountStatus,
    platformData: { _tag: platform },
    tagIds: [],
    statusId: null,
    valuation: null,
    notes: null,
    assigneeId: null,
    threads: [],
    data: {},
    stage: "pending",
    accountLinkId: null,
    threadId: null,
    reachable: accountStatus === "active",
    lastContactedAt: null,
    lastRepliedAt: null,
    searchText: leadSearchText(displayName, username, bio),
    createdAt: at.createdAt,
  };
}

/** What `search` looks in: name, username and bio, lower-cased once on write. */
export function leadSearchText(displayName: string | null, username: string | null, bio: string | null): string {
  return [displayName, username, bio].filter(Boolean).join("\n").toLowerCase();
}

/** The random source of one lead's team context (tags, status, valuation), apart from the person's. */
export function contextRandom(person: number, listSalt: number): Random {
  return createRandom((person * 40503) ^ (listSalt * 7919));
}

const BUSINESS_SUFFIXES = ["Studio", "Labs", "Coffee", "Agency", "Collective", "Goods", "Fitness", "Media"] as const;
const BIO_TAILS = ["building in public from", "helping startups grow in", "sharing daily lessons from", "making things in", "coffee lover based in"] as const;

type Pools = { firstNames: string[]; lastNames: string[]; cities: string[]; roles: string[] };
let pools: Pools | null = null;

function poolsOnce(): Pools {
  if (pools) return pools;
  const faker = new Faker({ locale: [en, base], seed: 4242 });
  const many = (count: number, make: () => string) => [...new Set(Array.from({ length: count }, make))];
  pools = {
    firstNames: many(400, () => faker.person.firstName()),
    lastNames: many(400, () => faker.person.lastName()),
    cities: many(120, () => faker.location.city()),
    roles: ["Founder", "CEO", "Co-founder", "Head of Growth", "Marketing lead", "Designer", "Engineer", "Creator", "Coach", "Investor", "Product manager", "Photographer"],
  };
  return pools;
}
