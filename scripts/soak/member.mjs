/**
 * One simulated member: a browser tab of the inbox as the soak drives it. It keeps an event
 * stream open as EventSource does (reconnecting after the server's retry hint with
 * `Last-Event-ID`), beats presence, and every few seconds lists, opens, sends (with an
 * Idempotency-Key) or marks unread, following the browser's own rules for errors
 * (lib/client/query-client.ts for reads, lib/client/thread/send.ts for sends, lib/client/outage-retry.ts
 * for changes). What it could not
 * get past under those rules is what the member would have seen: a member-visible error.
 */
import { randomUUID } from "node:crypto";
import { parseSse } from "../lib/processes.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pickOne = (list) => list[Math.floor(Math.random() * list.length)];
/** The error code as the browser reads it: the spec's body, else by status (lib/api/client's codeForStatus). */
const codeOf = (answer) => answer.json?.code ?? ([502, 503, 504].includes(answer.status) ? "upstreamUnavailable" : undefined);
/** lib/client/outage-retry's isPassingOutage. */
const passingOutage = (answer) => answer.status === 0 || codeOf(answer) === "upstreamUnavailable" || answer.status === 503 || answer.status === 504;

export function createMember({ base, cookie, name, sendable, record }) {
  const tabId = randomUUID();
  const received = []; // event keys, as often as they came
  const resyncs = []; // client times a `resync` arrived
  let connectedAt = null;
  let stopped = false; // the stream too
  let quieted = false; // actions only
  let stream = null;
  let threadId = null;
  const sent = []; // { content, threadId }

  const headers = (extra = {}) => ({ cookie, origin: base, ...extra });
  const visible = (what, detail) => record.error(`${name}: ${what}: ${detail}`);

  async function call(method, path, body, extra) {
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: headers({ ...(body ? { "content-type": "application/json" } : {}), ...extra }),
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { status: response.status, json, retryAfter: Number(response.headers.get("retry-after") ?? NaN) };
    } catch {
      return { status: 0, json: null, retryAfter: NaN };
    }
  }

  /** A read as react-query does it here: 5xx and no answer twice more, 429 waited out five times. */
  async function read(path) {
    for (let failures = 0, waits = 0; ; ) {
      const answer = await call("GET", path);
      record.request(answer.status);
      if (answer.status === 200) return answer.json;
      if (answer.status === 429 && waits < 5) {
        waits += 1;
        await sleep(1000 * (Number.isFinite(answer.retryAfter) ? Math.max(1, answer.retryAfter) : 2 ** waits));
        continue;
      }
      if ((answer.status === 0 || answer.status >= 500) && failures < 2) {
        failures += 1;
        await sleep(1000 * 2 ** failures);
        continue;
      }
      visible(`GET ${path}`, answer.status);
      return null;
    }
  }

  /** A send as the outbox does it: one key for every try; a passing outage or 429 waited out three times; 502 sendUnconfirmed read until it settles. */
  async function send(target) {
    const content = `soak ${name} ${sent.length + 1} ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    for (let waits = 0; ; ) {
      const answer = await call("POST", "/api/v2/messages", { target: { type: "thread", threadId: target }, content }, { "idempotency-key": key });
      record.request(answer.status);
      if (answer.status === 200 || answer.status === 201) {
        sent.push({ content, threadId: target });
        return;
      }
      const code = codeOf(answer);
      if (code === "sendUnconfirmed") {
        sent.push({ content, threadId: target, unconfirmed: answer.json.details?.messageId ?? null });
        return;
      }
      if ((passingOutage(answer) || answer.status === 429 || code === "idempotencyKeyInUse") && waits < 3) {
        await sleep(answer.status === 429 && Number.isFinite(answer.retryAfter) ? answer.retryAfter * 1000 : 1000 * 2 ** waits);
        waits += 1;
        continue;
      }
      visible("send", `${answer.status} ${code ?? ""}`);
      return;
    }
  }

  /** A change as lib/client/outage-retry makes it: a PATCH or PUT met by a passing outage is made again after 1, 2 and 4 s. */
  async function write(method, path, body) {
    for (let waits = 0; ; waits += 1) {
      const answer = await call(method, path, body);
      record.request(answer.status);
      if (answer.status >= 200 && answer.status < 300) return;
      if ((method === "PATCH" || method === "PUT") && passingOutage(answer) && waits < 3) {
        await sleep(1000 * 2 ** waits);
        continue;
      }
      visible(`${method} ${path}`, `${answer.status} ${codeOf(answer) ?? ""}`);
      return;
    }
  }

  function beat() {
    void call("POST", "/api/presence", { tabId, threadId, typing: false }).then((answer) => {
      record.request(answer.status);
      // A lost beat is not seen by anyone; the next one goes in 5 s.
    });
  }

  async function listen() {
    let lastEventId = null;
    let retryMs = 3_000;
    while (!stopped) {
      const controller = new AbortController();
      stream = controller;
      let text = "";
      let consumed = 0;
      try {
        const response = await fetch(`${base}/api/events`, {
          headers: headers({ accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) }),
          signal: controller.signal,
        });
        if (response.status !== 200) {
          await response.body?.cancel();
          // EventSource gives up on a non-200; the inbox's own hook opens it again.
          if (response.status !== 503 && response.status !== 502) visible("event stream", response.status);
        } else {
          connectedAt ??= Date.now();
          const decoder = new TextDecoder();
          for await (const chunk of response.body) {
            text += decoder.decode(chunk, { stream: true });
            const messages = parseSse(text);
            for (const message of messages.slice(consumed)) {
              if (message.id) lastEventId = message.id;
              if (Number.isFinite(message.retry)) retryMs = message.retry;
              for (const event of message.data) {
                if (event.type === "api") received.push(`${event.apiType}|${event.object.id}|${event.at}`);
                if (event.type === "resync") resyncs.push(Date.now());
              }
            }
            consumed = messages.length;
          }
        }
      } catch {
        // The stream broke (its instance died): reconnect, as EventSource does.
      }
      if (!stopped) await sleep(retryMs);
    }
  }

  async function act() {
    while (!quieted) {
      await sleep(4_000 + Math.random() * 6_000);
      if (quieted) return;
      const roll = Math.random();
      if (roll < 0.45) {
        await read(`/api/v2/threads?folder=${pickOne(["inbox", "inbox", "all", "noReply"])}&limit=25&expand=contact&expand=profile`);
      } else if (roll < 0.75) {
        threadId = pickOne(sendable);
        beat();
        await read(`/api/v2/threads/${threadId}?expand=contact&expand=profile`);
        await read(`/api/v2/threads/${threadId}/messages?limit=30`);
      } else if (roll < 0.88) {
        await send(threadId ?? pickOne(sendable));
      } else {
        const id = pickOne(sendable);
        await write("PATCH", `/api/v2/threads/${id}`, { unread: true });
        await write("PATCH", `/api/v2/threads/${id}`, { unread: false });
      }
    }
  }

  let beats = null;
  let acting = null;
  let listening = null;
  return {
    name,
    start() {
      listening = listen();
      acting = act();
      beats = setInterval(beat, 5_000);
    },
    /** Stops acting (the stream stays open, to hear what is still on its way). */
    async quiet() {
      quieted = true;
      clearInterval(beats);
      await acting;
    },
    async close() {
      quieted = true;
      stopped = true;
      stream?.abort();
      await listening;
    },
    report: () => ({ received, resyncs, connectedAt, sent }),
  };
}
