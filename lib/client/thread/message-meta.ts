import { windowClosesAt } from "@/lib/api/capabilities";
import { WINDOWED_CAPABILITIES } from "@/lib/api/capability-names";
import type { MediaAttachment, Message, ReactionAuthor, SentBy } from "@/lib/api/messages";
import type { AccountLink, PlatformInfo } from "@/lib/api/platforms";
import type { Member } from "@/lib/api/team";

/**
 * What a message says about itself, in words: who sent it, who reacted, and when its
 * actions or media URL stop working. Pure, so the list can ask it for every message.
 */

/**
 * Who sent an outbound message, as the team reads it. `viaInbox` is the member the inbox's
 * activity log names for it: a send through the inbox reaches the API as `api`.
 */
export function senderLabel(
  sentBy: SentBy | null,
  members: ReadonlyMap<string, Pick<Member, "name">>,
  viaInbox?: string,
  campaignName?: (campaignId: string) => string | undefined,
): string {
  if (!sentBy) return "Your team";
  const by = sentBy as { type: string; memberId?: unknown; name?: unknown; campaignId?: unknown };
  switch (by.type) {
    case "member":
      return (typeof by.memberId === "string" && members.get(by.memberId)?.name) || "A former team member";
    case "agent":
      return typeof by.name === "string" && by.name.trim() ? by.name : "An automation";
    case "campaign": {
      const name = typeof by.campaignId === "string" ? campaignName?.(by.campaignId) : undefined;
      return name ? `Campaign · ${name}` : "Campaign";
    }
    case "api":
      return viaInbox ?? "API";
    case "external":
      return "Sent from the platform's app";
    default:
      // A sender type added to the API after this client was written.
      return "Your team";
  }
}

/** Who reacted: the team's account by its name, the person by theirs, else "Someone". */
export function reactionAuthorName(
  author: ReactionAuthor,
  {
    accountLinks,
    profile,
  }: {
    accountLinks: ReadonlyMap<string, Pick<AccountLink, "displayName">>;
    profile: { id: string; name: string } | null;
  },
): string {
  const a = author as { type: string; accountLinkId?: unknown; profileId?: unknown };
  if (a.type === "accountLink" && typeof a.accountLinkId === "string") return accountLinks.get(a.accountLinkId)?.displayName ?? "Your team";
  if (a.type === "profile" && profile && a.profileId === profile.id) return profile.name;
  return "Someone";
}

/**
 * The next moment an edit or unsend window of these messages closes after `now`, or null when
 * none will: the list re-checks its actions then, so a button disables itself on time.
 */
export function nextWindowClose(
  messages: readonly Pick<Message, "direction" | "sentAt" | "deletedAt">[],
  platform: Pick<PlatformInfo, "mutationWindows"> | null | undefined,
  now: Date,
): Date | null {
  if (!platform) return null;
  let next: number | null = null;
  for (const message of messages) {
    if (message.direction !== "outbound" || message.deletedAt) continue;
    for (const capability of WINDOWED_CAPABILITIES) {
      const closes = windowClosesAt(capability, platform, message.sentAt)?.getTime();
      if (closes !== undefined && closes > now.getTime() && (next === null || closes < next)) next = closes;
    }
  }
  return next === null ? null : new Date(next);
}

/** The start of the next local day: day labels ("Today") change then. */
export function nextMidnight(now: Date): Date {
  const next = new Date(now);
  next.setHours(24, 0, 0, 0);
  return next;
}

/** Whether a media URL must be fetched afresh before use: marked expired, missing, or past its time. */
export function needsFreshUrl(attachment: Pick<MediaAttachment, "status" | "url" | "expiresAt">, now: Date): boolean {
  if (attachment.status === "expired") return true;
  if (attachment.status !== "available") return false;
  if (!attachment.url) return true;
  return attachment.expiresAt !== null && Date.parse(attachment.expiresAt) <= now.getTime();
}

/** A file size for people: "840 B", "12 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** A URL's host for a link card ("example.com"), or the URL itself when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** Only http(s) links are rendered as links: a `javascript:` URL from a platform must never run. */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, "https://invalid.local");
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}
