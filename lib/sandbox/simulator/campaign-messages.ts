import { customDataKey } from "@/lib/api/outreach/leads";
import { FIRST_NAME_VARIABLE, segment as segmentSchema } from "@/lib/api/outreach/campaigns";
import type { outreachColumns, outreachLeads } from "../schema";
import { createRandom, type Random } from "../seed/random";

/**
 * What a campaign's message step says to one person, and what a simulated person answers.
 *
 * Variables, filled per lead (our choice; the spec only says `first-name` always exists):
 * - `first-name`: the first word of the lead's display name, else their username, else "there".
 * - any other name: the lead's custom column whose name matches it (case and punctuation
 *   aside: `company` ↔ "Company", `deal-size` ↔ "Deal size"), else a custom value stored
 *   under the name itself, else the prospect field of that name (`username`, `location`,
 *   `bio`, `display-name`…); else nothing, and the spaces around the gap are tidied.
 * Variations: one option per send, picked by a PRNG seeded with the campaign, the person and
 * the step, so the same person always gets the same wording.
 */
type LeadRow = typeof outreachLeads.$inferSelect;
type ColumnRow = typeof outreachColumns.$inferSelect;

export function composeMessage(segments: unknown, lead: LeadRow, columns: ColumnRow[], seed: string): string {
  const random = createRandom(hashOf(seed));
  const parts = (Array.isArray(segments) ? segments : []).map((raw) => {
    const parsed = segmentSchema.safeParse(raw);
    if (!parsed.success) return "";
    const segment = parsed.data;
    if (segment.type === "static") return segment.text;
    if (segment.type === "variation") return random.pick(segment.options);
    return variableValue(segment.name, lead, columns);
  });
  return tidy(parts.join(""));
}

export function variableValue(name: string, lead: LeadRow, columns: ColumnRow[]): string {
  if (name === FIRST_NAME_VARIABLE) return lead.displayName?.trim().split(/\s+/)[0] || lead.username || "there";
  const column = columns.find((c) => c.listId === lead.listId && slug(c.name) === slug(name));
  const stored = column ? lead.data[customDataKey(column.id)] : (lead.data[name] ?? lead.data[customDataKey(name)]);
  if (stored !== undefined && stored !== null && stored !== "") return String(stored);
  const field = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const value = (lead as Record<string, unknown>)[field];
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** Replies a simulated lead sends to outreach: mostly warm, some polite refusals. */
export const SIMULATED_REPLIES = [
  "Hey! Thanks for reaching out 🙂",
  "Sure, tell me more.",
  "Sounds interesting, what does it cost?",
  "Not right now, but maybe next quarter.",
  "Thanks, but we're all set.",
  "Happy to chat. Does Thursday work?",
  "Who is this?",
  "Can you send me a link?",
] as const;

/** The chance that a message gets a reply, and how long a reply takes (simulated minutes). */
export const SIMULATED_REPLY = { firstChance: 0.3, followUpChance: 0.2, minMinutes: 10, maxMinutes: 8 * 60 } as const;

/** Whether and when a simulated person answers this send, from a PRNG seeded with it. */
export function simulatedReply(seed: string, first: boolean, now: Date): { at: string; content: string } | null {
  const random: Random = createRandom(hashOf(`reply|${seed}`));
  if (!random.chance(first ? SIMULATED_REPLY.firstChance : SIMULATED_REPLY.followUpChance)) return null;
  const minutes = random.int(SIMULATED_REPLY.minMinutes, SIMULATED_REPLY.maxMinutes);
  return { at: new Date(now.getTime() + minutes * 60_000).toISOString(), content: random.pick(SIMULATED_REPLIES) };
}

/** FNV-1a: a stable 32-bit seed from text. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A variable left empty must not leave "Hi , how is  doing" behind. */
function tidy(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ +([,.!?;:])/g, "$1")
    .trim();
}
