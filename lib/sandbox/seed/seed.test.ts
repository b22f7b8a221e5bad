import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { contact, profile } from "@/lib/api/contacts";
import { event } from "@/lib/api/events";
import { status, tag } from "@/lib/api/labels";
import { ATTACHMENTS_BYTES_CEILING, message } from "@/lib/api/messages";
import { accountLink, platformInfo } from "@/lib/api/platforms";
import { member, team } from "@/lib/api/team";
import { thread } from "@/lib/api/threads";
import { openDatabase, type Database, type DatabaseHandle } from "@/lib/db/connection";
import { isPredefinedColor } from "../model/colors";
import { toApiEvent } from "../events/event-log";
import {
  accountLinks,
  campaignLists,
  campaigns,
  campaignSteps,
  contacts,
  contactTags,
  events,
  importJobs,
  members,
  messages,
  outreachColumns,
  outreachLeads,
  outreachLists,
  outreachSettings,
  platforms,
  profiles,
  statuses,
  tags,
  teams,
  threads,
  tokens,
} from "../schema";
import {
  toAccountLink,
  toContact,
  toMember,
  toMessage,
  toPlatform,
  toProfile,
  toStatus,
  toTag,
  toTeam,
  toThread,
  type MediaUrlSigner,
} from "../model/serialize";
import { renderAvatarSvg, renderMediaSvg } from "./media";
import { seedSandbox, type SeedSummary } from "./seed";

const NOW = new Date("2026-05-01T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const sign: MediaUrlSigner = (key) => "https://media.test/" + key;

const MIGRATIONS = { folder: "lib/sandbox/migrations", table: "__sandbox_migrations", schema: "sandbox" };

type Rows = Awaited<ReturnType<typeof readAll>>;

let first: DatabaseHandle;
let second: DatabaseHandle;
let summary: SeedSummary;
let rows: Rows;
let acme: Rows["teams"][number];
let globex: Rows["teams"][number];

beforeAll(async () => {
  [first, second] = await Promise.all([openMigrated(), openMigrated()]);
  const started = performance.now();
  summary = await seedSandbox(first.db, { now: NOW });
  console.log(`default seed: ${Math.round(performance.now() - started)} ms`, summary);
  await seedSandbox(second.db, { now: NOW });
  rows = await readAll(first.db);
  acme = only(rows.teams.filter((t) => t.slug === "acme-growth"));
  globex = only(rows.teams.filter((t) => t.slug === "globex"));
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

const MB = 1024 * 1024;

describe("seedSandbox", () => {
  it("reports the rows it inserted", () => {
    expect(summary).toEqual({
      platforms: rows.platforms.length,
      teams: rows.teams.length,
      tokens: rows.tokens.length,
      members: rows.members.length,
      accountLinks: rows.accountLinks.length,
      tags: rows.tags.length,
      statuses: rows.statuses.length,
      contacts: rows.contacts.length,
      profiles: rows.profiles.length,
      contactTags: rows.contactTags.length,
      threads: rows.threads.length,
      messages: rows.messages.length,
      events: rows.events.length,
      outreachLists: rows.outreachLists.length,
      outreachColumns: rows.outreachColumns.length,
      outreachLeads: rows.outreachLeads.length,
      importJobs: rows.importJobs.length,
      outreachSettings: rows.outreachSettings.length,
      campaigns: rows.campaigns.length,
      campaignSteps: rows.campaignSteps.length,
      campaignLists: rows.campaignLists.length,
    });
  });

  it("is deterministic: the same `now` gives the same rows, IDs included", async () => {
    const again = await readAll(second.db);
    expect(again.threads).toEqual(rows.threads);
    expect(again.messages).toEqual(rows.messages);
    expect(again).toEqual(rows);
  });

  it("seeds the five platforms with their exact capabilities, limits and windows", () => {
    const byName = Object.fromEntries(rows.platforms.map((p) => [p.platform, p]));
    expect(rows.platforms.map((p) => [p.platform, p.name, p.position])).toEqual([
      ["instagram", "Instagram", 0],
      ["x", "X", 1],
      ["linkedin", "LinkedIn", 2],
      ["whatsapp", "WhatsApp", 3],
      ["telegram", "Telegram", 4],
    ]);
    expect(byName.instagram).toMatchObject({
      capabilities: ["message:send", "thread:create", "message:edit", "message:unsend", "message:react", "thread:typing", "message:attach"],
      limits: {
        messageLength: 1000,
        attachments: { maxCount: 4, maxBytes: 5 * MB, mimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp", "video/mp4"] },
      },
      mutationWindows: { "message:edit": 900, "message:unsend": null },
      encrypted: false,
      editTimes: "platform",
    });
    expect(byName.x).toMatchObject({
      capabilities: ["message:send", "thread:create", "message:unsend", "message:react", "thread:typing", "thread:delete"],
      limits: { messageLength: 10000, attachments: null },
      mutationWindows: { "message:unsend": null },
      encrypted: false,
      editTimes: "platform",
    });
    expect(byName.linkedin).toMatchObject({
      capabilities: ["message:send", "thread:create", "message:edit", "message:unsend"],
      limits: { messageLength: 8000, attachments: null },
      mutationWindows: { "message:edit": 3600, "message:unsend": 3600 },
      encrypted: false,
      editTimes: "observed",
    });
    expect(byName.whatsapp).toMatchObject({
      capabilities: ["message:send", "message:edit", "message:unsend", "message:react", "thread:typing", "message:attach"],
      limits: {
        messageLength: 4096,
        attachments: {
          maxCount: 4,
          maxBytes: 5 * MB,
          mimeTypes: ["image/jpeg", "image/png", "image/webp", "video/mp4", "audio/mpeg", "audio/ogg", "application/pdf", "text/plain"],
        },
      },
      mutationWindows: { "message:edit": 900, "message:unsend": 172800 },
      encrypted: true,
      editTimes: "platform",
    });
    expect(byName.telegram).toMatchObject({
      capabilities: ["message:send", "thread:create", "message:edit", "message:unsend", "message:react", "thread:typing", "thread:delete", "message:attach"],
      limits: { messageLength: 4096, attachments: { maxCount: 10, maxBytes: 2 * MB, mimeTypes: null } },
      mutationWindows: { "message:edit": 172800, "message:unsend": null },
      encrypted: false,
      editTimes: "platform",
    });
    for (const row of rows.platforms) expectParses(platformInfo, toPlatform(row));
    // Whatever a platform takes in one send fits the body every service and the inbox accept.
    for (const row of rows.platforms) {
      const limits = row.limits.attachments;
      if (limits) expect(limits.maxCount * limits.maxBytes, row.platform).toBeLessThanOrEqual(ATTACHMENTS_BYTES_CEILING);
      expect(row.capabilities.includes("message:attach"), row.platform).toBe(Boolean(limits));
    }
  });

  it("seeds Acme, Globex and the locked team with their tokens", () => {
    expect(rows.teams).toHaveLength(3);
    expect(acme).toMatchObject({ name: "Acme Growth", currency: "USD", plan: "growth", addOns: ["advancedApi", "outreach"], locked: false });
    expect(acme.platforms).toEqual(["instagram", "x", "linkedin", "whatsapp", "telegram"]);
    expect(globex).toMatchObject({ currency: "EUR", plan: "starter", addOns: [], locked: false });
    expect(globex.platforms).toEqual(["instagram", "x", "linkedin", "whatsapp"]);
    const locked = only(rows.teams.filter((t) => t.slug === "locked-co"));
    expect(locked.locked).toBe(true);
    expect(rows.members.filter((m) => m.teamId === locked.id)).toHaveLength(1);

    const tokenOf = (token: string) => only(rows.tokens.filter((t) => t.token === token));
    expect(tokenOf("sandbox-token-acme")).toMatchObject({ teamId: acme.id, name: "Inbox", revoked: false });
    expect(tokenOf("sandbox-token-acme-2")).toMatchObject({ teamId: acme.id, name: "Zapier", revoked: false });
    expect(tokenOf("sandbox-token-revoked")).toMatchObject({ teamId: acme.id, revoked: true });
    expect(tokenOf("sandbox-token-globex")).toMatchObject({ teamId: globex.id, revoked: false });
    expect(tokenOf("sandbox-token-locked")).toMatchObject({ teamId: locked.id, revoked: false });
    for (const row of rows.teams) expectParses(team, toTeam(row));
  });

  it("seeds Acme's six members in order, with avatars", () => {
    const acmeMembers = rows.members.filter((m) => m.teamId === acme.id);
    expect(acmeMembers.map((m) => [m.name, m.email, m.role])).toEqual([
      ["Olivia Hart", "olivia@acme.test", "owner"],
      ["Marcus Lee", "marcus@acme.test", "manager"],
      ["Priya Nair", "priya@acme.test", "manager"],
      ["Sam Rivera", "sam@acme.test", "member"],
      ["Jonas Berg", "jonas@acme.test", "member"],
      ["Aiko Tanaka", "aiko@acme.test", "member"],
    ]);
    expect(rows.members.filter((m) => m.teamId === globex.id)).toHaveLength(3);
    for (const row of rows.members) {
      expect(row.avatarUrl).toMatch(/^data:image\/svg\+xml;base64,/);
      expectParses(member, toMember(row));
    }
  });

  it("seeds account links in every state, narrowed ones included", () => {
    const acmeLinks = rows.accountLinks.filter((l) => l.teamId === acme.id);
    expect(acmeLinks.length).toBeGreaterThanOrEqual(6);
    const byName = (name: string) => only(acmeLinks.filter((l) => l.displayName === name));
    const platformCaps = (p: string) => only(rows.platforms.filter((r) => r.platform === p)).capabilities;

    expect(byName("Acme Growth")).toMatchObject({ platform: "instagram", status: "active", capabilities: platformCaps("instagram") });
    expect(byName("Acme Sales")).toMatchObject({
      platform: "instagram",
      status: "active",
      capabilities: platformCaps("instagram").filter((c) => c !== "message:edit" && c !== "thread:typing"),
    });
    expect(byName("@acmegrowth")).toMatchObject({ platform: "x", status: "active" });
    expect(byName("Acme on LinkedIn")).toMatchObject({ platform: "linkedin", status: "offline", pauseReasons: null });
    expect(byName("Acme Support")).toMatchObject({ platform: "whatsapp", status: "active" });
    expect(byName("Acme Telegram")).toMatchObject({ platform: "telegram", status: "paused", pauseReasons: ["platformLimited"] });

    expect(rows.accountLinks.filter((l) => l.teamId === globex.id).map((l) => l.platform)).toEqual(["instagram", "x", "whatsapp"]);
    for (const link of rows.accountLinks) {
      expect(platformCaps(link.platform)).toEqual(expect.arrayContaining(link.capabilities));
      if (link.status !== "paused") expect(link.pauseReasons).toBeNull();
      expect(link.platformId).toBeTruthy();
      expectParses(accountLink, toAccountLink(link));
    }
  });

  it("seeds tags and the six pipeline statuses", () => {
    const acmeTags = rows.tags.filter((t) => t.teamId === acme.id);
    expect(acmeTags.length).toBeGreaterThanOrEqual(6);
    expect(acmeTags.some((t) => /^#[0-9a-f]{6}$/i.test(t.color))).toBe(true);
    expect(acmeTags.some((t) => !t.color.startsWith("#"))).toBe(true);
    const acmeStatuses = rows.statuses.filter((s) => s.teamId === acme.id).sort((a, b) => a.position - b.position);
    expect(acmeStatuses.map((s) => [s.name, s.position])).toEqual([
      ["New", 0],
      ["Contacted", 1],
      ["Qualified", 2],
      ["Meeting booked", 3],
      ["Won", 4],
      ["Lost", 5],
    ]);
    expect(rows.tags.some((t) => t.teamId === globex.id)).toBe(true);
    expect(rows.statuses.some((s) => s.teamId === globex.id)).toBe(true);
    for (const row of [...rows.tags, ...rows.statuses]) {
      if (!row.color.startsWith("#")) expect(isPredefinedColor(row.color), row.color).toBe(true);
    }
    for (const row of rows.tags) expectParses(tag, toTag(row));
    for (const row of rows.statuses) expectParses(status, toStatus(row));
  });

  it("seeds contacts with one to three profiles each, and CRM fields on some", () => {
    const acmeContacts = rows.contacts.filter((c) => c.teamId === acme.id);
    expect(acmeContacts).toHaveLength(64);
    expect(rows.contacts.filter((c) => c.teamId === globex.id)).toHaveLength(15);

    const profilesOf = groupBy(rows.profiles, (p) => p.contactId ?? "");
    expect(profilesOf.has("")).toBe(false);
    for (const c of rows.contacts) {
      const own = profilesOf.get(c.id) ?? [];
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      expect(new Set(own.map((p) => p.platform)).size, "one profile per platform").toBe(own.length);
      for (const p of own) expect(p.teamId).toBe(c.teamId);
    }
    const multi = acmeContacts.filter((c) => (profilesOf.get(c.id)?.length ?? 0) > 1).length;
    expect(multi / acmeContacts.length).toBeGreaterThan(0.08);
    expect(multi / acmeContacts.length).toBeLessThan(0.3);

    const share = (pred: (c: (typeof acmeContacts)[number]) => boolean) => acmeContacts.filter(pred).length / acmeContacts.length;
    expect(share((c) => c.statusId !== null)).toBeGreaterThan(0.5);
    expect(share((c) => c.notes !== null)).toBeGreaterThan(0.15);
    expect(share((c) => c.valuation !== null)).toBeGreaterThan(0.25);
    expect(share((c) => c.assigneeId !== null)).toBeGreaterThan(0.2);
    for (const c of acmeContacts) {
      if (c.valuation !== null) expect(c.valuation).toBeGreaterThanOrEqual(500);
      if (c.valuation !== null) expect(c.valuation).toBeLessThanOrEqual(50_000);
    }
    const tagsOf = groupBy(rows.contactTags, (t) => t.contactId);
    expect(Math.max(...[...tagsOf.values()].map((t) => t.length))).toBeLessThanOrEqual(3);
    expect(tagsOf.size).toBeGreaterThan(acmeContacts.length * 0.3);

    const teamOf = new Map([...rows.tags, ...rows.statuses, ...rows.members].map((r) => [r.id, r.teamId]));
    for (const c of rows.contacts) {
      if (c.statusId) expect(teamOf.get(c.statusId)).toBe(c.teamId);
      if (c.assigneeId) expect(teamOf.get(c.assigneeId)).toBe(c.teamId);
      for (const t of tagsOf.get(c.id) ?? []) expect(teamOf.get(t.tagId)).toBe(c.teamId);
      const serialized = toContact(c, profilesOf.get(c.id) ?? [], (tagsOf.get(c.id) ?? []).map((t) => t.tagId));
      expectParses(contact, serialized);
    }

    const avatars = rows.profiles.filter((p) => p.avatarUrl?.startsWith("data:image/svg+xml;base64,")).length;
    expect(avatars / rows.profiles.length).toBeGreaterThan(0.55);
    expect(avatars / rows.profiles.length).toBeLessThan(0.85);
    for (const p of rows.profiles) {
      if (p.username) expect(p.username.startsWith("@")).toBe(false);
      expect(p.platformData?._tag).toBe(p.platform);
      expectParses(profile, toProfile(p));
    }
  });

  it("seeds threads in every folder, each between one account link and one profile on its platform", () => {
    const acmeThreads = rows.threads.filter((t) => t.teamId === acme.id);
    expect(acmeThreads).toHaveLength(130);
    expect(rows.threads.filter((t) => t.teamId === globex.id)).toHaveLength(20);
    const links = new Map(rows.accountLinks.map((l) => [l.id, l]));
    const profilesById = new Map(rows.profiles.map((p) => [p.id, p]));
    const pairs = new Set<string>();
    for (const t of rows.threads) {
      const link = links.get(t.accountLinkId);
      const p = profilesById.get(t.profileId);
      expect(link?.teamId).toBe(t.teamId);
      expect(p?.teamId).toBe(t.teamId);
      expect(link?.platform).toBe(t.platform);
      expect(p?.platform).toBe(t.platform);
      expect(t.contactId).toBe(p?.contactId);
      pairs.add(`${t.accountLinkId}/${t.profileId}`);
    }
    expect(pairs.size, "one thread per (account link, profile)").toBe(rows.threads.length);

    const folder = {
      inbox: acmeThreads.filter((t) => !t.archived && t.acceptanceState === "accepted"),
      noReply: acmeThreads.filter((t) => !t.archived && t.acceptanceState === "accepted" && t.lastDirection === "inbound"),
      requests: acmeThreads.filter((t) => !t.archived && t.acceptanceState === "pending"),
      archived: acmeThreads.filter((t) => t.archived),
    };
    expect(folder.inbox.length / 130).toBeGreaterThan(0.5);
    expect(folder.noReply.length).toBeGreaterThan(folder.inbox.length * 0.35);
    expect(folder.noReply.length).toBeLessThan(folder.inbox.length * 0.65);
    expect(folder.requests.length).toBeGreaterThanOrEqual(10);
    expect(folder.archived.length).toBeGreaterThanOrEqual(20);
    for (const t of folder.requests) expect(t.lastDirection).toBe("inbound");
    expect(acmeThreads.every((t) => ["accepted", "pending"].includes(t.acceptanceState))).toBe(true);

    const unread = acmeThreads.filter((t) => t.unread).length / 130;
    expect(unread).toBeGreaterThan(0.2);
    expect(unread).toBeLessThan(0.5);

    const contactsById = new Map(rows.contacts.map((c) => [c.id, c]));
    const contactAssignee = (t: (typeof acmeThreads)[number]) => (t.contactId ? (contactsById.get(t.contactId)?.assigneeId ?? null) : null);
    const own = acmeThreads.filter((t) => t.ownAssigneeId);
    expect(own.length / 130).toBeGreaterThan(0.15);
    expect(own.length / 130).toBeLessThan(0.35);
    expect(own.some((t) => contactAssignee(t) && contactAssignee(t) !== t.ownAssigneeId), "own assignee overriding the contact's").toBe(true);
    expect(acmeThreads.some((t) => !t.ownAssigneeId && contactAssignee(t)), "assignee from the contact").toBe(true);
    expect(acmeThreads.some((t) => !t.ownAssigneeId && !contactAssignee(t)), "unassigned").toBe(true);

    const restricted = acmeThreads.filter((t) => t.restrictions.length > 0);
    expect(restricted.length).toBeGreaterThanOrEqual(8);
    expect(restricted.length).toBeLessThanOrEqual(20);
    expect(new Set(acmeThreads.map((t) => t.typingIndicators))).toEqual(new Set(["teamDefault", "enabled", "disabled"]));
    expect(new Set(acmeThreads.flatMap((t) => (t.campaignId ? [t.campaignId] : [])))).toEqual(new Set(["cmp0001", "cmp0002"]));
    expect(rows.threads.filter((t) => t.teamId === globex.id && t.campaignId)).toHaveLength(0);

    const byStatus = (s: string) => acmeThreads.filter((t) => links.get(t.accountLinkId)?.status === s).length;
    expect(byStatus("offline")).toBeGreaterThan(0);
    expect(byStatus("paused")).toBeGreaterThan(0);
    for (const l of rows.accountLinks) expect(rows.threads.some((t) => t.accountLinkId === l.id), l.displayName).toBe(true);
  });

  it("keeps each thread's summary fields equal to its messages", () => {
    const messagesOf = groupBy(rows.messages, (m) => m.threadId);
    const profilesById = new Map(rows.profiles.map((p) => [p.id, p]));
    for (const t of rows.threads) {
      const own = messagesOf.get(t.id) ?? [];
      const firstMessage = own[0];
      const last = own[own.length - 1];
      if (!firstMessage || !last) throw new Error(`thread ${t.id} has no messages`);
      const preview = last.content ? last.content.slice(0, 120) : last.attachments.some((a) => a.kind === "image") ? "Photo" : "Attachment";
      expect(last.deletedAt).toBeNull();
      expect(t.activityAt).toEqual(last.sentAt);
      expect(t.lastSentAt).toEqual(last.sentAt);
      expect(t.lastMessageId).toBe(last.id);
      expect(t.lastDirection).toBe(last.direction);
      expect(t.activityPreview).toBe(preview);
      expect(t.lastPreview).toBe(preview);
      expect(t.createdAt).toEqual(firstMessage.sentAt);
      const p = profilesById.get(t.profileId);
      const search = [p?.displayName, p?.username, p?.handle, preview].filter(Boolean).join(" ").toLowerCase();
      expect(t.searchText).toBe(search);
      if (t.acceptanceState === "pending") expect(own.every((m) => m.direction === "inbound")).toBe(true);
    }
    const latest = Math.max(...rows.threads.map((t) => t.activityAt.getTime()));
    expect(NOW.getTime() - latest).toBeLessThan(6 * HOUR);
    expect(Math.min(...rows.messages.map((m) => m.sentAt.getTime()))).toBeGreaterThanOrEqual(NOW.getTime() - 60 * DAY);
    expect(Math.max(...rows.messages.map((m) => m.sentAt.getTime()))).toBeLessThanOrEqual(NOW.getTime());
  });

  it("seeds 1 to 80 messages per thread, in order, from the right senders", () => {
    const messagesOf = groupBy(rows.messages, (m) => m.threadId);
    const threadsById = new Map(rows.threads.map((t) => [t.id, t]));
    const counts = rows.threads.map((t) => messagesOf.get(t.id)?.length ?? 0);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(80);
    expect(counts.filter((n) => n >= 60).length).toBeGreaterThan(0);
    expect(counts.filter((n) => n >= 3 && n <= 25).length / counts.length).toBeGreaterThan(0.6);

    for (const own of messagesOf.values()) {
      for (let i = 1; i < own.length; i++) expect(own[i]!.sentAt.getTime()).toBeGreaterThan(own[i - 1]!.sentAt.getTime());
    }
    const senders = new Set<string>();
    for (const m of rows.messages) {
      const t = threadsById.get(m.threadId);
      expect(m.teamId).toBe(t?.teamId);
      expect(m.accountLinkId).toBe(t?.accountLinkId);
      expect(m.platformId).toMatch(new RegExp(`^${t?.platform}-m-\\d+$`));
      if (m.direction === "inbound") expect(m.sentBy).toBeNull();
      else senders.add(m.sentBy?.type ?? "none");
      if (m.sentBy?.type === "campaign") expect(m.sentBy.campaignId).toBe(t?.campaignId);
      if (m.sentBy?.type === "agent") expect(m.sentBy.name).toBe("Auto-reply");
    }
    expect(senders).toEqual(new Set(["member", "campaign", "agent", "api", "external"]));
    expect(new Set(rows.messages.map((m) => m.platformId)).size).toBe(rows.messages.length);
  });

  it("seeds edits, unsends, reactions, attachments, post shares and encryption", () => {
    const acmeMessages = rows.messages.filter((m) => m.teamId === acme.id);
    const outbound = acmeMessages.filter((m) => m.direction === "outbound");
    const threadsById = new Map(rows.threads.map((t) => [t.id, t]));
    const platformOf = (m: (typeof acmeMessages)[number]) => threadsById.get(m.threadId)?.platform;

    const edited = acmeMessages.filter((m) => m.editedAt);
    expect(edited.length / outbound.length).toBeGreaterThan(0.02);
    expect(edited.length / outbound.length).toBeLessThan(0.1);
    for (const m of rows.messages) {
      const last = m.versions[m.versions.length - 1];
      expect(last?.content).toBe(m.content);
      expect(m.versions[0]?.at).toBe(m.sentAt.toISOString());
      if (m.editedAt) {
        expect(m.versions.length).toBeGreaterThanOrEqual(2);
        expect(m.versions.length).toBeLessThanOrEqual(3);
        expect(last?.at).toBe(m.editedAt.toISOString());
        expect(platformOf(m)).not.toBe("x");
      } else {
        expect(m.versions).toEqual([{ content: m.content, at: m.sentAt.toISOString() }]);
      }
    }

    const deleted = acmeMessages.filter((m) => m.deletedAt);
    expect(deleted.length / acmeMessages.length).toBeGreaterThan(0.01);
    expect(deleted.length / acmeMessages.length).toBeLessThan(0.06);
    for (const m of deleted) expect(m.content).not.toBeNull();

    const reacted = acmeMessages.filter((m) => m.reactions.length > 0);
    expect(reacted.length / acmeMessages.length).toBeGreaterThan(0.05);
    expect(reacted.length / acmeMessages.length).toBeLessThan(0.15);
    expect(rows.messages.filter((m) => platformOf(m) === "linkedin" && m.reactions.length > 0)).toHaveLength(0);
    const authorTypes = new Set(reacted.flatMap((m) => m.reactions.map((r) => (r.author as { type: string }).type)));
    expect(authorTypes).toEqual(new Set(["profile", "accountLink", "unknown"]));

    const attachments = acmeMessages.flatMap((m) => m.attachments.map((a) => ({ m, a })));
    const images = attachments.filter(({ a }) => a.kind === "image");
    expect(images.length / acmeMessages.length).toBeGreaterThan(0.03);
    for (const { m, a } of images) {
      expect(a).toMatchObject({ status: "available", mimeType: "image/svg+xml", width: 320, height: 200 });
      expect(a.mediaKey).toMatch(new RegExp(`^${m.id}-\\d$`));
      expect(a.expiresAt).toBe(new Date(m.sentAt.getTime() + HOUR).toISOString());
      expect(a.size).toBe(Buffer.byteLength(renderMediaSvg(String(a.mediaKey))));
    }
    expect(attachments.filter(({ a }) => a.kind === "link").length).toBeGreaterThanOrEqual(2);
    const files = attachments.filter(({ a }) => a.kind === "file");
    expect(files).toHaveLength(1);
    expect(files[0]?.a).toMatchObject({ status: "unavailable", mimeType: "application/pdf", name: "deck.pdf", width: null, height: null });

    expect(acmeMessages.filter((m) => m.entities.postShares.length > 0).length).toBeGreaterThan(5);
    for (const m of rows.messages) {
      const platform = platformOf(m);
      expect(m.platformData._tag).toBe(platform);
      expect(m.platformData.encrypted === true).toBe(platform === "whatsapp");
    }
  });

  it("serializes every thread and message into valid API resources", () => {
    const contactsById = new Map(rows.contacts.map((c) => [c.id, c]));
    for (const t of rows.threads) {
      const serialized = toThread(t, t.contactId ? (contactsById.get(t.contactId)?.assigneeId ?? null) : null);
      expectParses(thread, serialized);
    }
    const sources = new Set(rows.threads.map((t) => toThread(t, t.contactId ? (contactsById.get(t.contactId)?.assigneeId ?? null) : null).assigneeSource));
    expect(sources).toEqual(new Set(["thread", "contact", null]));

    const statusesSeen = new Set<string>();
    for (const m of rows.messages) {
      const serialized = toMessage(m, NOW, sign);
      expectParses(message, serialized);
      for (const a of serialized.attachments) if ("status" in a && typeof a.status === "string") statusesSeen.add(a.status);
    }
    // Photos older than an hour show as expired until a fresh URL is asked for.
    expect(statusesSeen).toEqual(new Set(["available", "expired", "unavailable"]));
  });

  it("records a contiguous event history per team, one event per message", () => {
    const messagesById = new Map(rows.messages.map((m) => [m.id, m]));
    for (const t of rows.teams) {
      const own = rows.events.filter((e) => e.teamId === t.id);
      expect(own.map((e) => e.seq)).toEqual(Array.from({ length: own.length }, (_, i) => i + 1));
      expect(t.lastSeq).toBe(own.length);
      for (let i = 1; i < own.length; i++) expect(own[i]!.createdAt.getTime()).toBeGreaterThanOrEqual(own[i - 1]!.createdAt.getTime());
      const messageEvents = own.filter((e) => e.objectType === "message");
      expect(messageEvents).toHaveLength(rows.messages.filter((m) => m.teamId === t.id).length);
      for (const e of messageEvents) {
        const m = messagesById.get(e.objectId);
        expect(e.type).toBe(m?.direction === "inbound" ? "message.received" : "message.sent");
        expect(e.data).toEqual({ threadId: m?.threadId, messageId: m?.id });
        expect(e.createdAt).toEqual(m?.sentAt);
      }
      for (const e of own) expectParses(event, toApiEvent(e));
    }
    const acmeTypes = new Set(rows.events.filter((e) => e.teamId === acme.id).map((e) => e.type));
    expect(acmeTypes).toEqual(new Set(["message.received", "message.sent", "contact.statusChanged", "contact.tagsChanged", "thread.assigned"]));
    expect(new Set(rows.events.map((e) => e.id)).size).toBe(rows.events.length);
  });
});

describe("seedSandbox with scale", () => {
  it("gives Acme N threads with about ten messages each, quickly", async () => {
    const handle = await openMigrated();
    try {
      const started = performance.now();
      const scaled = await seedSandbox(handle.db, { now: NOW, scale: 2000 });
      console.log(`scale 2000 seed: ${Math.round(performance.now() - started)} ms`, scaled);
      const [acmeRow] = await handle.db.select().from(teams).where(eq(teams.slug, "acme-growth"));
      if (!acmeRow) throw new Error("no Acme");
      const acmeThreads = await handle.db.select({ id: threads.id }).from(threads).where(eq(threads.teamId, acmeRow.id));
      const acmeContacts = await handle.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.teamId, acmeRow.id));
      expect(acmeThreads).toHaveLength(2000);
      expect(acmeContacts).toHaveLength(1000);
      expect(scaled.threads).toBe(2020);
      expect(scaled.messages).toBeGreaterThan(15_000);
      expect(scaled.messages).toBeLessThan(25_000);
      // Ten leads per thread in the biggest outreach list, plus the other lists.
      expect(scaled.outreachLeads).toBeGreaterThan(20_000);
      const acmeEvents = await handle.db.select({ type: events.type }).from(events).where(eq(events.teamId, acmeRow.id));
      expect(acmeEvents.filter((e) => e.type.startsWith("message.")).length).toBeLessThanOrEqual(500);
      expect(acmeRow.lastSeq).toBe(acmeEvents.length);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe("media", () => {
  it("draws the same 320×200 picture for the same key, and different ones for others", () => {
    const svg = renderMediaSvg("msg0001-0");
    expect(svg).toBe(renderMediaSvg("msg0001-0"));
    expect(svg).not.toBe(renderMediaSvg("msg0002-0"));
    expect(svg).toMatch(/^<svg [^>]*width="320" height="200"/);
  });

  it("draws avatars with the name's initials", () => {
    expect(renderAvatarSvg("Olivia Hart")).toContain(">OH</text>");
    expect(renderAvatarSvg("@acmegrowth")).toContain(">A</text>");
    expect(renderAvatarSvg("Tom & Jerry")).toContain(">TJ</text>");
  });
});

async function openMigrated(): Promise<DatabaseHandle> {
  const handle = await openDatabase({});
  await handle.migrate(MIGRATIONS);
  return handle;
}

/** Every seeded table, in a stable order. */
async function readAll(db: Database) {
  return {
    platforms: await db.select().from(platforms).orderBy(asc(platforms.position)),
    teams: await db.select().from(teams).orderBy(asc(teams.id)),
    tokens: await db.select().from(tokens).orderBy(asc(tokens.token)),
    members: await db.select().from(members).orderBy(asc(members.id)),
    accountLinks: await db.select().from(accountLinks).orderBy(asc(accountLinks.id)),
    tags: await db.select().from(tags).orderBy(asc(tags.id)),
    statuses: await db.select().from(statuses).orderBy(asc(statuses.id)),
    contacts: await db.select().from(contacts).orderBy(asc(contacts.id)),
    profiles: await db.select().from(profiles).orderBy(asc(profiles.id)),
    contactTags: await db.select().from(contactTags).orderBy(asc(contactTags.contactId), asc(contactTags.tagId)),
    threads: await db.select().from(threads).orderBy(asc(threads.id)),
    messages: await db.select().from(messages).orderBy(asc(messages.threadId), asc(messages.sentAt), asc(messages.id)),
    events: await db.select().from(events).orderBy(asc(events.teamId), asc(events.seq)),
    outreachLists: await db.select().from(outreachLists).orderBy(asc(outreachLists.id)),
    outreachColumns: await db.select().from(outreachColumns).orderBy(asc(outreachColumns.id)),
    outreachLeads: await db.select().from(outreachLeads).orderBy(asc(outreachLeads.id)),
    importJobs: await db.select().from(importJobs).orderBy(asc(importJobs.id)),
    outreachSettings: await db.select().from(outreachSettings).orderBy(asc(outreachSettings.teamId)),
    campaigns: await db.select().from(campaigns).orderBy(asc(campaigns.id)),
    campaignSteps: await db.select().from(campaignSteps).orderBy(asc(campaignSteps.id)),
    campaignLists: await db.select().from(campaignLists).orderBy(asc(campaignLists.campaignId), asc(campaignLists.listId)),
  } satisfies Record<string, unknown[]>;
}

function expectParses(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success, `${JSON.stringify(value).slice(0, 400)}\n${result.error?.message ?? ""}`).toBe(true);
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  return items[0] as T;
}
