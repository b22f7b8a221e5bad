import type { Thread } from "@/lib/api/threads";

/**
 * A conversation can have its own assignee apart from its contact's (the API's
 * `assigneeSource`): then the header (the conversation's) and the contact panel (the
 * contact's) name different people. Said side by side, each for what it is, with one action to
 * bring the contact in line.
 */
export type AssigneeSplit = { conversation: string; contact: string | null };

/** The two assignees when they differ; null when the conversation follows its contact, or they agree. */
export function assigneeSplit(thread: Pick<Thread, "assigneeId" | "assigneeSource">, contactAssigneeId: string | null): AssigneeSplit | null {
  if (thread.assigneeSource !== "thread" || thread.assigneeId === null || thread.assigneeId === contactAssigneeId) return null;
  return { conversation: thread.assigneeId, contact: contactAssigneeId };
}

/** "Conversation: Priya · Contact: unassigned". */
export function splitSentence(split: AssigneeSplit, nameOf: (memberId: string) => string): string {
  return `Conversation: ${nameOf(split.conversation)} · Contact: ${split.contact ? nameOf(split.contact) : "unassigned"}`;
}

// The policy's own sentence (lib/server/access/policy): below manager, a contact goes only to oneself.
export const ONLY_MANAGERS_ASSIGN_CONTACTS = "Only managers can assign contacts to someone else.";

/** Why the viewer may not give the contact the conversation's assignee, or null. */
export function alignRefusal(split: AssigneeSplit, viewer: { memberId: string | null; manager: boolean }): string | null {
  return viewer.manager || split.conversation === viewer.memberId ? null : ONLY_MANAGERS_ASSIGN_CONTACTS;
}
