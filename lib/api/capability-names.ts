import { openEnum } from "./primitives";

/**
 * The capability vocabulary, defined once. The spec names `message:edit` and says
 * capabilities are strings; the rest of the vocabulary is our choice:
 *
 * - `message:send`     send a message in an existing thread (also to a `contact` target
 *                      whose thread on this account link exists)
 * - `thread:create`    start a conversation: the first message to a profile with no thread
 * - `message:edit`     PATCH /messages/{id}
 * - `message:unsend`   DELETE /messages/{id} (both scopes)
 * - `message:react`    POST and DELETE /messages/{id}/reactions
 * - `thread:typing`    POST /threads/{id}/typing
 * - `thread:delete`    delete the conversation on the platform too; without it
 *                      DELETE /threads/{id} removes it locally (`scope: "local"`)
 * - `message:attach`   send files with a message (POST /messages `attachments`); how many,
 *                      how big and of which types is the platform's `limits.attachments`
 *
 * Account links, platforms and thread `restrictions` all speak this vocabulary, and new
 * capability strings are accepted unharmed (they are simply never allowed by a client
 * that does not know them).
 */
export const CAPABILITIES = [
  "message:send",
  "thread:create",
  "message:edit",
  "message:unsend",
  "message:react",
  "thread:typing",
  "thread:delete",
  "message:attach",
] as const;
export type KnownCapability = (typeof CAPABILITIES)[number];

export const capabilityName = openEnum(CAPABILITIES);

/** Capabilities limited by a per-platform time window after the message was sent. */
export const WINDOWED_CAPABILITIES = ["message:edit", "message:unsend"] as const satisfies readonly KnownCapability[];
export type WindowedCapability = (typeof WINDOWED_CAPABILITIES)[number];
