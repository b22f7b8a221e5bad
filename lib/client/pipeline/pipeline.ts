import type { Contact } from "@/lib/api/contacts";
import type { Status } from "@/lib/api/labels";
import type { StageEntry } from "@/lib/api/pipeline";
import type { Thread } from "@/lib/api/threads";
import { personName } from "@/lib/client/format";

/**
 * The pipeline board as data: one column per status in the team's order, then "No status";
 * a card per contact with its latest thread. Built from the team's threads (GET /threads
 * with `expand=contact`): the API cannot list contacts, and a contact the team never talked
 * with has no conversation to open from a card anyway.
 */
export type BoardFilters = {
  /** The contact's assignee is one of these. */
  assigneeId: readonly string[];
  /** Or the contact has no assignee. */
  unassigned: boolean;
  /** The contact has any of these tags. */
  tag: readonly string[];
  /** The contact talks with the team on any of these accounts; its card shows that thread. */
  accountLinkId: readonly string[];
};

export const NO_FILTERS: BoardFilters = { assigneeId: [], unassigned: false, tag: [], accountLinkId: [] };

/** How long a contact has been in its stage: exact when the inbox recorded the change, else a lower bound. */
export type StageAge = { since: string; exact: boolean };

export type PipelineCard = {
  contact: Contact;
  /** The contact's latest thread (among the filtered accounts). */
  thread: Thread;
  /** How many conversations the contact has (among the filtered accounts). */
  threadCount: number;
  stage: StageAge;
};

export type PipelineColumn = {
  /** The status's ID; null is "No status". */
  id: string | null;
  status: Status | null;
  cards: PipelineCard[];
  /** The sum of the cards' valuations. */
  total: number;
};

/** The column ID "No status" uses where an ID must be a string (drag and drop targets). */
export const NO_STATUS = "none";

export function buildBoard(
  threads: readonly Thread[],
  statuses: readonly Status[],
  filters: BoardFilters = NO_FILTERS,
  stageTimes: readonly StageEntry[] = [],
  /** Moves on their way to the API (contact ID → status ID or null): shown at once, where they were dropped. */
  pending: ReadonlyMap<string, string | null> = new Map(),
): PipelineColumn[] {
  const latest = new Map<string, { contact: Contact; thread: Thread; count: number }>();
  for (const thread of threads) {
    const embedded = thread.contact;
    if (!embedded) continue;
    const contact = pending.has(embedded.id) ? { ...embedded, statusId: pending.get(embedded.id) ?? null } : embedded;
    if (filters.accountLinkId.length && !filters.accountLinkId.includes(thread.accountLinkId)) continue;
    const held = latest.get(contact.id);
    if (!held) latest.set(contact.id, { contact, thread, count: 1 });
    else {
      held.count += 1;
      if (Date.parse(thread.activity.at) > Date.parse(held.thread.activity.at)) {
        held.thread = thread;
        held.contact = contact;
      }
    }
  }

  const recorded = latestEntries(stageTimes);
  const columns: PipelineColumn[] = [...statuses].sort((a, b) => a.position - b.position).map((status) => ({ id: status.id, status, cards: [], total: 0 }));
  const none: PipelineColumn = { id: null, status: null, cards: [], total: 0 };
  const byId = new Map(columns.map((c) => [c.id, c]));
  for (const { contact, thread, count } of latest.values()) {
    if (!matches(contact, filters)) continue;
    // A status the team's list does not (yet) have is shown as none rather than lost.
    const column = (contact.statusId && byId.get(contact.statusId)) || none;
    column.cards.push({ contact, thread, threadCount: count, stage: stageAge(contact, recorded.get(contact.id), statuses) });
    column.total += contact.valuation ?? 0;
  }
  const all = [...columns, none];
  for (const column of all) column.cards.sort((a, b) => Date.parse(b.thread.activity.at) - Date.parse(a.thread.activity.at));
  return all;
}

/** Whether a contact passes the board's filters: each kind narrows, values within a kind widen. */
export function matches(contact: Contact, filters: BoardFilters): boolean {
  if (filters.assigneeId.length || filters.unassigned) {
    const assigned = contact.assigneeId !== null && filters.assigneeId.includes(contact.assigneeId);
    const unassigned = filters.unassigned && contact.assigneeId === null;
    if (!assigned && !unassigned) return false;
  }
  if (filters.tag.length && !contact.tagIds.some((id) => filters.tag.includes(id))) return false;
  return true;
}

/**
 * Since when a contact is in its current stage. The inbox's record counts only when it set the
 * status the contact still has (a later change elsewhere would make it wrong); otherwise the
 * contact's last change, which is at or after the stage began, so the age is "at least".
 */
export function stageAge(contact: Contact, recorded: StageEntry | undefined, statuses: readonly Status[]): StageAge {
  if (recorded && statusIdOf(recorded.status, statuses) === contact.statusId) return { since: recorded.at, exact: true };
  // A contact never changed since it was created has had its status since then.
  if (contact.updatedAt === null) return { since: contact.createdAt, exact: true };
  return { since: contact.updatedAt, exact: false };
}

/** After this long in one stage a card is marked stale: two weeks without moving on is worth a look. */
export const STALE_AFTER_DAYS = 14;

export function isStale(stage: StageAge, now: Date): boolean {
  return now.getTime() - Date.parse(stage.since) >= STALE_AFTER_DAYS * 86_400_000;
}

/** The name a card goes by: its conversation's person, else the contact's first profile. */
export function cardName(card: Pick<PipelineCard, "contact" | "thread">): string {
  return personName(card.thread.profile ?? card.contact.profiles.find((p) => p.id === card.thread.profileId) ?? card.contact.profiles[0]);
}

/** The column a card moves to, as the PATCH /contacts body's `status` (null clears). */
export function statusOfColumn(columnId: string): string | null {
  return columnId === NO_STATUS ? null : columnId;
}

export function columnKey(column: Pick<PipelineColumn, "id">): string {
  return column.id ?? NO_STATUS;
}

/** A status reference as sent (ID or name, names in any case) to the status's ID; null stays null. */
function statusIdOf(ref: string | null, statuses: readonly Status[]): string | null | undefined {
  if (ref === null) return null;
  return statuses.find((s) => s.id === ref)?.id ?? statuses.find((s) => s.name.toLowerCase() === ref.toLowerCase())?.id;
}

function latestEntries(entries: readonly StageEntry[]): Map<string, StageEntry> {
  const out = new Map<string, StageEntry>();
  for (const entry of entries) {
    const held = out.get(entry.contactId);
    if (!held || Date.parse(entry.at) > Date.parse(held.at)) out.set(entry.contactId, entry);
  }
  return out;
}
