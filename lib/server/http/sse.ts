import "server-only";
import { INBOX_EVENT_NAME, type InboxEvent } from "@/lib/api/inbox-events";
import type { HubMessage, ResumePoint } from "../events/hub";
import { atLeast } from "../access/policy";
import { errorField, log } from "../runtime/log";
import { canSee } from "../access/visibility";
import type { Runtime } from "../runtime/runtime";
import { viewerFrom, type SessionViewer } from "./session";

/**
 * One member's stream of server-sent events: every change they may see, numbered so that a
 * reconnect with `Last-Event-ID` resumes where it broke off, and a heartbeat every 15 s so
 * proxies keep the connection open and the browser notices a dead one. `no-transform`
 * keeps compression from buffering the stream.
 *
 * A stream outlives the request that checked its session, so it checks again every
 * `SESSION_RECHECK_MS` (which also catches `npm run users` and sign-outs elsewhere) and at
 * once when its user or the team's visibility changes (`hub.recheck`, from this instance or,
 * through the bus, another). It closes when the session is gone. A new role, member or
 * visibility applies from then on, and the tab is sent a `resync`, so it reads what it shows
 * again under the new view: a closed stream would resume from `Last-Event-ID` and leave
 * now-hidden threads on screen.
 *
 * When the instance stops (SIGTERM, lib/server/runtime/shutdown) each stream is sent a `retry`
 * hint and closed cleanly: the browser reconnects with `Last-Event-ID`, through the load
 * balancer, to an instance that is not stopping. A stream opened while stopping is closed the
 * same way at once.
 */
export const HEARTBEAT_MS = 15_000;
export const SESSION_RECHECK_MS = 10_000;
/** A stopping instance's browsers come back within this spread, not all in the same instant. */
export const RECONNECT_MS = { min: 500, spread: 1_500 };

export function eventsResponse(request: Request, runtime: Runtime, initial: SessionViewer, options: { recheckMs?: number } = {}): Response {
  const encoder = new TextEncoder();
  const lastEventId = parseLastEventId(request.headers.get("last-event-id"));
  let viewer = initial;
  let closed = false;
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const send = (message: HubMessage) => write(`id: ${runtime.hub.instance}.${message.id}\nevent: ${INBOX_EVENT_NAME}\ndata: ${JSON.stringify(message.event)}\n\n`);
      // The browser reconnects after 2 s when the stream breaks.
      write(`retry: 2000\n: connected\n\n`);
      // The last thing a stopping instance sends: the browser waits this long (spread), then resumes with Last-Event-ID.
      const reconnectHint = () => `: this instance is stopping, reconnect\nretry: ${RECONNECT_MS.min + Math.floor(Math.random() * RECONNECT_MS.spread)}\n\n`;
      if (runtime.draining()) {
        write(reconnectHint());
        controller.close();
        return;
      }
      const accepts = (event: InboxEvent) => visibleTo(event, viewer, runtime);
      let checking = false;
      let again = false;
      const recheck = async () => {
        // A change told while a check is under way may postdate what that check read.
        if (checking) return void (again = true);
        checking = true;
        try {
          do {
            again = false;
            const next = await viewerFrom(request.headers, runtime, { refresh: false }).catch((error: unknown) => {
              log.error({ error: errorField(error) }, "checking an event stream's session failed");
              return null;
            });
            if (closed) return;
            // Unknown counts as gone: the browser reconnects, and the route checks afresh.
            if (!next || next.userId !== viewer.userId) return cleanup();
            if (next.role !== viewer.role || next.memberId !== viewer.memberId || next.visibility !== viewer.visibility) {
              viewer = next;
              send({ id: runtime.hub.lastId(), event: { type: "resync" } });
            }
          } while (again);
        } finally {
          checking = false;
        }
      };
      const unsubscribe = runtime.hub.subscribe({ accepts, send, userId: viewer.userId, recheck: () => void recheck(), reconnect: () => (write(reconnectHint()), cleanup()) }, lastEventId);
      // Who is where now: presence is not replayed, so a new stream starts from the present.
      for (const event of runtime.presence.snapshot()) if (accepts(event)) send({ id: runtime.hub.lastId(), event });
      const heartbeat = setInterval(() => write(`: heartbeat ${Date.now()}\n\n`), HEARTBEAT_MS);
      const sessionCheck = setInterval(() => void recheck(), options.recheckMs ?? SESSION_RECHECK_MS);
      cleanup = () => {
        closed = true;
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        unsubscribe();
        cleanup = () => {};
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      request.signal.addEventListener("abort", () => cleanup(), { once: true });
      // Someone is watching now: catch up at once instead of at the idle cadence.
      runtime.events.catchUp().catch(() => undefined);
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}

/** Under `assignedAndUnassigned`, members hear only of threads and contacts they may see (and who is in them). */
export function visibleTo(event: InboxEvent, viewer: SessionViewer, runtime: Runtime): boolean {
  if (event.type === "resync" || viewer.visibility === "all" || atLeast(viewer.role, "manager")) return true;
  if (event.type === "presence" || event.type === "snooze" || event.type === "drafts" || event.type === "scheduledSend" || event.type === "comments") {
    return canSeeThread(event.threadId, viewer, runtime);
  }
  const index = runtime.gateway.index;
  if (event.threadId) return canSeeThread(event.threadId, viewer, runtime);
  if (event.contactId) {
    const thread = index.all().find((t) => t.contactId === event.contactId && t.contact);
    return !thread?.contact || canSee(thread.contact, viewer);
  }
  return true;
}

/**
 * A thread the index does not hold is not heard of: events are applied to the index before
 * they are published (lib/server/events/event-feed), so a new thread is there by then, and one
 * it lost (deleted, or not loaded yet) cannot be shown to be visible. The browser reads its
 * lists again on its own; a restricted member must not learn of a hidden thread meanwhile.
 */
function canSeeThread(threadId: string, viewer: SessionViewer, runtime: Runtime): boolean {
  const thread = runtime.gateway.index.get(threadId);
  return thread !== undefined && canSee(thread, viewer);
}

/** `<instance>.<number>` as the hub numbers them; anything else a browser sends (another build's form) is a point elsewhere: read again. */
function parseLastEventId(value: string | null): ResumePoint | null {
  if (!value) return null;
  const match = /^([0-9a-f]+)\.(\d+)$/.exec(value);
  return match ? { instance: match[1]!, id: Number(match[2]) } : { instance: "", id: 0 };
}
