import "server-only";
import { randomBytes } from "node:crypto";
import type { ApiEvent } from "@/lib/api/events";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { metrics } from "../runtime/metrics";

/**
 * Fan-out of what changed to every open browser (the SSE streams of app/api/events). Each
 * message has a number of its own, so a browser that reconnects with `Last-Event-ID` gets
 * what it missed from a short memory — or, when that is gone, a `resync` telling it to read
 * everything again. Numbers are this instance's own: a stream's `id` names the instance too
 * (`<instance>.<number>`), so a browser that a load balancer moves to another instance (one
 * stopping, say) is told to read again instead of being taken as up to date by numbers that
 * meant nothing here. Who may hear what is decided per subscriber (`accepts`). Subscribers are
 * the open event streams, counted in `inbox_event_streams_open`.
 */
export type HubMessage = { id: number; event: InboxEvent };

/** Where a reconnecting browser left off: the instance that numbered its last message, and that number. */
export type ResumePoint = { instance: string; id: number };

export type Subscriber = {
  accepts(event: InboxEvent): boolean;
  send(message: HubMessage): void;
  /** The inbox user listening; `recheck` is told when that user (or every user) changed. */
  userId?: string;
  recheck?(): void;
  /** The instance is stopping: end the stream so the browser reconnects, to another instance. */
  reconnect?(): void;
};

export type Hub = {
  publish(event: InboxEvent): void;
  /** This hub's name in stream IDs: random per process. */
  instance: string;
  subscribe(subscriber: Subscriber, resumeFrom: ResumePoint | null): () => void;
  clients(): number;
  lastId(): number;
  /** A user was removed or changed (role, member, password), or with null every user's view: their streams check their session again. */
  recheck(userId: string | null): void;
  /** Every open stream is told to reconnect (a graceful stop, lib/server/runtime/shutdown). */
  reconnectAll(): void;
};

export function createHub(options: { memory?: number } = {}): Hub {
  const memory = options.memory ?? 2_000;
  const subscribers = new Set<Subscriber>();
  const recent: HubMessage[] = [];
  let next = Date.now();
  const instance = randomBytes(6).toString("hex");

  return {
    instance,
    publish(event) {
      const message = { id: ++next, event };
      recent.push(message);
      if (recent.length > memory) recent.splice(0, recent.length - memory);
      for (const subscriber of subscribers) {
        if (subscriber.accepts(event)) subscriber.send(message);
      }
    },
    subscribe(subscriber, resumeFrom) {
      const lastEventId = resumeFrom?.instance === instance ? resumeFrom.id : null;
      if (resumeFrom && lastEventId === null) {
        subscriber.send({ id: next, event: { type: "resync" } });
      } else if (lastEventId !== null && lastEventId < next) {
        const oldest = recent[0]?.id ?? next + 1;
        if (lastEventId + 1 < oldest) {
          subscriber.send({ id: next, event: { type: "resync" } });
        } else {
          for (const message of recent) if (message.id > lastEventId && subscriber.accepts(message.event)) subscriber.send(message);
        }
      }
      if (!subscribers.has(subscriber)) metrics.eventStreams.inc();
      subscribers.add(subscriber);
      return () => {
        if (subscribers.delete(subscriber)) metrics.eventStreams.dec();
      };
    },
    clients: () => subscribers.size,
    lastId: () => next,
    recheck(userId) {
      for (const subscriber of subscribers) if (userId === null || subscriber.userId === userId) subscriber.recheck?.();
    },
    reconnectAll() {
      for (const subscriber of [...subscribers]) subscriber.reconnect?.();
    },
  };
}

/** An API event as browsers hear it: thin, naming what to read again. */
export function toInboxEvent(event: ApiEvent): InboxEvent {
  const data = event.data as Record<string, unknown>;
  const str = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    type: "api",
    apiType: event.type,
    object: { type: event.object.type, id: event.object.id },
    threadId: str(data.threadId) ?? (event.object.type === "thread" ? event.object.id : undefined),
    messageId: str(data.messageId) ?? (event.object.type === "message" ? event.object.id : undefined),
    contactId: event.object.type === "contact" ? event.object.id : undefined,
    at: event.createdAt,
  };
}
