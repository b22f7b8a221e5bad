import { threadSearchText } from "@/lib/api/threads";
import type { messages, profiles } from "../schema";

/**
 * What a thread shows of its conversation, kept in its denormalised columns: the seed and the
 * API write them with these same rules, so a seeded thread and a live one cannot differ.
 */
export const PREVIEW_LENGTH = 120;

/** The text shown for a message in thread lists: its content, or what it carries; nothing once unsent. */
export function previewOf(
  message: Pick<typeof messages.$inferSelect, "content" | "attachments" | "entities" | "deletedAt">,
): string | null {
  if (message.deletedAt) return null;
  if (message.content) return message.content.slice(0, PREVIEW_LENGTH);
  if (message.attachments.some((a) => a.kind === "image")) return "Photo";
  if (message.attachments.length > 0) return "Attachment";
  if (message.entities.postShares.length > 0) return "Shared a post";
  return null;
}

/** What `q` searches: the contract's rule (lib/api/threads.ts), stored so SQL can match it. */
export function searchTextOf(
  profile: Pick<typeof profiles.$inferSelect, "displayName" | "username" | "handle">,
  preview: string | null,
): string {
  return threadSearchText(profile, preview);
}
