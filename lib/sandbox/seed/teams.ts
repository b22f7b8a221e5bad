import type { KnownCapability } from "@/lib/api/capability-names";
import type { IdKind } from "../model/ids";
import type { accountLinks, members, statuses, tags, teams, tokens } from "../schema";
import { avatarDataUri } from "./media";
import { ALL_PLATFORMS, platformRow } from "./platforms";

/**
 * The seeded teams, as data: Acme Growth (the demo team, every platform and state),
 * Globex (a second, smaller world, to prove team isolation) and Locked Co (billing past
 * due). Their conversations are generated from `world`; everything else is listed here.
 */
export type TeamSpec = {
  name: string;
  /** How the team calls itself in messages ("Acme"). */
  shortName: string;
  /** The team's web domain, used in links inside messages. */
  domain: string;
  slug: string;
  currency: string;
  plan: string;
  addOns: string[];
  platforms: string[];
  locked: boolean;
  ageDays: number;
  tokens: { token: string; name: string; revoked?: boolean }[];
  members: { name: string; email: string; role: "owner" | "manager" | "member" }[];
  accountLinks: AccountLinkSpec[];
  tags: { name: string; color: string }[];
  statuses: { name: string; color: string }[];
  /** Generated conversations; null for a team with nothing but its members. */
  world: WorldSpec | null;
};

export type AccountLinkSpec = {
  platform: string;
  displayName: string;
  username: string | null;
  platformId: string;
  status: "active" | "offline" | "paused";
  pauseReasons?: string[];
  /** Platform capabilities this account lacks (a narrowed account link). */
  without?: KnownCapability[];
};

export type WorldSpec = {
  contacts: number;
  threads: number;
  /** Campaign service IDs some threads were started by; empty without the outreach add-on. */
  campaigns: string[];
  /** Whether one message carries the unavailable PDF attachment. */
  fileAttachment: boolean;
};

export const ACME: TeamSpec = {
  name: "Acme Growth",
  shortName: "Acme",
  domain: "acme.test",
  slug: "acme-growth",
  currency: "USD",
  plan: "growth",
  addOns: ["advancedApi", "outreach"],
  platforms: [...ALL_PLATFORMS],
  locked: false,
  ageDays: 420,
  tokens: [
    { token: "sandbox-token-acme", name: "Inbox" },
    { token: "sandbox-token-acme-2", name: "Zapier" },
    { token: "sandbox-token-revoked", name: "Old integration", revoked: true },
  ],
  members: [
    { name: "Olivia Hart", email: "olivia@acme.test", role: "owner" },
    { name: "Marcus Lee", email: "marcus@acme.test", role: "manager" },
    { name: "Priya Nair", email: "priya@acme.test", role: "manager" },
    { name: "Sam Rivera", email: "sam@acme.test", role: "member" },
    { name: "Jonas Berg", email: "jonas@acme.test", role: "member" },
    { name: "Aiko Tanaka", email: "aiko@acme.test", role: "member" },
  ],
  accountLinks: [
    { platform: "instagram", displayName: "Acme Growth", username: "acmegrowth", platformId: "17841405822304914", status: "active" },
    {
      platform: "instagram",
      displayName: "Acme Sales",
      username: "acme.sales",
      platformId: "17841452210987003",
      status: "active",
      without: ["message:edit", "thread:typing"],
    },
    { platform: "x", displayName: "@acmegrowth", username: "acmegrowth", platformId: "1432987650112233472", status: "active" },
    { platform: "linkedin", displayName: "Acme on LinkedIn", username: "acme-growth", platformId: "urn:li:organization:80412391", status: "offline" },
    { platform: "whatsapp", displayName: "Acme Support", username: null, platformId: "14155550100", status: "active" },
    {
      platform: "telegram",
      displayName: "Acme Telegram",
      username: "acme_growth_bot",
      platformId: "6120455873",
      status: "paused",
      pauseReasons: ["platformLimited"],
    },
    // Two more busy accounts, so 130 threads fit on 64 contacts with one thread per account and profile.
    { platform: "instagram", displayName: "Acme Events", username: "acme.events", platformId: "17841461390045127", status: "active" },
    { platform: "whatsapp", displayName: "Acme Support EU", username: null, platformId: "447700900123", status: "active" },
  ],
  tags: [
    { name: "VIP", color: "#f59e0b" },
    { name: "Partner", color: "blue" },
    { name: "Investor", color: "violet" },
    { name: "Press", color: "#0ea5e9" },
    { name: "Churn risk", color: "rose" },
    { name: "Newsletter", color: "#64748b" },
    { name: "Webinar", color: "amber" },
  ],
  statuses: [
    { name: "New", color: "gray" },
    { name: "Contacted", color: "blue" },
    { name: "Qualified", color: "violet" },
    { name: "Meeting booked", color: "amber" },
    { name: "Won", color: "#16a34a" },
    { name: "Lost", color: "red" },
  ],
  world: { contacts: 64, threads: 130, campaigns: ["cmp0001", "cmp0002"], fileAttachment: true },
};

export const GLOBEX: TeamSpec = {
  name: "Globex",
  shortName: "Globex",
  domain: "globex.test",
  slug: "globex",
  currency: "EUR",
  plan: "starter",
  addOns: [],
  platforms: ALL_PLATFORMS.filter((p) => p !== "telegram"),
  locked: false,
  ageDays: 200,
  tokens: [{ token: "sandbox-token-globex", name: "Inbox" }],
  members: [
    { name: "Elena Rossi", email: "elena@globex.test", role: "owner" },
    { name: "Tomás Silva", email: "tomas@globex.test", role: "manager" },
    { name: "Nora Fischer", email: "nora@globex.test", role: "member" },
  ],
  accountLinks: [
    { platform: "instagram", displayName: "Globex", username: "globex.eu", platformId: "17841477012345678", status: "active" },
    { platform: "x", displayName: "@globex", username: "globex", platformId: "1510203040506070809", status: "active" },
    { platform: "whatsapp", displayName: "Globex Support", username: null, platformId: "4930901820", status: "active" },
  ],
  tags: [
    { name: "Enterprise", color: "#0f766e" },
    { name: "Reseller", color: "teal" },
    { name: "Follow up", color: "orange" },
  ],
  statuses: [
    { name: "Lead", color: "gray" },
    { name: "Demo", color: "#6366f1" },
    { name: "Customer", color: "green" },
    { name: "Closed", color: "red" },
  ],
  world: { contacts: 15, threads: 20, campaigns: [], fileAttachment: false },
};

export const LOCKED_CO: TeamSpec = {
  name: "Locked Co",
  shortName: "Locked Co",
  domain: "locked.test",
  slug: "locked-co",
  currency: "USD",
  plan: "starter",
  addOns: [],
  platforms: [...ALL_PLATFORMS],
  locked: true,
  ageDays: 90,
  tokens: [{ token: "sandbox-token-locked", name: "Inbox" }],
  members: [{ name: "Lena Park", email: "lena@locked.test", role: "owner" }],
  accountLinks: [],
  tags: [],
  statuses: [],
  world: null,
};

export const TEAM_SPECS: readonly TeamSpec[] = [ACME, GLOBEX, LOCKED_CO];

export type TeamRows = {
  team: typeof teams.$inferSelect;
  tokens: (typeof tokens.$inferSelect)[];
  members: (typeof members.$inferSelect)[];
  accountLinks: (typeof accountLinks.$inferSelect)[];
  tags: (typeof tags.$inferSelect)[];
  statuses: (typeof statuses.$inferSelect)[];
};

/** The rows listed by a spec. `lastSeq` is filled in once the team's events are known. */
export function buildTeamRows(spec: TeamSpec, nextId: (kind: IdKind) => string, now: Date): TeamRows {
  const createdAt = daysBefore(now, spec.ageDays);
  const teamId = nextId("team");
  const team: TeamRows["team"] = {
    id: teamId,
    name: spec.name,
    slug: spec.slug,
    createdAt,
    updatedAt: daysBefore(now, Math.min(30, spec.ageDays)),
    currency: spec.currency,
    allowSupportAccess: false,
    imageUrl: avatarDataUri(spec.name),
    plan: spec.plan,
    addOns: spec.addOns,
    platforms: spec.platforms,
    locked: spec.locked,
    lastSeq: 0,
  };
  return {
    team,
    tokens: spec.tokens.map((t) => ({ token: t.token, teamId, name: t.name, revoked: t.revoked ?? false })),
    members: spec.members.map((m, i) => ({
      id: nextId("member"),
      teamId,
      name: m.name,
      email: m.email,
      avatarUrl: avatarDataUri(m.name),
      role: m.role,
      createdAt: daysBefore(now, spec.ageDays - i * 9),
    })),
    accountLinks: spec.accountLinks.map((link, i) => {
      const without: readonly string[] = link.without ?? [];
      return {
        id: nextId("accountLink"),
        teamId,
        platform: link.platform,
        platformId: link.platformId,
        displayName: link.displayName,
        username: link.username,
        avatarUrl: avatarDataUri(link.displayName),
        capabilities: platformRow(link.platform).capabilities.filter((c) => !without.includes(c)),
        status: link.status,
        pauseReasons: link.status === "paused" ? (link.pauseReasons ?? []) : null,
        createdAt: daysBefore(now, spec.ageDays - 3 - i * 11),
      };
    }),
    tags: spec.tags.map((t, i) => ({
      id: nextId("tag"),
      teamId,
      name: t.name,
      color: t.color,
      createdAt: daysBefore(now, spec.ageDays - 2 - i),
    })),
    statuses: spec.statuses.map((s, i) => ({ id: nextId("status"), teamId, name: s.name, color: s.color, position: i })),
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
