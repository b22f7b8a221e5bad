import type { SavedReply } from "@/lib/api/saved-replies";

/**
 * Saved replies in the composer: `;` or `/` at the start of the text or after a space opens
 * the list, what follows filters it (`;pri` → "Pricing"), and choosing one replaces the typed
 * `;pri` with the reply, filled for the conversation. `and/or` or a link (`https://`) opens
 * nothing: the sign must begin a word.
 */
export type ReplyTrigger = { sign: ";" | "/"; query: string; start: number; end: number };

/** The trigger the caret stands at the end of, or null. */
export function replyTrigger(text: string, caret: number): ReplyTrigger | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)([;/])([\p{L}\p{N}-]*)$/u.exec(before);
  if (!match) return null;
  const start = match.index + match[1]!.length;
  return { sign: match[2] as ";" | "/", query: match[3]!, start, end: caret };
}

/**
 * The replies a query finds, best first: shortcut equal, shortcut starting with it, a word of
 * the name starting with it, then either containing it; the member's own before the team's
 * where they tie, so a personal reply can stand in for the team's under the same shortcut.
 */
export function matchingReplies(replies: readonly SavedReply[], query: string): SavedReply[] {
  const q = query.trim().toLowerCase();
  const rank = (reply: SavedReply): number => {
    if (!q) return 0;
    const name = reply.name.toLowerCase();
    if (reply.shortcut === q) return 0;
    if (reply.shortcut.startsWith(q)) return 1;
    if (name.split(/[\s-]+/).some((word) => word.startsWith(q))) return 2;
    if (reply.shortcut.includes(q) || name.includes(q)) return 3;
    return -1;
  };
  return replies
    .map((reply, index) => ({ reply, index, rank: rank(reply) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || scopeOrder(a.reply) - scopeOrder(b.reply) || a.index - b.index)
    .map((entry) => entry.reply);
}

/** The text with the trigger replaced by `insert`, and where the caret goes: right after it. */
export function replaceTrigger(text: string, trigger: Pick<ReplyTrigger, "start" | "end">, insert: string): { text: string; caret: number } {
  return { text: text.slice(0, trigger.start) + insert + text.slice(trigger.end), caret: trigger.start + insert.length };
}

/** A reply added to a draft from outside the composer (the command palette): after what is there, on its own line. */
export function appendToDraft(draft: string, insert: string): string {
  const kept = draft.replace(/\s+$/, "");
  return kept ? `${kept}\n${insert}` : insert;
}

/** What the `;` shortcut types to open the list: a `;` at the end, after a space when the draft does not end in one. */
export function withTriggerSign(draft: string): string {
  return draft === "" || /\s$/.test(draft) ? `${draft};` : `${draft} ;`;
}

function scopeOrder(reply: SavedReply): number {
  return reply.scope === "personal" ? 0 : 1;
}
