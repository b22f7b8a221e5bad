import type { z } from "zod";
import type { CLIENT_CONTRACT, ClientOperation } from "./client-contract";
import { attachmentIndex, id, ref, type ApiResult, type Method, type RequestOptions, type SendOptions } from "./client-transport";
import type { ContactListQuery, ContactPatch } from "./contacts";
import type { EventListQuery, EventPage } from "./events";
import type { StatusCreate, StatusPatch, TagCreate, TagPatch } from "./labels";
import type { DeleteScope, MessagePatch, ReactionCreate, SendMessage } from "./messages";
import { outreachMethods } from "./outreach/client";
import type { AccountLinkListQuery } from "./platforms";
import type { PageQuery } from "./query";
import type { QueryParams } from "./search-params";
import type { ThreadGetQuery, ThreadListQuery, ThreadPatch } from "./threads";

/**
 * The methods of API v2's typed client, one per endpoint, named as lib/api/endpoints names
 * them. They hold the paths and what each request carries, and nothing else: the `Call` given
 * decides whether it is checked against the contract (lib/api/client) or sent as it is
 * (lib/api/bff-client). Answers are typed from lib/api/client-contract by type alone.
 */
type Contract = typeof CLIENT_CONTRACT;

/** The answer's body of an operation, as its contract schema gives it. */
export type Answer<O extends ClientOperation> = Contract[O]["response"] extends z.ZodType ? z.output<Contract[O]["response"]> : undefined;

export type CallRequest = {
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  options?: RequestOptions;
};

/** One request of the client; `path` is a function where building it may throw (an invalid ID), so it rejects like every other error. */
export type Call = <O extends ClientOperation>(
  operation: O,
  method: Method,
  path: string | (() => string),
  request: CallRequest,
) => Promise<ApiResult<Answer<O>>>;

export function apiMethods(call: Call) {
  const client = {
    ...outreachMethods(call),
    platforms: {
      list: (options?: RequestOptions) => call("platforms.list", "GET", "/platforms", { options }),
    },
    team: {
      get: (options?: RequestOptions) => call("team.get", "GET", "/team", { options }),
    },
    members: {
      list: (query?: PageQuery, options?: RequestOptions) => call("members.list", "GET", "/members", { query, options }),
      get: (memberId: string, options?: RequestOptions) => call("members.get", "GET", () => `/members/${id(memberId)}`, { options }),
    },
    accountLinks: {
      list: (query?: AccountLinkListQuery, options?: RequestOptions) => call("accountLinks.list", "GET", "/account-links", { query, options }),
      get: (accountLinkId: string, options?: RequestOptions) =>
        call("accountLinks.get", "GET", () => `/account-links/${id(accountLinkId)}`, { options }),
    },
    threads: {
      list: (query?: ThreadListQuery, options?: RequestOptions) => call("threads.list", "GET", "/threads", { query, options }),
      get: (threadId: string, query?: ThreadGetQuery, options?: RequestOptions) =>
        call("threads.get", "GET", () => `/threads/${id(threadId)}`, { query, options }),
      update: (threadId: string, patch: ThreadPatch, options?: RequestOptions) =>
        call("threads.update", "PATCH", () => `/threads/${id(threadId)}`, { body: patch, options }),
      delete: (threadId: string, options?: RequestOptions) => call("threads.delete", "DELETE", () => `/threads/${id(threadId)}`, { options }),
      typing: (threadId: string, options?: RequestOptions) => call("threads.typing", "POST", () => `/threads/${id(threadId)}/typing`, { options }),
      messages: (threadId: string, query?: PageQuery, options?: RequestOptions) =>
        call("threads.messages", "GET", () => `/threads/${id(threadId)}/messages`, { query, options }),
    },
    messages: {
      /** Every send carries an `Idempotency-Key`: a retry with the same key never sends twice. */
      send: (body: SendMessage, options?: SendOptions) =>
        call("messages.send", "POST", "/messages", {
          body,
          headers: { "idempotency-key": options?.idempotencyKey ?? crypto.randomUUID() },
          options,
        }),
      get: (messageId: string, options?: RequestOptions) => call("messages.get", "GET", () => `/messages/${id(messageId)}`, { options }),
      update: (messageId: string, patch: MessagePatch, options?: RequestOptions) =>
        call("messages.update", "PATCH", () => `/messages/${id(messageId)}`, { body: patch, options }),
      delete: (messageId: string, scope: DeleteScope, options?: RequestOptions) =>
        call("messages.delete", "DELETE", () => `/messages/${id(messageId)}`, { query: { scope }, options }),
      history: (messageId: string, options?: RequestOptions) =>
        call("messages.history", "GET", () => `/messages/${id(messageId)}/history`, { options }),
      react: (messageId: string, body: ReactionCreate, options?: RequestOptions) =>
        call("messages.react", "POST", () => `/messages/${id(messageId)}/reactions`, { body, options }),
      unreact: (messageId: string, emoji: string, options?: RequestOptions) =>
        call("messages.unreact", "DELETE", () => `/messages/${id(messageId)}/reactions`, { query: { emoji }, options }),
      attachmentUrl: (messageId: string, index: number, options?: RequestOptions) =>
        call("messages.attachmentUrl", "GET", () => `/messages/${id(messageId)}/attachments/${attachmentIndex(index)}`, { options }),
    },
    contacts: {
      list: (query: ContactListQuery, options?: RequestOptions) => call("contacts.list", "GET", "/contacts", { query, options }),
      get: (contactId: string, options?: RequestOptions) => call("contacts.get", "GET", () => `/contacts/${id(contactId)}`, { options }),
      update: (contactId: string, patch: ContactPatch, options?: RequestOptions) =>
        call("contacts.update", "PATCH", () => `/contacts/${id(contactId)}`, { body: patch, options }),
      /** Adds a tag by ID or name; idempotent. Answers with the contact (our choice). */
      addTag: (contactId: string, tagRef: string, options?: RequestOptions) =>
        call("contacts.addTag", "PUT", () => `/contacts/${id(contactId)}/tags/${ref(tagRef)}`, { options }),
      removeTag: (contactId: string, tagRef: string, options?: RequestOptions) =>
        call("contacts.removeTag", "DELETE", () => `/contacts/${id(contactId)}/tags/${ref(tagRef)}`, { options }),
    },
    tags: {
      list: (query?: PageQuery, options?: RequestOptions) => call("tags.list", "GET", "/tags", { query, options }),
      get: (tagRef: string, options?: RequestOptions) => call("tags.get", "GET", () => `/tags/${ref(tagRef)}`, { options }),
      create: (body: TagCreate, options?: RequestOptions) => call("tags.create", "POST", "/tags", { body, options }),
      update: (tagRef: string, patch: TagPatch, options?: RequestOptions) =>
        call("tags.update", "PATCH", () => `/tags/${ref(tagRef)}`, { body: patch, options }),
      delete: (tagRef: string, options?: RequestOptions) => call("tags.delete", "DELETE", () => `/tags/${ref(tagRef)}`, { options }),
    },
    statuses: {
      list: (query?: PageQuery, options?: RequestOptions) => call("statuses.list", "GET", "/statuses", { query, options }),
      get: (statusRef: string, options?: RequestOptions) => call("statuses.get", "GET", () => `/statuses/${ref(statusRef)}`, { options }),
      create: (body: StatusCreate, options?: RequestOptions) => call("statuses.create", "POST", "/statuses", { body, options }),
      update: (statusRef: string, patch: StatusPatch, options?: RequestOptions) =>
        call("statuses.update", "PATCH", () => `/statuses/${ref(statusRef)}`, { body: patch, options }),
      delete: (statusRef: string, options?: RequestOptions) =>
        call("statuses.delete", "DELETE", () => `/statuses/${ref(statusRef)}`, { options }),
    },
    colors: {
      list: (options?: RequestOptions) => call("colors.list", "GET", "/colors", { options }),
    },
    events: {
      list: (query?: EventListQuery, options?: RequestOptions) => call("events.list", "GET", "/events", { query, options }),
      /** Replays every event after `afterSeq`, page by page, following `hasMore` and `lastSeq`. */
      replay: (afterSeq: number, query?: Omit<EventListQuery, "afterSeq">, options?: RequestOptions) =>
        replayEvents((seq) => client.events.list({ ...query, afterSeq: seq }, options), afterSeq),
    },
  };
  return client;
}

export type ApiMethods = ReturnType<typeof apiMethods>;

async function* replayEvents(
  list: (afterSeq: number) => Promise<ApiResult<EventPage>>,
  afterSeq: number,
): AsyncGenerator<EventPage, void, undefined> {
  let seq = afterSeq;
  for (;;) {
    const { body } = await list(seq);
    yield body;
    if (!body.hasMore || body.lastSeq <= seq) return;
    seq = body.lastSeq;
  }
}
