import { differenceInCalendarDays, format, isSameYear } from "date-fns";
import type { Message, Reaction, ReactionAuthor } from "@/lib/api/messages";
import type { Page } from "@/lib/api/primitives";

/**
 * How the history is laid out: one list oldest first, cut into days, with consecutive
 * messages from the same sender run together, and reactions grouped by emoji.
 */

/** Messages a few minutes apart from the same sender read as one run: the sender is named once. */
export const RUN_GAP_MS = 5 * 60_000;

/**
 * Pages come newest first (and newest first within a page); the history reads oldest first.
 * A message can sit on two pages when new ones pushed it across a page boundary between
 * fetches: it is kept once, in the version of the newer page.
 */
export function orderMessages(pages: readonly Page<Message>[]): Message[] {
  const byId = new Map<string, Message>();
  for (const page of pages) {
    for (const message of page.data) if (!byId.has(message.id)) byId.set(message.id, message);
  }
  return [...byId.values()].sort(compareMessages);
}

function compareMessages(a: Message, b: Message): number {
  const at = Date.parse(a.sentAt) - Date.parse(b.sentAt);
  if (at !== 0) return at;
  // The API breaks ties by ID (descending for newest first), so ascending here.
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A day separator's words: "Today", "Yesterday", the weekday within a week, else the date. */
export function dayLabel(at: string | Date, now: Date): string {
  const date = typeof at === "string" ? new Date(at) : at;
  const days = differenceInCalendarDays(now, date);
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days > 1 && days < 7) return format(date, "EEEE");
  return isSameYear(date, now) ? format(date, "EEEE d MMMM") : format(date, "d MMMM yyyy");
}

export type DayGroup<Item> = {
  /** The local calendar day, `yyyy-MM-dd`: stable as a React key. */
  key: string;
  label: string;
  items: Item[];
};

/** Items (already in order) cut into local calendar days. */
export function groupByDay<Item>(items: readonly Item[], at: (item: Item) => string, now: Date): DayGroup<Item>[] {
  const groups: DayGroup<Item>[] = [];
  for (const item of items) {
    const date = new Date(at(item));
    const key = format(date, "yyyy-MM-dd");
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(date, now), items: [item] });
  }
  return groups;
}

/** Who a message is from, as a key: the same key on consecutive messages makes one run. */
export function senderKey(message: Pick<Message, "direction" | "sentBy">): string {
  if (message.direction !== "outbound") return message.direction;
  const by = message.sentBy as Record<string, unknown> | null;
  if (!by) return "outbound";
  const who = by.memberId ?? by.name ?? by.campaignId ?? "";
  return `outbound:${String(by.type)}:${String(who)}`;
}

/** Whether `message` starts a new run after `previous` (another sender, or a pause). */
export function startsRun(previous: Pick<Message, "direction" | "sentBy" | "sentAt"> | undefined, message: Pick<Message, "direction" | "sentBy" | "sentAt">): boolean {
  if (!previous) return true;
  if (senderKey(previous) !== senderKey(message)) return true;
  return Date.parse(message.sentAt) - Date.parse(previous.sentAt) > RUN_GAP_MS;
}

export type ReactionGroup = {
  emoji: string;
  count: number;
  /** Who reacted, by name, in the order they did. */
  authors: string[];
  /** Whether the thread's account link (the team) is among them: only that reaction can be removed. */
  mine: boolean;
};

/** Reactions grouped by emoji, in the order each emoji first appeared. */
export function groupReactions(
  reactions: readonly Reaction[],
  { ownAccountLinkId, nameOf }: { ownAccountLinkId: string | null; nameOf: (author: ReactionAuthor) => string },
): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const reaction of reactions) {
    const group = groups.get(reaction.emoji) ?? { emoji: reaction.emoji, count: 0, authors: [], mine: false };
    group.count += 1;
    group.authors.push(nameOf(reaction.author));
    if (isOwnReaction(reaction, ownAccountLinkId)) group.mine = true;
    groups.set(reaction.emoji, group);
  }
  return [...groups.values()];
}

/** A reaction made as the thread's account link: the one the team can take back. */
export function isOwnReaction(reaction: Pick<Reaction, "author">, ownAccountLinkId: string | null): boolean {
  const author = reaction.author as { type: string; accountLinkId?: unknown };
  return ownAccountLinkId !== null && author.type === "accountLink" && author.accountLinkId === ownAccountLinkId;
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cleo". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
