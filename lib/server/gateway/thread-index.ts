import "server-only";
import { hidesSnoozed } from "@/lib/api/snoozes";
import { FOLDERS, inFolder, type Folder, type Thread } from "@/lib/api/threads";
import type { Contact } from "@/lib/api/contacts";
import { canSee, type Viewer } from "../access/visibility";
import { queryThreads, type IndexedThread, type QueryContext, type ThreadQuery } from "./thread-query";

/**
 * Every thread of the team, with its person and contact, held once by the server for all
 * members: GET /threads is answered from it (lib/server/gateway/thread-query), and so are the
 * counts per folder and queue the API has no endpoint for. It is read whole once (one
 * request per 100 threads) and then kept current by events and by the answers to writes,
 * so listing costs the team's quota nothing however many members browse.
 */
export type Counts = {
  folders: Record<Folder, { total: number; unread: number }>;
  mine: { total: number; unread: number };
  unassigned: { total: number; unread: number };
  /** Open (inbox) threads per assignee: each member's load. */
  byAssignee: Record<string, { total: number; unread: number }>;
};

export type ThreadIndexSource = {
  /** Every thread, expanded with contact and profile, page after page. */
  loadAll(): AsyncIterable<IndexedThread>;
  /** One thread, expanded; null when it no longer exists. */
  loadOne(threadId: string): Promise<IndexedThread | null>;
  context(): Promise<QueryContext>;
  /** Threads snoozed now (lib/server/snoozes): out of the open folders and their counts. */
  snoozed?(): Promise<ReadonlySet<string>>;
};

export type ThreadIndex = {
  /** Resolves once the index has been read whole (again, after `reload`). */
  ready(): Promise<void>;
  isReady(): boolean;
  list(query: ThreadQuery, viewer: Viewer): Promise<{ data: Thread[]; nextCursor: string | null }>;
  get(threadId: string): IndexedThread | undefined;
  /** A contact as one of its threads embeds it (kept current like the thread), if any is held. */
  contact(contactId: string): Contact | undefined;
  all(): IndexedThread[];
  /** Threads and unread threads per folder and queue; `isUnread` decides unread (per member, by default the owner's flag). */
  counts(viewer: Viewer & { memberId: string }, isUnread?: (thread: Thread) => boolean): Promise<Counts>;
  /** Puts a thread as the API answered it (a write's answer), keeping embedded data it lacks. */
  upsert(thread: Thread): void;
  remove(threadId: string): void;
  patch(threadId: string, change: (thread: IndexedThread) => IndexedThread): void;
  /** Applies a contact change to every thread of that contact. */
  patchContact(contactId: string, change: (contact: Contact) => Contact): void;
  /** Reads one thread again from the API. */
  refresh(threadId: string): Promise<void>;
  /** Forgets everything and reads the whole team again (after missing events beyond the replay window). */
  reload(): Promise<void>;
};

export function createThreadIndex(source: ThreadIndexSource): ThreadIndex {
  let threads = new Map<string, IndexedThread>();
  let loading: Promise<void> | null = null;
  let loaded = false;
  // Changes that arrive while the index is being read are applied again once it is.
  let pendingRefresh = new Set<string>();
  const snoozed = () => source.snoozed?.() ?? Promise.resolve(new Set<string>());

  function load(): Promise<void> {
    loading ??= (async () => {
      const next = new Map<string, IndexedThread>();
      for await (const thread of source.loadAll()) next.set(thread.id, thread);
      threads = next;
      loaded = true;
      const again = [...pendingRefresh];
      pendingRefresh = new Set();
      await Promise.all(again.map((id) => index.refresh(id)));
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  }

  const index: ThreadIndex = {
    ready: load,
    isReady: () => loaded,
    async list(query, viewer) {
      await load();
      return queryThreads(threads.values(), query, await source.context(), (t) => canSee(t, viewer), await snoozed());
    },
    get: (id) => threads.get(id),
    contact(contactId) {
      for (const thread of threads.values()) if (thread.contactId === contactId && thread.contact) return thread.contact;
      return undefined;
    },
    all: () => [...threads.values()],
    async counts(viewer, isUnread) {
      await load();
      return countThreads([...threads.values()].filter((t) => canSee(t, viewer)), viewer.memberId, isUnread, await snoozed());
    },
    upsert(thread) {
      const old = threads.get(thread.id);
      threads.set(thread.id, {
        ...old,
        ...thread,
        contact: thread.contact !== undefined ? thread.contact : old?.contact,
        profile: thread.profile ?? old?.profile,
      });
    },
    remove(id) {
      threads.delete(id);
    },
    patch(id, change) {
      const old = threads.get(id);
      if (old) threads.set(id, change(old));
    },
    patchContact(contactId, change) {
      for (const [id, thread] of threads) {
        if (thread.contactId !== contactId || !thread.contact) continue;
        const contact = change(thread.contact);
        // A thread without its own assignee takes its contact's.
        const own = thread.assigneeSource === "thread";
        const assigneeId = own ? thread.assigneeId : contact.assigneeId;
        threads.set(id, { ...thread, contact, assigneeId, assigneeSource: own ? "thread" : assigneeId ? "contact" : null });
      }
    },
    async refresh(id) {
      if (!loaded) {
        pendingRefresh.add(id);
        return;
      }
      const thread = await source.loadOne(id);
      if (thread) threads.set(id, thread);
      else threads.delete(id);
    },
    async reload() {
      loading = null;
      loaded = false;
      await load();
    },
  };
  return index;
}

export function countThreads(list: readonly Thread[], memberId: string, isUnread: (thread: Thread) => boolean = (t) => t.unread, snoozed: ReadonlySet<string> = new Set()): Counts {
  const tally = () => ({ total: 0, unread: 0 });
  const folders = Object.fromEntries(FOLDERS.map((f) => [f, tally()])) as Counts["folders"];
  const mine = tally();
  const unassigned = tally();
  const byAssignee: Counts["byAssignee"] = {};
  const add = (into: { total: number; unread: number }, thread: Thread) => {
    into.total += 1;
    if (isUnread(thread)) into.unread += 1;
  };
  for (const thread of list) {
    const away = snoozed.has(thread.id);
    for (const folder of FOLDERS) if (inFolder(thread, folder) && !(away && hidesSnoozed(folder))) add(folders[folder], thread);
    // The queues are of open work: what sits in the inbox, not what was archived or snoozed.
    if (!inFolder(thread, "inbox") || away) continue;
    if (memberId && thread.assigneeId === memberId) add(mine, thread);
    if (thread.assigneeId === null) add(unassigned, thread);
    else add((byAssignee[thread.assigneeId] ??= tally()), thread);
  }
  return { folders, mine, unassigned, byAssignee };
}
