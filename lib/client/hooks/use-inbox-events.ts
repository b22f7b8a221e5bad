"use client";

import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { INBOX_EVENT_NAME, readInboxEvent } from "@/lib/api/inbox-stream";
import { commentQueries } from "@/lib/client/queries/comments";
import { contactThreadQueries } from "@/lib/client/queries/contact-threads";
import { contactQueries } from "@/lib/client/queries/contacts";
import { scheduledSendQueries } from "@/lib/client/queries/scheduled-sends";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { pipelineQueries } from "@/lib/client/queries/pipeline";
import { snoozeQueries } from "@/lib/client/queries/snoozes";
import { teamQueries } from "@/lib/client/queries/team";
import { threadQueries } from "@/lib/client/queries/threads";
import { usePresenceStore } from "@/lib/client/stores/presence";

/**
 * Server events notify, queries fetch: one stream per tab (GET /api/events), each event
 * turned into a targeted invalidation of exactly the queries it touches — batched over a
 * short window, so a burst of events refetches each query once. The refetches are answered by
 * the inbox's server from what it holds, not by the API. On reconnect, what may have been
 * missed is read again.
 */
const BATCH_MS = 150;

type Listener = (event: InboxEvent) => void;
const listeners = new Set<Listener>();

/** Hears every event this tab's stream brings (browser notifications, say); returns the unsubscribe. */
export function onInboxEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useInboxEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource("/api/events");
    const keys = new Map<string, QueryKey>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let wasOpen = false;
    let lost = false;

    const flush = () => {
      timer = null;
      const batch = [...keys.values()];
      keys.clear();
      for (const queryKey of batch) void queryClient.invalidateQueries({ queryKey });
    };
    const touch = (queryKey: QueryKey) => {
      keys.set(JSON.stringify(queryKey), queryKey);
      timer ??= setTimeout(flush, BATCH_MS);
    };

    source.addEventListener(INBOX_EVENT_NAME, (message) => {
      const event = readInboxEvent((message as MessageEvent<string>).data);
      if (!event) return;
      apply(event, queryClient, touch);
      for (const listener of listeners) listener(event);
    });
    source.addEventListener("open", () => {
      if (wasOpen && lost) {
        // Back after a break the stream could not resume across: read again what is on screen.
        for (const key of [threadQueries.all(), inboxQueries.counts().queryKey, contactQueries.all(), snoozeQueries.all(), commentQueries.all()]) touch(key);
      }
      wasOpen = true;
      lost = false;
    });
    source.addEventListener("error", () => {
      lost = true;
    });
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
}

/** What one event changes on this screen. */
export function apply(event: InboxEvent, queryClient: QueryClient, touch: (key: QueryKey) => void): void {
  if (event.type === "resync") {
    void queryClient.invalidateQueries();
    return;
  }
  if (event.type === "presence") {
    usePresenceStore.getState().set(event.threadId, event.people);
    return;
  }
  if (event.type === "snooze") {
    // A snooze moves its thread between the folders and the Snoozed view, and is in the activity log.
    touch(snoozeQueries.all());
    touch(inboxQueries.activityAll());
    touch(threadQueries.lists());
    touch(inboxQueries.counts().queryKey);
    return;
  }
  if (event.type === "drafts") {
    const { holders } = event;
    queryClient.setQueryData(inboxQueries.drafts(event.threadId).queryKey, (data) => (data ? { ...data, holders } : data));
    return;
  }
  if (event.type === "scheduledSend") {
    touch(scheduledSendQueries.thread(event.threadId).queryKey);
    // Sent: the message is in the history (its own event may come a moment later).
    if (event.state === "sent") touch(threadQueries.messages(event.threadId).queryKey);
    return;
  }
  if (event.type === "comments") {
    // Read again, from the inbox's own database: the timeline, whoever's Mentions it touched, and the activity log.
    touch(commentQueries.thread(event.threadId).queryKey);
    touch(commentQueries.mentions().queryKey);
    touch(inboxQueries.activityAll());
    return;
  }
  const { apiType, threadId, contactId } = event;
  const counts = inboxQueries.counts().queryKey;
  // Changes made through the inbox are in its activity log (who sent, who changed what): the
  // inbox's own database, so reading it again costs no quota.
  if (/^(message|thread|contact)\./.test(apiType)) touch(inboxQueries.activityAll());
  if (apiType.startsWith("message.")) {
    if (threadId) touch(threadQueries.messages(threadId).queryKey);
    if (apiType.startsWith("message.reaction")) return;
    if (threadId) touch(threadQueries.detail(threadId).queryKey);
    touch(threadQueries.lists());
    touch(counts);
    // A contact's threads (which accounts already talk with the person) change with a first send.
    if (contactId && apiType === "message.sent") touch(contactThreadQueries.list(contactId).queryKey);
  } else if (apiType.startsWith("thread.")) {
    if (threadId) touch(threadQueries.detail(threadId).queryKey);
    touch(threadQueries.lists());
    touch(counts);
    if (contactId) touch(contactThreadQueries.list(contactId).queryKey);
  } else if (apiType.startsWith("contact.")) {
    if (contactId) touch(contactQueries.detail(contactId).queryKey);
    // Rows and open threads embed the contact (tags, status, assignee).
    touch(threadQueries.lists());
    touch(threadQueries.details());
    if (apiType === "contact.assigneeChanged") touch(counts);
    if (apiType === "contact.statusChanged") touch(pipelineQueries.stageTimes().queryKey);
  } else if (apiType.startsWith("tag.")) {
    touch(teamQueries.tags().queryKey);
  } else if (apiType.startsWith("status.")) {
    touch(teamQueries.statuses().queryKey);
  } else if (apiType.startsWith("accountLink.")) {
    touch(teamQueries.accountLinks().queryKey);
  } else if (apiType.startsWith("campaign.")) {
    touch(outreachQueries.campaignsAll());
  } else if (apiType.startsWith("target.")) {
    // A person's stage in the campaign and the campaign's figures; the thread's header says which step was sent.
    touch(outreachQueries.campaignsAll());
    touch(outreachQueries.leadsAll());
    if (threadId) touch(threadQueries.detail(threadId).queryKey);
  } else {
    // A kind of change this inbox does not know: read again what could show it.
    touch(threadQueries.all());
  }
}
