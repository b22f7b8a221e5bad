import { format } from "date-fns";
import type { ActivityEntry } from "@/lib/api/activity";
import { isKnownErrorCode, ERROR_SENTENCES } from "@/lib/api/errors";
import { ACTION_LABELS } from "@/lib/client/rule-sentences";

/** Names the sentences need, looked up by ID. */
export type ActivityNames = { member(id: string): string | undefined; status(id: string): string | undefined };

type Change = Record<string, unknown>;

/** The actions the log records, named for a filter. */
export const ACTIVITY_ACTIONS = [
  { action: "messages.send", label: "Sent a message" },
  { action: "messages.update", label: "Edited a message" },
  { action: "messages.delete", label: "Unsent a message" },
  { action: "messages.react", label: "Reacted" },
  { action: "messages.unreact", label: "Removed a reaction" },
  { action: "threads.update", label: "Changed a conversation" },
  { action: "threads.delete", label: "Deleted a conversation" },
  { action: "contacts.update", label: "Changed a contact" },
  { action: "contacts.addTag", label: "Tagged a contact" },
  { action: "contacts.removeTag", label: "Untagged a contact" },
  { action: "snoozes.create", label: "Snoozed" },
  { action: "snoozes.delete", label: "Unsnoozed or dismissed" },
  { action: "followUps.create", label: "Set a reminder" },
  { action: "comments.create", label: "Commented" },
  { action: "comments.mention", label: "Mentioned someone" },
  { action: "comments.update", label: "Edited a comment" },
  { action: "comments.delete", label: "Deleted a comment" },
  { action: "tags.create", label: "Created a tag" },
  { action: "tags.update", label: "Changed a tag" },
  { action: "tags.delete", label: "Deleted a tag" },
  { action: "statuses.create", label: "Created a status" },
  { action: "statuses.update", label: "Changed a status" },
  { action: "statuses.delete", label: "Deleted a status" },
  { action: "rules.actionFailed", label: "A rule's action failed" },
] as const;

/**
 * What an activity entry says, after the member's name: "archived the conversation". One
 * table for every action the inbox records (lib/server/activity/activity); an action added later
 * still reads sensibly.
 */
export function activitySentence(entry: Pick<ActivityEntry, "action" | "after">, names: ActivityNames): string {
  const after = (entry.after ?? {}) as Change;
  switch (entry.action) {
    case "messages.send":
      return "sent a message";
    case "messages.update":
      return "edited a message";
    case "messages.delete":
      return after.scope === "self" ? "hid a message from the team" : "unsent a message";
    case "messages.react":
      return typeof after.emoji === "string" ? `reacted ${after.emoji}` : "reacted to a message";
    case "messages.unreact":
      return "removed a reaction";
    case "threads.update":
      return joined(threadChanges(after, names)) ?? "changed the conversation";
    case "threads.delete":
      return "deleted the conversation";
    case "contacts.update":
      return joined(contactChanges(after, names)) ?? "changed the contact";
    case "contacts.addTag":
      return "tagged the contact";
    case "contacts.removeTag":
      return "removed a tag from the contact";
    case "snoozes.create":
      return typeof after.until === "string" ? `snoozed the conversation until ${format(new Date(after.until), "EEE d MMM, HH:mm")}` : "snoozed the conversation until the contact replies";
    case "snoozes.delete":
      if (after.kind === "followUp") return after.state === "returned" ? "dismissed the no-reply reminder" : "cancelled the reminder";
      return after.state === "returned" ? "dismissed the return from snooze" : "unsnoozed the conversation";
    case "followUps.create":
      return typeof after.days === "number" ? `set a reminder if no reply in ${after.days === 1 ? "1 day" : `${after.days} days`}` : "set a reminder";
    case "comments.create":
      return "commented";
    case "comments.mention":
      // The names as they were when mentioned (lib/server/comments/answers).
      return Array.isArray(after.names) && after.names.length > 0 ? `mentioned ${joined(after.names.map(String))}` : "mentioned a teammate";
    case "comments.update":
      return "edited a comment";
    case "comments.delete":
      return "deleted a comment";
    case "tags.create":
    case "statuses.create":
      return `created the ${entry.action.startsWith("tags") ? "tag" : "status"} ${typeof after.name === "string" ? `“${after.name}”` : ""}`.trim();
    case "tags.update":
    case "statuses.update":
      return `changed a ${entry.action.startsWith("tags") ? "tag" : "status"}`;
    case "tags.delete":
    case "statuses.delete":
      return `deleted a ${entry.action.startsWith("tags") ? "tag" : "status"}`;
    case "rules.actionFailed": {
      // A rule (lib/server/routing/rules) names what it could not do, and the API's code for why.
      const label = ACTION_LABELS[after.action as keyof typeof ACTION_LABELS] ?? "act";
      const why = typeof after.code === "string" && isKnownErrorCode(after.code) ? ` (${ERROR_SENTENCES[after.code]})` : "";
      return `couldn't carry out “${label}”${why}`;
    }
    default:
      return `did ${entry.action}`;
  }
}

function threadChanges(after: Change, names: ActivityNames): string[] {
  const out: string[] = [];
  if (after.archived === true) out.push("archived the conversation");
  if (after.archived === false) out.push("unarchived the conversation");
  if (after.unread === true) out.push("marked it unread for the team");
  if (after.unread === false) out.push("marked it read for the team");
  // Routing says why it chose (lib/server/routing): "balanced: Priya had 3 open".
  const why = typeof after.reason === "string" ? ` (${after.reason})` : "";
  if ("assigneeId" in after) out.push(after.assigneeId ? `assigned the conversation to ${names.member(String(after.assigneeId)) ?? "a member"}${why}` : "unassigned the conversation");
  if ("typingIndicators" in after) out.push("changed the typing indicators");
  return out;
}

function contactChanges(after: Change, names: ActivityNames): string[] {
  const out: string[] = [];
  if ("status" in after) out.push(after.status ? `set the status to ${names.status(String(after.status)) ?? String(after.status)}` : "cleared the status");
  if ("assigneeId" in after) out.push(after.assigneeId ? `assigned the contact to ${names.member(String(after.assigneeId)) ?? "a member"}` : "unassigned the contact");
  if ("valuation" in after) out.push(after.valuation === null ? "cleared the valuation" : "changed the valuation");
  if ("notes" in after) out.push("edited the notes");
  return out;
}

function joined(parts: string[]): string | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
