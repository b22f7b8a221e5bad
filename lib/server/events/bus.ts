import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import type { DraftHolder } from "@/lib/api/drafts";
import type { ScheduledSendChange } from "@/lib/api/scheduled-sends";
import type { ApiEvent } from "@/lib/api/events";
import type { InboxEvent } from "@/lib/api/inbox-events";
import type { Database, DatabaseConfig } from "@/lib/db/connection";
import { errorField, log } from "../runtime/log";
import type { PresenceBeat } from "./presence";

/**
 * What one inbox instance tells the others. Several instances may serve one team behind a
 * load balancer, sharing one Postgres database (`DATABASE_URL`):
 *
 * - **Events.** Webhooks land on any instance. The database decides who applies an event: its
 *   ID is claimed in `seen_events` (a unique insert), and the claim and the `events` message
 *   commit in one transaction, so a process killed in between neither loses the event (nothing
 *   was claimed: replay brings it again) nor applies it twice. Every instance applies the
 *   message to its own gateway cache and its own browsers' streams.
 * - **Replay.** One instance at a time reads `GET /events`: the holder of a session-level
 *   advisory lock on a connection of its own. When that process dies, Postgres drops the lock
 *   and the next instance to want a replay takes over. The others ask the holder (`replay`)
 *   when their own browsers need one, and start from the `seq` persisted in the database.
 * - **Presence** lives in memory, with expiry: each tab's beat is applied where it arrived and
 *   sent to the others, which keep it as their own. An instance that starts says `hello`, and
 *   the others send their own tabs' beats again.
 * - **Sessions.** A user removed or changed (role, member, password), or the team's visibility
 *   changed: `sessions` tells the others, whose open event streams check their session again.
 * - **Read state**, snoozes and de-duplication are tables, shared as they are; a snooze that
 *   changed is announced (`snoozes`) so every instance tells its own browsers. Timed work is
 *   claimed row by row (lib/server/scheduler), so it needs no leader.
 *
 * Postgres carries messages with NOTIFY on one channel (delivered on commit, to every
 * listener of the database). A NOTIFY payload holds under 8000 bytes, so larger messages go
 * in numbered parts and are put back together by the listener. When the listening connection
 * breaks, what was sent meanwhile is lost to this instance: once it listens again it hears a
 * `rebuild` of its own, and reads everything afresh.
 *
 * With the embedded PGlite there is one process, so the bus is local: nothing to send, and
 * that process always replays.
 */
export type BusMessage =
  | { type: "events"; events: ApiEvent[] }
  /** The events held were rebuilt from scratch: caches and browsers read everything again. */
  | { type: "rebuild" }
  /** An instance without the replay lock would like a replay now. */
  | { type: "replay" }
  /** The API's event history started over (the demo sandbox was reset): the replaying instance rebuilds. */
  | { type: "restarted" }
  /** An instance has just started listening: the others tell it what only memory holds (presence). */
  | { type: "hello" }
  | { type: "presence"; beat: PresenceBeat }
  /** Snoozes or reminders of these threads changed (lib/server/snoozes): each instance tells its browsers. */
  | { type: "snoozes"; threadIds: string[] }
  /** Who holds a draft in a thread changed (lib/server/drafts): the others tell their browsers. */
  | { type: "drafts"; threadId: string; holders: DraftHolder[] }
  /** A scheduled send changed state (lib/server/scheduled-sends): each instance tells its browsers. */
  | { type: "scheduledSend"; change: ScheduledSendChange }
  /** A comment changed (lib/server/comments): the others tell their browsers. */
  | { type: "comments"; event: Extract<InboxEvent, { type: "comments" }> }
  /** That user (or, with null, every user) changed: open event streams check their session again. */
  | { type: "sessions"; userId: string | null };

export type Bus = {
  kind: "local" | "postgres";
  /** Sends to every other instance; with `transaction`, only when (and if) it commits. */
  send(message: BusMessage, transaction?: Database): Promise<void>;
  /** What other instances send; this instance's own messages are not echoed back. */
  onMessage(handler: (message: BusMessage) => void): void;
  /** Whether this instance is the one that replays; becomes it when no instance is. */
  leads(): Promise<boolean>;
  close(): Promise<void>;
};

export function createBus(database: DatabaseConfig): Bus {
  return database.url ? createPostgresBus(database.url) : createLocalBus();
}

export function createLocalBus(): Bus {
  return { kind: "local", send: async () => {}, onMessage: () => {}, leads: async () => true, close: async () => {} };
}

export const BUS_CHANNEL = "team_inbox_bus";
/** The advisory lock of the instance that replays (the migration lock is 727_001). */
const REPLAY_LOCK = 727_002;
/** Room for the part header inside NOTIFY's 8000-byte payload, counting multi-byte characters. */
const PART_BYTES = 7_000;

export function createPostgresBus(url: string): Bus {
  const origin = randomUUID();
  const handlers: ((message: BusMessage) => void)[] = [];
  // LISTEN and the session lock each need a connection of their own for the instance's lifetime.
  const listener = postgres(url, { max: 1, onnotice: () => {} });
  const lockHolder = postgres(url, { max: 1, onnotice: () => {} });
  const sender = postgres(url, { max: 2, onnotice: () => {} });
  const partial = new Map<string, { parts: string[]; received: number; at: number }>();

  const deliver = (text: string) => {
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch {
      return;
    }
    for (const handler of handlers) {
      try {
        handler(message);
      } catch (error) {
        log.error({ busMessage: message.type, error: errorField(error) }, "a message from another instance could not be applied");
      }
    }
  };

  const receive = (payload: string) => {
    const part = parsePart(payload);
    if (!part || part.origin === origin) return;
    if (part.total === 1) return deliver(part.body);
    const key = `${part.origin}:${part.id}`;
    const entry = partial.get(key) ?? { parts: new Array<string>(part.total).fill(""), received: 0, at: Date.now() };
    partial.set(key, entry);
    entry.parts[part.index] = part.body;
    entry.received++;
    if (entry.received === part.total) {
      partial.delete(key);
      deliver(entry.parts.join(""));
    }
    // A sender that died between parts cannot leave a message here: its transaction never committed.
    for (const [k, e] of partial) if (Date.now() - e.at > 60_000) partial.delete(k);
  };

  const send: Bus["send"] = async (message, transaction) => {
    const payloads = splitMessage(origin, JSON.stringify(message));
    if (transaction) {
      for (const payload of payloads) await transaction.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`);
    } else {
      // One transaction keeps the parts of a message together.
      await sender.begin(async (tx) => {
        for (const payload of payloads) await tx`select pg_notify(${BUS_CHANNEL}, ${payload})`;
      });
    }
  };

  let listened = false;
  const onListen = () => {
    if (listened) {
      log.warn("listening to other instances again after the connection broke: rebuilding what this instance holds");
      deliver(JSON.stringify({ type: "rebuild" } satisfies BusMessage));
    }
    listened = true;
    void send({ type: "hello" }).catch(() => undefined);
  };
  const listening = listener.listen(BUS_CHANNEL, receive, onListen).catch((error: unknown) => {
    log.error({ error: errorField(error) }, "listening to other instances failed");
  });

  let leading = false;
  return {
    kind: "postgres",
    send,
    onMessage(handler) {
      handlers.push(handler);
    },
    async leads() {
      await listening;
      // Asking again on a connection that holds the lock would stack it; a reconnected one holds nothing.
      const [row] = await lockHolder<{ leads: boolean }[]>`
        select case
          when exists (select 1 from pg_locks where locktype = 'advisory' and classid = 0 and objid = ${REPLAY_LOCK} and objsubid = 1 and pid = pg_backend_pid() and granted)
          then true
          else pg_try_advisory_lock(${REPLAY_LOCK})
        end as leads`;
      const leads = row?.leads === true;
      if (leads !== leading) log.info({ leads }, leads ? "this instance now replays the API's events for every instance" : "another instance replays the API's events now");
      leading = leads;
      return leads;
    },
    async close() {
      await Promise.allSettled([listener.end(), lockHolder.end(), sender.end()]);
    },
  };
}

type Part = { origin: string; id: string; index: number; total: number; body: string };

export function splitMessage(origin: string, text: string, partBytes = PART_BYTES): string[] {
  const id = randomUUID();
  const bodies: string[] = [];
  let current = "";
  let bytes = 0;
  // Split on characters, never inside one, counting UTF-8 bytes.
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > partBytes) {
      bodies.push(current);
      current = "";
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  bodies.push(current);
  return bodies.map((body, index) => `${origin}|${id}|${index}|${bodies.length}|${body}`);
}

export function parsePart(payload: string): Part | null {
  const match = /^([^|]+)\|([^|]+)\|(\d+)\|(\d+)\|/.exec(payload);
  if (!match) return null;
  const index = Number(match[3]);
  const total = Number(match[4]);
  if (index >= total) return null;
  return { origin: match[1]!, id: match[2]!, index, total, body: payload.slice(match[0].length) };
}
