"use client";

import { mutationOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ActivityEntry } from "@/lib/api/activity";
import { isApiError } from "@/lib/api/errors";
import type { DeleteScope, Message, Reaction } from "@/lib/api/messages";
import { api, OUTLIVES_PAGE } from "@/lib/client/api";
import { toastError } from "@/lib/client/errors";
import { isOwnReaction } from "@/lib/client/thread/message-groups";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * Acting on one message: edit, unsend, react, take a reaction back. Each shows at once in the
 * thread's history (the messages infinite query), puts back only what it changed when the API
 * refuses (with the API's sentence in a toast), and takes the API's answer as the truth.
 *
 * Rollbacks restore the fields the mutation touched rather than a snapshot of the whole
 * cache, so two actions in flight on one thread cannot undo each other.
 */

export type EditVariables = { message: Message; content: string };
export type UnsendVariables = { message: Message; scope: DeleteScope };
export type ReactionVariables = { message: Message; emoji: string; accountLinkId: string };

export function useEditMessage() {
  return useMutation(editMessageMutation(useQueryClient()));
}

export function useUnsendMessage() {
  return useMutation(unsendMessageMutation(useQueryClient()));
}

/** Adds the thread's account link's reaction; adding one that is there changes nothing. */
export function useReactToMessage() {
  return useMutation(reactMutation(useQueryClient()));
}

/** Removes the thread's account link's reaction (never anyone else's). */
export function useRemoveReaction() {
  return useMutation(unreactMutation(useQueryClient()));
}

// ——— The mutations as options, so tests can run them against a bare QueryClient ———

export function editMessageMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: async ({ message, content }: EditVariables) => (await api.messages.update(message.id, { content })).body,
    onMutate: async ({ message, content }) => {
      await cancelMessages(queryClient, message.threadId);
      const before = findMessage(queryClient, message.threadId, message.id) ?? message;
      patchMessage(queryClient, message.threadId, message.id, (m) => applyEdit(m, content, new Date().toISOString()));
      return { restore: () => patchMessage(queryClient, message.threadId, message.id, (m) => ({ ...m, content: before.content, editedAt: before.editedAt })) };
    },
    onError: (error, _variables, context) => {
      context?.restore();
      toastError("Couldn't edit the message", error);
    },
    onSuccess: (message) => replaceMessage(queryClient, message),
    onSettled: (_data, error, { message }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageHistoryKey(message.id) }),
        // The thread's preview is its last message's words.
        queryClient.invalidateQueries({ queryKey: threadQueries.detail(message.threadId).queryKey }),
        resyncIfStale(queryClient, message.threadId, error),
      ]),
  });
}

export function unsendMessageMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: async ({ message, scope }: UnsendVariables) => (await api.messages.delete(message.id, scope)).body,
    onMutate: async ({ message, scope }) => {
      await cancelMessages(queryClient, message.threadId);
      const before = findMessage(queryClient, message.threadId, message.id) ?? message;
      const at = new Date().toISOString();
      patchMessage(queryClient, message.threadId, message.id, (m) => applyUnsend(m, at));
      // How far it went is known only to the activity log (lib/client/thread/unsent): noted there at once.
      const activityKey = inboxQueries.activity(message.threadId).queryKey;
      await queryClient.cancelQueries({ queryKey: activityKey, exact: true });
      const provisional = unsendEntry(message, scope, at);
      queryClient.setQueryData(activityKey, (log) => (log ? [provisional, ...log] : log));
      return {
        restore: () => {
          patchMessage(queryClient, message.threadId, message.id, (m) => ({
            ...m,
            deletedAt: before.deletedAt,
            content: before.content,
            attachments: before.attachments,
            entities: before.entities,
          }));
          queryClient.setQueryData(activityKey, (log) => log?.filter((entry) => entry !== provisional));
        },
      };
    },
    onError: (error, _variables, context) => {
      context?.restore();
      toastError("Couldn't unsend the message", error);
    },
    onSuccess: (message) => replaceMessage(queryClient, message),
    onSettled: (_data, error, { message }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: threadQueries.detail(message.threadId).queryKey }),
        queryClient.invalidateQueries({ queryKey: inboxQueries.activity(message.threadId).queryKey, exact: true }),
        resyncIfStale(queryClient, message.threadId, error),
      ]),
  });
}

/** The activity log's entry for an unsend, as the server will write it, until it does. */
function unsendEntry(message: Message, scope: DeleteScope, at: string): ActivityEntry {
  return {
    id: `pending-unsend-${message.id}`,
    userId: "",
    userName: "",
    memberId: null,
    action: "messages.delete",
    threadId: message.threadId,
    contactId: null,
    messageId: message.id,
    before: null,
    after: { scope },
    requestId: null,
    at,
  };
}

export function reactMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: async ({ message, emoji }: ReactionVariables) => (await api.messages.react(message.id, { emoji }, OUTLIVES_PAGE)).body,
    onMutate: async ({ message, emoji, accountLinkId }) => {
      await cancelMessages(queryClient, message.threadId);
      const before = findMessage(queryClient, message.threadId, message.id) ?? message;
      const had = before.reactions.some((r) => r.emoji === emoji && isOwnReaction(r, accountLinkId));
      patchMessage(queryClient, message.threadId, message.id, (m) => ({
        ...m,
        reactions: addReaction(m.reactions, emoji, accountLinkId, new Date().toISOString()),
      }));
      return {
        restore: () => {
          if (!had) patchMessage(queryClient, message.threadId, message.id, (m) => ({ ...m, reactions: removeReaction(m.reactions, emoji, accountLinkId) }));
        },
      };
    },
    onError: (error, _variables, context) => {
      context?.restore();
      toastError("Couldn't add the reaction", error);
    },
    onSuccess: ({ reactions }, { message }) => patchMessage(queryClient, message.threadId, message.id, (m) => ({ ...m, reactions })),
    onSettled: (_data, error, { message }) => resyncIfStale(queryClient, message.threadId, error),
  });
}

export function unreactMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: async ({ message, emoji }: ReactionVariables) => (await api.messages.unreact(message.id, emoji, OUTLIVES_PAGE)).body,
    onMutate: async ({ message, emoji, accountLinkId }) => {
      await cancelMessages(queryClient, message.threadId);
      const before = findMessage(queryClient, message.threadId, message.id) ?? message;
      const removed = before.reactions.find((r) => r.emoji === emoji && isOwnReaction(r, accountLinkId));
      patchMessage(queryClient, message.threadId, message.id, (m) => ({ ...m, reactions: removeReaction(m.reactions, emoji, accountLinkId) }));
      return {
        restore: () => {
          if (removed) patchMessage(queryClient, message.threadId, message.id, (m) => ({ ...m, reactions: restoreReaction(m.reactions, removed, accountLinkId) }));
        },
      };
    },
    onError: (error, _variables, context) => {
      context?.restore();
      toastError("Couldn't remove the reaction", error);
    },
    onSuccess: ({ reactions }, { message }) => patchMessage(queryClient, message.threadId, message.id, (m) => ({ ...m, reactions })),
    onSettled: (_data, error, { message }) => resyncIfStale(queryClient, message.threadId, error),
  });
}

/** The key of a message's edit history (GET /messages/{id}/history). */
export function messageHistoryKey(messageId: string) {
  return [...threadQueries.all(), "messageHistory", messageId] as const;
}

// ——— Cache helpers, exported for tests and for whoever patches messages from events ———

/** Applies a change to one message wherever the thread's loaded pages hold it. */
export function patchMessage(queryClient: QueryClient, threadId: string, messageId: string, change: (message: Message) => Message): void {
  queryClient.setQueryData(threadQueries.messages(threadId).queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.data.some((m) => m.id === messageId) ? { ...page, data: page.data.map((m) => (m.id === messageId ? change(m) : m)) } : page,
          ),
        }
      : data,
  );
}

/** Puts the API's version of a message in place of the cached one. */
export function replaceMessage(queryClient: QueryClient, message: Message): void {
  patchMessage(queryClient, message.threadId, message.id, () => message);
}

export function findMessage(queryClient: QueryClient, threadId: string, messageId: string): Message | undefined {
  const data = queryClient.getQueryData(threadQueries.messages(threadId).queryKey);
  for (const page of data?.pages ?? []) {
    const found = page.data.find((m) => m.id === messageId);
    if (found) return found;
  }
  return undefined;
}

/** What an edit will look like once accepted. */
export function applyEdit(message: Message, content: string, at: string): Message {
  return { ...message, content, editedAt: at };
}

/** What an unsend will look like: the API hides the content, media and shared posts. */
export function applyUnsend(message: Message, at: string): Message {
  return { ...message, deletedAt: at, content: null, attachments: [], entities: { ...message.entities, postShares: [] } };
}

/** The account link's reaction added, unless it is there already (at most one per emoji). */
export function addReaction(reactions: readonly Reaction[], emoji: string, accountLinkId: string, at: string): Reaction[] {
  if (reactions.some((r) => r.emoji === emoji && isOwnReaction(r, accountLinkId))) return [...reactions];
  return [...reactions, { emoji, author: { type: "accountLink", accountLinkId }, reactedAt: at }];
}

/** The account link's reaction with this emoji removed; everyone else's stay. */
export function removeReaction(reactions: readonly Reaction[], emoji: string, accountLinkId: string): Reaction[] {
  return reactions.filter((r) => !(r.emoji === emoji && isOwnReaction(r, accountLinkId)));
}

function restoreReaction(reactions: readonly Reaction[], reaction: Reaction, accountLinkId: string): Reaction[] {
  if (reactions.some((r) => r.emoji === reaction.emoji && isOwnReaction(r, accountLinkId))) return [...reactions];
  return [...reactions, reaction];
}

/** An in-flight read of the history would land on top of the optimistic change: stop it. */
function cancelMessages(queryClient: QueryClient, threadId: string): Promise<void> {
  return queryClient.cancelQueries({ queryKey: threadQueries.messages(threadId).queryKey, exact: true });
}

/**
 * When the API says the message is gone or no longer changeable, the cache is out of date:
 * read the history again. Other refusals (a closed window, a restriction) leave it as it was.
 */
function resyncIfStale(queryClient: QueryClient, threadId: string, error: unknown): Promise<void> | undefined {
  if (!isApiError(error) || (error.code !== "messageNotFound" && error.code !== "messageNotMutable")) return undefined;
  return queryClient.invalidateQueries({ queryKey: threadQueries.messages(threadId).queryKey, exact: true });
}
