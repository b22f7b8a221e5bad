import { z } from "zod";
import { direction, thread } from "./threads";
import { serviceId, timestamp } from "./primitives";

/**
 * GET /api/inbox/search: messages whose text matches, newest first, across the threads the
 * viewer may see. The inbox indexes message text itself (the API's `q` covers names and the
 * latest message only): every thread's messages once it has been read (by a member, or by the
 * first search that covers it), and every message an event announces after that. `q` is the search box's language (lib/api/search-query).
 */
export const SEARCH_PAGE_LIMIT = { default: 20, max: 50 } as const;

export const searchQuery = z.object({
  q: z.string().trim().min(1, "Type something to search for").max(500),
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_LIMIT.max).default(SEARCH_PAGE_LIMIT.default),
});
export type SearchRequest = z.input<typeof searchQuery>;

/** A piece of a snippet: the text around a match (`match` false) or the matched words. */
export const snippetPart = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPart>;

export const messageHit = z.object({
  messageId: serviceId,
  threadId: serviceId,
  direction,
  /** Who wrote it: the contact's name for inbound messages, the member's for outbound; null when unknown. */
  author: z.string().nullable(),
  sentAt: timestamp,
  /** Part of the message around the match, plain text in pieces (never HTML). */
  snippet: z.array(snippetPart),
  /** The thread as its list row shows it (contact and profile embedded). */
  thread,
});
export type MessageHit = z.infer<typeof messageHit>;

export const searchPage = z.object({
  data: z.array(messageHit),
  nextCursor: z.string().nullable(),
  /** Conversations the search covers whose messages are still being read into the index: asking again may find more. */
  pending: z.number().int().min(0),
});
export type SearchPage = z.infer<typeof searchPage>;
