import "server-only";
import { randomBytes } from "node:crypto";
import type { DatabaseConfig, DatabaseHandle } from "@/lib/db/connection";
import { createAuth, type Auth } from "../accounts/auth";
import { inboxDatabaseConfig, openInboxDatabase } from "../store/db";
import { config as processConfig, type InboxConfig } from "./env";
import { errorField, log } from "./log";
import { createPreferences, type Preferences } from "../accounts/preferences";
import { createComments, type Comments } from "../comments/comments";
import { createDrafts, type Drafts } from "../drafts/drafts";
import { createSavedReplies, type SavedReplies } from "../saved-replies/saved-replies";
import { createSettings, type Settings } from "../store/settings";
import { createSignInThrottle, type SignInThrottle } from "../accounts/sign-in-throttle";
import { createBus, type Bus } from "../events/bus";
import { createEventFeed, type EventFeed } from "../events/event-feed";
import { createGateway, type Gateway } from "../gateway/gateway";
import { createHub, type Hub } from "../events/hub";
import { createPresence, type Presence, type PresenceBeat } from "../events/presence";
import { createReadState, type ReadState } from "../activity/read-state";
import { createActivityLog, type ActivityLog } from "../activity/activity";
import { createUpstream, demoWebhookUrl, type Upstream } from "../gateway/upstream";
import { createUsers, type Users } from "../accounts/users";
import { createMessageSearch, type MessageSearch } from "../search/message-search";
import { createSearchFeed, type SearchFeed } from "../search/feed";
import { messagesPage } from "../search/answer";
import { inboxSenders } from "../search/senders";
import { createRouter, type Router } from "../routing/router";
import { createRuleRunner, type RuleRunner } from "../routing/rules/worker";
import { schedulerClock } from "../scheduler/clock";
import { createScheduler, type Scheduler } from "../scheduler/scheduler";
import { createSnoozes, type Snoozes } from "../snoozes/snoozes";
import { returnToInbox } from "../snoozes/return";
import { ensureDemoUsers, subscribeToDemoWebhooks } from "./demo";
import { createScheduledSends, type ScheduledSends } from "../scheduled-sends/scheduled-sends";
import { registerSender } from "../scheduled-sends/sender";

/**
 * The inbox's server side, composed once: configuration, database, logins, users, settings
 * and the way upstream. Route handlers and pages ask `runtime()` for it; tests build their
 * own with `createRuntime` on in-memory databases.
 *
 * On start:
 * - demo mode: one user per sandbox member (`<email>`, password `inbox-demo`); the owner is
 *   an admin, managers are managers, everyone else a member. Users that exist are left as
 *   they are, so a demo admin's changes survive restarts.
 * - with `INBOX_ADMIN_EMAIL`/`INBOX_ADMIN_PASSWORD` and no users yet: that first admin.
 */
export type Runtime = {
  config: InboxConfig;
  database: DatabaseHandle;
  auth: Auth;
  users: Users;
  settings: Settings;
  preferences: Preferences;
  /** The team's and each member's saved replies (lib/server/saved-replies). */
  savedReplies: SavedReplies;
  /** Each member's unsent replies (lib/server/drafts). */
  drafts: Drafts;
  /** Internal comments on threads and their mentions (lib/server/comments). */
  comments: Comments;
  reads: ReadState;
  activity: ActivityLog;
  /** Message text for search (lib/server/search), fed by the gateway. */
  search: MessageSearch;
  searchFeed: SearchFeed;
  /** Timed work, once across instances, on the one clock (lib/server/scheduler). */
  scheduler: Scheduler;
  snoozes: Snoozes;
  /** Replies that go at a set time (lib/server/scheduled-sends). */
  scheduledSends: ScheduledSends;
  signInThrottle: SignInThrottle;
  gateway: Gateway;
  hub: Hub;
  /** The other inbox instances on the same Postgres database (lib/server/events/bus); local with PGlite. */
  bus: Bus;
  presence: Presence;
  events: EventFeed;
  /** Automatic assignment and its queue (lib/server/routing). */
  routing: Router;
  /** Managers' when → if → then rules, run before routing (lib/server/routing/rules). */
  rules: RuleRunner;
  upstream: Upstream;
  /** Stopping (lib/server/runtime/shutdown): readiness fails and every open event stream is told to reconnect elsewhere. */
  drain(): void;
  draining(): boolean;
  close(): Promise<void>;
};

export { DEMO_PASSWORD } from "./demo";

export type RuntimeOptions = {
  /** The inbox's database; defaults to the configuration's. */
  database?: DatabaseConfig;
  /** Demo mode only: the sandbox's database (tests pass `{}` for memory). */
  sandboxDatabase?: DatabaseConfig;
  /** Start event intake and warm the thread index (default); tests that drive events themselves say false. */
  background?: boolean;
};

export async function createRuntime(config: InboxConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  const databaseConfig = options.database ?? inboxDatabaseConfig(config);
  const database = await openInboxDatabase(databaseConfig);
  const signInThrottle = createSignInThrottle();
  const auth = createAuth(database.db, config, signInThrottle);
  const hub = createHub();
  const bus = createBus(databaseConfig);
  // A user or the team's visibility changed: open event streams check their session, here and on every instance.
  const sessionsChanged = (userId: string | null) => {
    hub.recheck(userId);
    bus.send({ type: "sessions", userId }).catch((error: unknown) => log.error({ error: errorField(error) }, "telling other instances of a user change failed"));
  };
  const users = createUsers(database.db, auth, { onChange: sessionsChanged });
  const settings = createSettings(database.db, { onChange: () => sessionsChanged(null) });
  const upstream = createUpstream(config, { sandboxDatabase: options.sandboxDatabase });
  const search = createMessageSearch(database.db);
  const searchFeed = createSearchFeed(search, {
    thread: (id) => gateway.index.get(id),
    message: (id) => gateway.message(id, "background"),
    messages: (threadId, cursor) => messagesPage(gateway, threadId, cursor),
    senders: (ids) => inboxSenders(database.db, ids),
    memberNames: async () => new Map((await users.list()).flatMap((u) => (u.memberId ? [[u.memberId, u.name] as const] : []))),
  });
  // The sandbox's clock in demo mode moves by jumps: a short tick brings what it made due promptly.
  const scheduler = createScheduler({ db: database.db, clock: schedulerClock(upstream), tickMs: config.mode === "demo" ? 1_000 : 15_000 });
  const snoozesChanged = (threadIds: string[]) => {
    for (const threadId of threadIds) hub.publish({ type: "snooze", threadId });
    bus.send({ type: "snoozes", threadIds }).catch((error: unknown) => log.error({ error: errorField(error) }, "telling other instances of a snooze failed"));
  };
  const snoozes = createSnoozes({
    db: database.db,
    scheduler,
    thread: (id) => gateway.index.get(id),
    onChange: snoozesChanged,
    onReturn: (threadId) => returnToInbox(gateway, threadId),
  });
  const gateway = createGateway(upstream, {
    observer: {
      messagesRead: (threadId, messages, olderFrom) => searchFeed.messagesRead(threadId, messages, olderFrom),
      eventApplied: (event) => {
        searchFeed.eventApplied(event);
        if (event.type === "thread.deleted") {
          drafts.forgetThread(event.objectId).catch((error: unknown) => log.error({ error: errorField(error) }, "dropping a deleted thread's drafts failed"));
          scheduledSends.forgetThread(event.objectId).catch((error: unknown) => log.error({ error: errorField(error) }, "dropping a deleted thread's scheduled sends failed"));
          comments.forgetThread(event.objectId).catch((error: unknown) => log.error({ error: errorField(error) }, "dropping a deleted thread's comments failed"));
        }
      },
    },
    snoozed: () => snoozes.snoozedIds(),
  });
  const share = (beat: PresenceBeat) =>
    void bus.send({ type: "presence", beat }).catch((error: unknown) => log.error({ error: errorField(error) }, "sharing presence failed"));
  const presence = createPresence({ publish: (event) => hub.publish(event), share });
  bus.onMessage((message) => {
    if (message.type === "presence") presence.receive(message.beat);
    if (message.type === "hello") presence.local().forEach(share);
    if (message.type === "sessions") hub.recheck(message.userId);
    if (message.type === "snoozes") for (const threadId of message.threadIds) hub.publish({ type: "snooze", threadId });
    if (message.type === "drafts") hub.publish({ type: "drafts", threadId: message.threadId, holders: message.holders });
    if (message.type === "scheduledSend") hub.publish({ type: "scheduledSend", ...message.change });
    if (message.type === "comments") hub.publish(message.event);
  });
  const scheduledSends = createScheduledSends(database.db, scheduler, (change) => {
    hub.publish({ type: "scheduledSend", ...change });
    bus.send({ type: "scheduledSend", change }).catch((error: unknown) => log.error({ error: errorField(error) }, "telling other instances of a scheduled send failed"));
  });
  const comments = createComments(database.db, {
    onChange: ({ threadId, commentId, change, authorId, authorName, mentioned }) => {
      const event = { type: "comments" as const, threadId, commentId, change, by: { userId: authorId, name: authorName }, mentioned };
      hub.publish(event);
      bus.send({ type: "comments", event }).catch((error: unknown) => log.error({ error: errorField(error) }, "sharing a comment change failed"));
    },
  });
  const drafts = createDrafts(database.db, {
    onHolders: (threadId, holders) => {
      hub.publish({ type: "drafts", threadId, holders });
      bus.send({ type: "drafts", threadId, holders }).catch((error: unknown) => log.error({ error: errorField(error) }, "sharing who holds drafts failed"));
    },
  });
  // The demo sandbox signs its webhooks with a secret made here, unless one is configured.
  const webhookSecret = config.webhookSecret ?? (config.mode === "demo" ? `whsec_${randomBytes(32).toString("base64")}` : null);
  const subscribeToWebhooks = () => (config.mode === "demo" && webhookSecret ? subscribeToDemoWebhooks(upstream, demoWebhookUrl(config), webhookSecret) : Promise.resolve());
  let subscribed = false;
  const activity = createActivityLog(database.db);
  const routing = createRouter({
    db: database.db,
    gateway,
    bus,
    activity,
    members: async () => (await users.list()).flatMap((u) => (u.memberId ? [{ memberId: u.memberId, name: u.name }] : [])),
    awayAfterMs: config.awayAfterMs,
    waiting: () => rules.waitingThreads(),
  });
  registerSender({
    sends: scheduledSends,
    scheduler,
    gateway,
    activity,
    author: async (userId) => {
      const [user, team] = await Promise.all([users.byId(userId), settings.get()]);
      if (!user) return null;
      return {
        viewer: { role: user.role, memberId: user.memberId ?? "", visibility: team.memberVisibility },
        actor: { userId: user.id, name: user.name, memberId: user.memberId },
      };
    },
  });
  const rules = createRuleRunner({ db: database.db, gateway, bus, activity, snoozes, now: () => scheduler.now(), routing: { dequeue: (ids) => routing.store.dequeue(ids), kick: () => routing.kick() } });
  const events = createEventFeed({
    db: database.db,
    gateway,
    hub,
    // Members wait on replay while they watch (and webhooks may be what failed): a read then.
    fetchUpstream: (path) => gateway.send(hub.clients() > 0 ? "read" : "background", path),
    webhookSecret,
    bus,
    // A sandbox reset drops its subscriptions: the one made at start is made again.
    onRestart: () => (subscribed ? subscribeToWebhooks() : Promise.resolve()),
    // Rules' work and routing's queue are recorded in the same claim, each once per event, and a
    // reply wakes its snooze there too.
    onClaimed: async (tx, claimed) => {
      await rules.onClaimed(tx, claimed);
      await routing.onClaimed(tx, claimed);
      const woken = await snoozes.applyEvents(claimed, tx);
      if (woken.length === 0) return;
      // Other instances hear it when (and if) the claim commits; this one's browsers just after.
      await bus.send({ type: "snoozes", threadIds: woken }, tx);
      return () => woken.forEach((threadId) => hub.publish({ type: "snooze", threadId }));
    },
    onApplied: () => {
      rules.kick();
      routing.kick();
    },
  });
  let draining = false;
  // Work begun at start (below) that uses the database: a stop right after a start lets it finish first.
  const begun: Promise<unknown>[] = [];
  const runtime: Runtime = {
    config,
    database,
    auth,
    users,
    settings,
    preferences: createPreferences(database.db),
    savedReplies: createSavedReplies(database.db),
    drafts,
    comments,
    reads: createReadState(database.db),
    activity,
    search,
    searchFeed,
    scheduler,
    snoozes,
    scheduledSends,
    signInThrottle,
    gateway,
    hub,
    bus,
    presence,
    events,
    routing,
    rules,
    upstream,
    drain() {
      draining = true;
      hub.reconnectAll();
    },
    draining: () => draining,
    async close() {
      events.stop();
      presence.stop();
      await rules.stop();
      await routing.stop();
      await scheduler.stop();
      await Promise.allSettled(begun);
      await searchFeed.idle();
      await bus.close();
      await upstream.close();
      await database.close();
    },
  };
  try {
    if (config.mode === "demo") await ensureDemoUsers(runtime);
    if (config.admin && (await users.count()) === 0) {
      await users.add({ email: config.admin.email, name: "Admin", password: config.admin.password, role: "admin" }).catch(async (error: unknown) => {
        // Another instance starting beside this one made the same first admin.
        if (!(await users.get(config.admin!.email))) throw error;
      });
    }
  } catch (error) {
    await runtime.close();
    throw error;
  }
  if (options.background !== false) {
    begun.push(runtime.activity.purge().catch((error: unknown) => log.error({ error: errorField(error) }, "purging old activity failed")));
    begun.push(scheduler.purge().catch((error: unknown) => log.error({ error: errorField(error) }, "purging finished scheduled jobs failed")));
    // Read the team's threads now, so the first member to open the inbox does not wait.
    begun.push(gateway.index.ready().catch((error: unknown) => log.error({ error: errorField(error) }, "reading the team's threads failed")));
    events.start();
    rules.start();
    routing.start();
    // Work that came due while the inbox was down runs now.
    scheduler.start();
    if (config.mode === "demo" && webhookSecret) {
      subscribed = true;
      begun.push(
        subscribeToWebhooks().catch((error: unknown) =>
          log.warn({ error: errorField(error) }, "the demo sandbox's webhooks are off; events arrive by replay"),
        ),
      );
    }
  }
  return runtime;
}

const SHARED = Symbol.for("team-inbox.runtime");
const STARTED = Symbol.for("team-inbox.runtime-started");
type Shared = { [SHARED]?: Promise<Runtime>; [STARTED]?: Runtime };

/** The process's runtime, made on first use. A failed start is forgotten, so the next request tries again. */
export function runtime(): Promise<Runtime> {
  const holder = globalThis as Shared;
  if (!holder[SHARED]) {
    const begun = performance.now();
    const starting = Promise.resolve().then(() => createRuntime(processConfig()));
    holder[SHARED] = starting;
    starting.then(
      (started) => {
        if (holder[SHARED] === starting) holder[STARTED] = started;
        log.info({ mode: started.config.mode, durationMs: Math.round(performance.now() - begun) }, "started: the database is open and migrated");
      },
      (error: unknown) => {
        log.error({ error: errorField(error) }, `could not start: ${error instanceof Error ? error.message : String(error)}`);
        if (holder[SHARED] === starting) delete holder[SHARED];
      },
    );
  }
  return holder[SHARED];
}

/** The process's runtime once it has started (database open, migrations applied), else null; never starts one. */
export function startedRuntime(): Runtime | null {
  return (globalThis as Shared)[STARTED] ?? null;
}

/** The process's runtime, started or starting, or null when none was asked for; never starts one. */
export function pendingRuntime(): Promise<Runtime> | null {
  return (globalThis as Shared)[SHARED] ?? null;
}

/** Makes `runtime()` answer with this one: for tests that drive route handlers. */
export function installRuntime(installed: Runtime): void {
  const holder = globalThis as Shared;
  holder[SHARED] = Promise.resolve(installed);
  holder[STARTED] = installed;
}
