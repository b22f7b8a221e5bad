import { describe, expect, it } from "vitest";
import type { InboxEvent } from "@/lib/api/inbox-events";
import { createHub, type HubMessage } from "./hub";

const received = (threadId: string): InboxEvent => ({ type: "api", apiType: "message.received", object: { type: "message", id: `m${threadId}` }, threadId, at: new Date().toISOString() });

function listener() {
  const heard: HubMessage[] = [];
  return { heard, subscriber: { accepts: () => true, send: (message: HubMessage) => heard.push(message) } };
}

describe("the hub's resume points", () => {
  it("gives a browser back what it missed on this instance, and nothing it had", () => {
    const hub = createHub();
    const first = listener();
    const stop = hub.subscribe(first.subscriber, null);
    hub.publish(received("t1"));
    stop();
    hub.publish(received("t2"));
    hub.publish(received("t3"));
    const again = listener();
    hub.subscribe(again.subscriber, { instance: hub.instance, id: first.heard.at(-1)!.id });
    expect(again.heard.map((m) => m.event.type === "api" && m.event.threadId)).toEqual(["t2", "t3"]);
  });

  it("tells a browser that comes from another instance to read again, whatever its number", () => {
    const a = createHub();
    const b = createHub();
    expect(a.instance).not.toBe(b.instance);
    const onA = listener();
    a.subscribe(onA.subscriber, null);
    for (let i = 0; i < 5; i++) a.publish(received(`t${i}`));
    b.publish(received("missed while moving"));
    // A's numbers run ahead of B's: taken as B's own, they would say "up to date" and lose the event.
    const moved = listener();
    b.subscribe(moved.subscriber, { instance: a.instance, id: onA.heard.at(-1)!.id });
    expect(moved.heard.map((m) => m.event.type)).toEqual(["resync"]);
  });

  it("tells a browser to read again when its memory no longer reaches back", () => {
    const hub = createHub({ memory: 2 });
    const first = listener();
    const stop = hub.subscribe(first.subscriber, null);
    hub.publish(received("t1"));
    stop();
    for (let i = 0; i < 3; i++) hub.publish(received(`later ${i}`));
    const again = listener();
    hub.subscribe(again.subscriber, { instance: hub.instance, id: first.heard[0]!.id });
    expect(again.heard.map((m) => m.event.type)).toEqual(["resync"]);
  });
});
