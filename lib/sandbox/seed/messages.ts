import type { IdKind } from "../model/ids";
import type { accountLinks, messages } from "../schema";
import { composeText, earlierDraft, type TextContext, type TextKind } from "./dm-text";
import { MEDIA_HEIGHT, MEDIA_WIDTH, renderMediaSvg } from "./media";
import type { ProfileRow } from "./people";
import { platformCan, platformRow } from "./platforms";
import type { Random } from "./random";
import type { TeamRows, TeamSpec } from "./teams";

/**
 * One conversation's messages, oldest first: directions that alternate like a chat, times
 * that end at the thread's last activity, and the occasional edit, unsend, reaction,
 * photo, shared post or link, each only where the platform supports it.
 */
export type MessageRow = typeof messages.$inferSelect;
type AccountLinkRow = typeof accountLinks.$inferSelect;
type Direction = "inbound" | "outbound";

export type ConversationPlan = {
  threadId: string;
  link: AccountLinkRow;
  profile: ProfileRow;
  /** How the person is greeted in messages. */
  greeting: string;
  directions: Direction[];
  /** When the last message was sent. */
  lastAt: Date;
  campaignId: string | null;
  /** The thread's effective assignee, who writes most of the team's messages. */
  assigneeId: string | null;
  /** Whether the messages are all inbound gaps of seconds to minutes (an unanswered request). */
  request: boolean;
  /** A message in this thread carries the unavailable PDF (`file`) or a link attachment. */
  special: { kind: "file" | "link"; index: number } | null;
};

export type MessageContext = {
  random: Random;
  nextId: (kind: IdKind) => string;
  now: Date;
  team: TeamRows;
  spec: TeamSpec;
  /** Numbers the platforms' own message IDs, across the whole seed. */
  counter: { message: number };
};

/** Messages go back at most this far. */
export const HISTORY_DAYS = 60;

export function generateMessages(ctx: MessageContext, plan: ConversationPlan): MessageRow[] {
  const { random } = ctx;
  const times = sentTimes(ctx, plan);
  const firstOutbound = plan.directions.indexOf("outbound");
  const rows: MessageRow[] = [];
  for (let i = 0; i < plan.directions.length; i++) {
    const direction = plan.directions[i] ?? "inbound";
    const sentAt = times[i] ?? plan.lastAt;
    const id = ctx.nextId("message");
    const opening = direction === "outbound" ? i === firstOutbound : i === 0;
    const previous = rows[rows.length - 1];
    const sameTurn = previous?.direction === "outbound" && previous.sentBy?.type !== "campaign" && random.chance(0.85);
    const sentBy = direction === "inbound" ? null : sameTurn ? (previous.sentBy ?? null) : chooseSender(ctx, plan, opening, previous?.direction);
    const textContext = contextFor(ctx, plan, sentBy);
    let content: string | null = composeText(random, textKind(direction, opening, i === 0, sentBy), textContext);
    let attachments: Record<string, unknown>[] = [];
    const postShares: Record<string, unknown>[] = [];

    if (plan.special?.index === i) {
      ({ content, attachments } = specialAttachment(ctx, plan.special.kind, id, direction, sentAt));
    } else if (random.chance(0.06)) {
      attachments = imageAttachments(random, id, sentAt);
      if (random.chance(0.5)) content = null;
    } else if (random.chance(0.03)) {
      content = composeText(random, "postShare", textContext);
      postShares.push(postShare(random, plan.link.platform, plan.profile));
    }

    const isLast = i === plan.directions.length - 1;
    const canEdit = direction === "outbound" && plan.link.capabilities.includes("message:edit");
    let versions: MessageRow["versions"] = [{ content, at: sentAt.toISOString() }];
    let editedAt: Date | null = null;
    if (canEdit && content !== null && attachments.length === 0 && random.chance(0.09)) {
      ({ versions, editedAt } = editHistory(ctx, plan.link.platform, content, sentAt));
    }

    let deletedAt: Date | null = null;
    if (!isLast && !editedAt && attachments.length === 0 && random.chance(0.03)) {
      deletedAt = later(ctx, sentAt, random.int(5, 600));
    }

    const reactions =
      !deletedAt && platformCan(plan.link.platform, "message:react") && random.chance(0.1)
        ? reactionsFor(ctx, plan, direction, sentAt)
        : [];

    rows.push({
      id,
      teamId: ctx.team.team.id,
      threadId: plan.threadId,
      platformId: `${plan.link.platform}-m-${++ctx.counter.message}`,
      content,
      direction,
      accountLinkId: plan.link.id,
      sentBy,
      sentAt,
      editedAt,
      deletedAt,
      attachments,
      entities: { postShares },
      reactions,
      platformData: platformRow(plan.link.platform).encrypted
        ? { _tag: plan.link.platform, encrypted: true }
        : { _tag: plan.link.platform },
      versions,
      // Seeded sends were all confirmed.
      unsettled: null,
      settleAt: null,
      delivered: null,
    });
  }
  return rows;
}


const EMOJI = ["❤️", "👍", "😂", "🔥", "🙏", "👏", "😮"];

/** Whole seconds before `lastAt`, gaps short within a turn and longer between turns. */
function sentTimes(ctx: MessageContext, plan: ConversationPlan): Date[] {
  const { random } = ctx;
  const gaps: number[] = [];
  for (let i = 1; i < plan.directions.length; i++) {
    const sameTurn = plan.directions[i] === plan.directions[i - 1];
    if (plan.request || sameTurn) gaps.push(random.int(4, 240));
    else gaps.push(random.weighted([[random.int(40, 1_800), 0.5], [random.int(1_800, 6 * 3_600), 0.3], [random.int(86_400, 3 * 86_400), 0.2]] as const));
  }
  const earliest = ctx.now.getTime() - HISTORY_DAYS * 86_400_000;
  const allowed = Math.floor((plan.lastAt.getTime() - earliest) / 1000);
  const total = gaps.reduce((a, b) => a + b, 0);
  const scale = total > allowed ? allowed / total : 1;
  const times = [plan.lastAt];
  let at = plan.lastAt.getTime();
  for (let i = gaps.length - 1; i >= 0; i--) {
    at -= Math.max(1, Math.floor((gaps[i] ?? 1) * scale)) * 1000;
    times.unshift(new Date(at));
  }
  return times;
}

/** `opening`: the team's first message in the thread, which a campaign sends. */
function chooseSender(ctx: MessageContext, plan: ConversationPlan, opening: boolean, previous: string | undefined): MessageRow["sentBy"] {
  const { random, team } = ctx;
  if (plan.campaignId && opening) return { type: "campaign", campaignId: plan.campaignId };
  const kind = random.weighted([["member", 0.78], ["agent", previous === "inbound" ? 0.07 : 0], ["api", 0.05], ["external", 0.1]] as const);
  if (kind === "member") {
    const memberId = plan.assigneeId && random.chance(0.7) ? plan.assigneeId : random.pick(team.members).id;
    return { type: "member", memberId };
  }
  if (kind === "agent") return { type: "agent", name: "Auto-reply" };
  return { type: kind };
}

/** `opening`: the first message of the thread (inbound) or the team's first (outbound). */
function textKind(direction: Direction, opening: boolean, first: boolean, sentBy: MessageRow["sentBy"]): TextKind {
  if (sentBy?.type === "agent") return "autoReply";
  if (sentBy?.type === "campaign") return "campaignOpener";
  if (direction === "inbound") return opening ? "inboundOpener" : "inboundReply";
  if (!opening) return "outboundReply";
  return first ? "outboundOpener" : "outboundWelcome";
}

function contextFor(ctx: MessageContext, plan: ConversationPlan, sentBy: MessageRow["sentBy"]): TextContext {
  const members = ctx.team.members;
  const writerId = sentBy?.type === "member" ? sentBy.memberId : (plan.assigneeId ?? members[0]?.id);
  const writer = members.find((m) => m.id === writerId) ?? members[0];
  const colleague = members.find((m) => m.id !== writer?.id) ?? writer;
  return {
    first: plan.greeting,
    member: firstName(writer?.name ?? ctx.spec.shortName),
    colleague: firstName(colleague?.name ?? ctx.spec.shortName),
    team: ctx.spec.shortName,
    domain: ctx.spec.domain,
  };
}

function imageAttachments(random: Random, messageId: string, sentAt: Date): Record<string, unknown>[] {
  const count = random.chance(0.15) ? 2 : 1;
  return Array.from({ length: count }, (_, i) => {
    const mediaKey = `${messageId}-${i}`;
    return {
      kind: "image",
      mediaKey,
      status: "available",
      expiresAt: new Date(sentAt.getTime() + MEDIA_URL_TTL_MS).toISOString(),
      mimeType: "image/svg+xml",
      name: `photo-${i + 1}.svg`,
      size: Buffer.byteLength(renderMediaSvg(mediaKey), "utf8"),
      width: MEDIA_WIDTH,
      height: MEDIA_HEIGHT,
    };
  });
}

/** Media URLs handed out with a message expire after an hour, so older photos show as expired. */
const MEDIA_URL_TTL_MS = 60 * 60 * 1000;

function specialAttachment(
  ctx: MessageContext,
  kind: "file" | "link",
  messageId: string,
  direction: Direction,
  sentAt: Date,
): { content: string; attachments: Record<string, unknown>[] } {
  if (kind === "file") {
    return {
      content: "Here's the deck we talked about.",
      attachments: [
        {
          kind: "file",
          mediaKey: `${messageId}-0`,
          status: "unavailable",
          expiresAt: new Date(sentAt.getTime() + MEDIA_URL_TTL_MS).toISOString(),
          mimeType: "application/pdf",
          name: "deck.pdf",
          size: 2_482_113,
          width: null,
          height: null,
        },
      ],
    };
  }
  const url = `https://${ctx.spec.domain}/pricing`;
  return {
    content: direction === "outbound" ? `Here's our pricing page: ${url}` : `Is this the right page? ${url}`,
    attachments: [{ kind: "link", url, title: `Pricing · ${ctx.spec.shortName}` }],
  };
}

function postShare(random: Random, threadPlatform: string, profile: ProfileRow): Record<string, unknown> {
  // WhatsApp has no posts: people share Instagram ones there.
  const platform = threadPlatform === "whatsapp" ? "instagram" : threadPlatform;
  const author = random.chance(0.5) && profile.username ? profile.username : random.pick(POST_AUTHORS);
  const code = random.int(10 ** 9, 10 ** 10 - 1).toString(36);
  const postId = String(random.int(10 ** 8, 10 ** 9 - 1)) + String(random.int(10 ** 8, 10 ** 9 - 1));
  const url =
    platform === "instagram"
      ? `https://www.instagram.com/p/${code}/`
      : platform === "x"
        ? `https://x.com/${author}/status/${postId}`
        : platform === "linkedin"
          ? `https://www.linkedin.com/feed/update/urn:li:activity:${postId}/`
          : `https://t.me/${author}/${random.int(10, 9_999)}`;
  return {
    platform,
    platformId: platform === "instagram" ? code : postId,
    url,
    authorUsername: author,
    caption: random.chance(0.8) ? random.pick(POST_CAPTIONS) : null,
    previewUrl: null,
  };
}

const POST_AUTHORS = ["growthdaily", "saas_stories", "founderfm", "marketingweekly", "designbites"];
const POST_CAPTIONS = [
  "5 DM scripts that actually convert",
  "We grew our waitlist 3x in a month. Here's how.",
  "Hot take: cold outreach isn't dead, lazy outreach is.",
  "Behind the scenes of our launch week",
  "New feature drop 🚀",
];

/** Versions oldest first, each with the time it became current; the last is `content`. */
function editHistory(ctx: MessageContext, platform: string, content: string, sentAt: Date) {
  const { random } = ctx;
  const window = platformRow(platform).mutationWindows["message:edit"] ?? 600;
  const untilNow = Math.floor((ctx.now.getTime() - sentAt.getTime()) / 1000) - 1;
  const max = Math.max(2, Math.min(window - 1, 600, untilNow));
  const draft = earlierDraft(random, content);
  const versions = [{ content: draft, at: sentAt.toISOString() }];
  if (random.chance(0.3) && max >= 4) {
    const first = random.int(1, Math.floor(max / 2));
    versions.push({ content: content.replace(/[.!?]$/, ""), at: later(ctx, sentAt, first).toISOString() });
    versions.push({ content, at: later(ctx, sentAt, random.int(first + 1, max)).toISOString() });
  } else {
    versions.push({ content, at: later(ctx, sentAt, random.int(1, max)).toISOString() });
  }
  const last = versions[versions.length - 1];
  return { versions, editedAt: new Date(last ? last.at : sentAt.toISOString()) };
}

function reactionsFor(ctx: MessageContext, plan: ConversationPlan, direction: Direction, sentAt: Date): Record<string, unknown>[] {
  const { random } = ctx;
  const ours = { type: "accountLink", accountLinkId: plan.link.id };
  const theirs = { type: "profile", profileId: plan.profile.id };
  const authors = direction === "inbound" ? [ours, theirs] : [theirs, ours];
  const count = random.chance(0.15) ? 2 : 1;
  return random.sample(EMOJI, count).map((emoji, i) => ({
    emoji,
    author: i === 0 && random.chance(0.15) ? { type: "unknown" } : authors[i],
    reactedAt: later(ctx, sentAt, random.int(10, 7_200)).toISOString(),
  }));
}

/** `seconds` after `from`, but never after now. */
function later(ctx: MessageContext, from: Date, seconds: number): Date {
  return new Date(Math.min(from.getTime() + seconds * 1000, ctx.now.getTime()));
}

function firstName(name: string): string {
  return name.split(" ")[0] ?? name;
}
