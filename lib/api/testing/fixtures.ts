import type { Contact, Profile } from "../contacts";
import type { ApiEvent } from "../events";
import type { Color, Status, Tag } from "../labels";
import type { Message } from "../messages";
import type { AccountLink, PlatformInfo } from "../platforms";
import type { Member, Team } from "../team";
import type { Thread } from "../threads";

/**
 * One valid example of each resource, shaped as the spec's tables describe it (with our
 * documented choices where the spec says "not shown"). Tests take a fixture and change the
 * one field they are about; `structuredClone` keeps the originals intact.
 */

export const teamFixture = (): Team => ({
  id: "team1",
  name: "Acme Growth",
  slug: "acme-growth",
  createdAt: "2025-01-10T09:00:00.000Z",
  updatedAt: null,
  currency: "USD",
  allowSupportAccess: false,
  imageUrl: null,
  plan: "growth",
  addOns: ["advancedApi", "outreach"],
});

export const memberFixture = (): Member => ({
  id: "mem1",
  name: "Ada Park",
  email: "ada@acme.test",
  avatarUrl: null,
  role: "owner",
  createdAt: "2025-01-10T09:00:00.000Z",
});

export const platformFixture = (): PlatformInfo => ({
  platform: "chirp",
  name: "Chirp",
  capabilities: ["message:send", "thread:create", "message:edit", "message:unsend", "message:react", "thread:typing"],
  limits: { messageLength: 1000 },
  mutationWindows: { "message:edit": 900, "message:unsend": null },
});

export const accountLinkFixture = (): AccountLink => ({
  id: "al1",
  platform: "chirp",
  platformId: "900100",
  displayName: "Acme on Chirp",
  username: "acme",
  avatarUrl: null,
  capabilities: ["message:send", "thread:create", "message:edit", "message:unsend", "message:react", "thread:typing"],
  status: "active",
  pauseReasons: null,
  createdAt: "2025-01-10T09:00:00.000Z",
});

export const profileFixture = (): Profile => ({
  id: "prof1",
  platform: "chirp",
  platformId: "123456",
  username: "janedoe",
  handle: "@janedoe",
  displayName: "Jane Doe",
  avatarUrl: null,
  bio: "Founder",
  followerCount: 1200,
  followingCount: 300,
  verified: false,
  isOrganization: false,
  profileUrl: "https://chirp.example/janedoe",
  platformData: { _tag: "chirp", badge: null },
});

export const contactFixture = (): Contact => ({
  id: "con1",
  profiles: [profileFixture()],
  statusId: "st1",
  tagIds: ["tag1"],
  notes: null,
  valuation: 5000,
  assigneeId: null,
  createdAt: "2025-02-01T10:00:00.000Z",
  updatedAt: null,
});

export const threadFixture = (): Thread => ({
  id: "thr1",
  accountLinkId: "al1",
  profileId: "prof1",
  contactId: "con1",
  platformId: "conv-77",
  archived: false,
  unread: true,
  syncing: false,
  activity: { at: "2026-11-20T12:00:00.000Z", preview: "Sounds good!" },
  lastMessage: { id: "msg1", direction: "inbound", sentAt: "2026-11-20T12:00:00.000Z", preview: "Sounds good!" },
  assigneeId: "mem1",
  assigneeSource: "thread",
  acceptanceState: "accepted",
  isRequest: false,
  restrictions: [],
  typingIndicators: "teamDefault",
  campaignId: null,
  createdAt: "2026-11-01T08:00:00.000Z",
});

export const messageFixture = (): Message => ({
  id: "msg1",
  threadId: "thr1",
  platformId: "p-msg-1",
  content: "Sounds good!",
  direction: "outbound",
  accountLinkId: "al1",
  sentBy: { type: "member", memberId: "mem1" },
  sentAt: "2026-11-20T12:00:00.000Z",
  editedAt: null,
  deletedAt: null,
  attachments: [
    {
      kind: "image",
      status: "available",
      url: "https://media.example/a.png?sig=1",
      expiresAt: "2026-11-20T13:00:00.000Z",
      mimeType: "image/png",
      name: "a.png",
      size: 2048,
      width: 64,
      height: 64,
    },
  ],
  entities: {
    postShares: [
      {
        platform: "chirp",
        platformId: "post-9",
        url: "https://chirp.example/p/9",
        authorUsername: "acme",
        caption: null,
        previewUrl: null,
      },
    ],
  },
  reactions: [{ emoji: "👍", author: { type: "profile", profileId: "prof1" }, reactedAt: "2026-11-20T12:01:00.000Z" }],
  platformData: { _tag: "chirp", encrypted: false },
});

export const tagFixture = (): Tag => ({ id: "tag1", name: "VIP", color: "#aa3300" });
export const statusFixture = (): Status => ({ id: "st1", name: "Qualified", color: "green", position: 2 });
export const colorFixture = (): Color => ({ name: "green", hex: "#16a34a" });

export const eventFixture = (): ApiEvent => ({
  id: "evt1",
  seq: 42,
  type: "message.received",
  apiVersion: 2,
  createdAt: "2026-11-20T12:00:00.000Z",
  object: { type: "message", id: "msg1", url: "/messages/msg1" },
  data: { threadId: "thr1", messageId: "msg1" },
});
