import "server-only";
import { INBOX_EVENT_NAME, type InboxEvent } from "@/lib/api/inbox-events";
import type { HubMessage } from "../events/hub";
import { atLeast, canSee } from "../access/policy";
import type { Runtime } from "../runtime/runtime";
import type { SessionViewer } from "./session";

/**
 * One member's stream of server-sent events: every change they may see, numbered so that a
 * reconnect with `Last-Event-ID` resumes where it broke off, and a heartbeat every 15 s so
 * proxies keep the connection open and the browser notices a dead one. `no-transform`
 * keeps compression from buffering the stream.
 */
export const HEARTBEAT_MS = 15_000;

export function eventsResponse(request: Request, runtime: Runtime, viewer: SessionViewer): Response {
  const encoder = new TextEncoder();
  const lastEventId = parseLastEventId(request.headers.get("last-event-id"));
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
      const send = (message: HubMessage) => write(`id: ${message.id}\nevent: ${INBOX_EVENT_NAME}\ndata: ${JSON.stringify(message.event)}\n\n`);
      // The browser reconnects after 2 s when the stream breaks.
      write(`retry: 2000\n: connected\n\n`);
      const accepts = (event: InboxEvent) => visibleTo(event, viewer, runtime);
      const unsubscribe = runtime.hub.subscribe({ accepts, send }, lastEventId);
      // Who is where now: presence is not replayed, so a new stream starts from the present.
      for (const event of runtime.presence.snapshot()) if (accepts(event)) send({ id: runtime.hub.lastId(), event });
      const heartbeat = setInterval(() => write(`: heartbeat ${Date.now()}\n\n`), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
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
  if (event.type === "presence") return canSeeThread(event.threadId, viewer, runtime);
  const index = runtime.gateway.index;
  if (event.threadId) return canSeeThread(event.threadId, viewer, runtime);
  if (event.contactId) {
    const thread = index.all().find((t) => t.contactId === event.contactId && t.contact);
    return !thread?.contact || canSee(thread.contact, viewer);
  }
  return true;
}

function canSeeThread(threadId: string, viewer: SessionViewer, runtime: Runtime): boolean {
  const thread = runtime.gateway.index.get(threadId);
  return !thread || canSee(thread, viewer);
}

function parseLastEventId(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  return Number(value);
}
