import { inboxHref } from "@/lib/client/list/inbox-url";

/** The link to a lead's conversation in the inbox (every folder, so a done one opens too). */
export const leadThreadHref = (threadId: string) => `/${inboxHref({ folder: "all", thread: threadId })}`;

/** A list's page: its leads. */
export const listHref = (listId: string) => `/outreach/lists/${listId}`;
