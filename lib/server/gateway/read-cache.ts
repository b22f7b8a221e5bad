import "server-only";
import { metrics } from "../runtime/metrics";

/**
 * Upstream answers kept for every member to share: one entry per path and normalised query,
 * each labelled with the resources it shows (`thread:abc`, `messages:abc`, `tags` …) so that
 * an event or a write can drop exactly the entries it touches. Concurrent reads of one
 * missing entry make one upstream request.
 *
 * Only successful answers are kept; an entry also ages out after its `ttlMs`, a safety net
 * for changes no event announces.
 *
 * When the API fails (a 5xx, a timeout, no answer), the last good answer is served instead —
 * even one aged out or invalidated — marked `stale`: members keep reading, slightly behind,
 * while the inbox says it is reconnecting, rather than meeting errors.
 *
 * Each read is counted by how it was answered (`inbox_read_cache_requests_total`): `hit`,
 * `miss` (this read went upstream), `shared` (it joined one in flight) or `stale`.
 */
export type CachedAnswer = {
  status: number;
  body: string;
  contentType: string | null;
  requestId: string | null;
};

/** `current` false: invalidated, kept only to stand in when the API fails. */
type Entry = { answer: CachedAnswer; labels: readonly string[]; storedAt: number; ttlMs: number; current: boolean };

export type CacheRead = { answer: CachedAnswer; hit: boolean; stale: boolean };

export type ReadCache = {
  /** The cached answer, or the one `load` fetches (shared by everyone asking meanwhile). */
  read(key: string, labels: readonly string[], ttlMs: number, load: () => Promise<CachedAnswer>): Promise<CacheRead>;
  /** Drops every entry carrying one of these labels. */
  invalidate(...labels: string[]): void;
  /** Drops every entry whose key starts with `prefix`. */
  invalidatePrefix(prefix: string): void;
  /** Rewrites a cached body in place (an event's change applied without a request). */
  update(key: string, change: (body: unknown) => unknown): void;
  clear(): void;
  size(): number;
};

export function createReadCache(options: { now?: () => number; maxEntries?: number } = {}): ReadCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 5_000;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, { promise: Promise<CachedAnswer>; labels: readonly string[] }>();
  // A load that started before an invalidation must not store what it read.
  let generation = 0;
  const labelGenerations = new Map<string, number>();
  let clearedAt = 0;

  function store(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    // The oldest entries make way (Map keeps insertion order; reads re-insert).
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    async read(key, labels, ttlMs, load) {
      const found = entries.get(key);
      if (found && found.current && now() - found.storedAt < found.ttlMs) {
        store(key, found);
        metrics.readCache.inc({ result: "hit" });
        return { answer: found.answer, hit: true, stale: false };
      }
      let pending = loading.get(key)?.promise;
      metrics.readCache.inc({ result: pending ? "shared" : "miss" });
      if (!pending) {
        const startedAt = generation;
        pending = load().then((answer) => {
          // Invalidations bump the generation first, so one that came after this load began is newer than it.
          const invalidatedSince = startedAt < clearedAt || labels.some((l) => (labelGenerations.get(l) ?? -1) > startedAt);
          if (answer.status >= 200 && answer.status < 300 && !invalidatedSince) store(key, { answer, labels, storedAt: now(), ttlMs, current: true });
          return answer;
        });
        const mine = pending;
        loading.set(key, { promise: mine, labels });
        void mine.catch(() => undefined).finally(() => {
          if (loading.get(key)?.promise === mine) loading.delete(key);
        });
      }
      let answer: CachedAnswer;
      try {
        answer = await pending;
      } catch (error) {
        const fallback = entries.get(key);
        if (fallback) return staleRead(fallback.answer);
        throw error;
      }
      if (answer.status >= 500) {
        const fallback = entries.get(key);
        if (fallback) return staleRead(fallback.answer);
      }
      return { answer, hit: false, stale: false };
    },
    invalidate(...labels) {
      generation += 1;
      for (const label of labels) labelGenerations.set(label, generation);
      for (const [key, entry] of entries) if (entry.current && entry.labels.some((l) => labels.includes(l))) entries.set(key, { ...entry, current: false });
      // Reads in flight for these labels finish for those already waiting, but are not kept,
      // and later readers start a fresh one.
      for (const [key, load] of loading) if (load.labels.some((l) => labels.includes(l))) loading.delete(key);
    },
    invalidatePrefix(prefix) {
      for (const [key, entry] of entries) if (key.startsWith(prefix)) entries.set(key, { ...entry, current: false });
    },
    update(key, change) {
      const entry = entries.get(key);
      if (!entry) return;
      try {
        const body = JSON.stringify(change(JSON.parse(entry.answer.body)));
        entries.set(key, { ...entry, answer: { ...entry.answer, body } });
      } catch {
        entries.delete(key);
      }
    },
    clear() {
      generation += 1;
      clearedAt = generation;
      entries.clear();
      loading.clear();
      labelGenerations.clear();
    },
    /** Entries that answer reads without a request (not the ones kept only as stand-ins). */
    size: () => [...entries.values()].filter((e) => e.current).length,
  };
}

function staleRead(answer: CachedAnswer): CacheRead {
  metrics.readCache.inc({ result: "stale" });
  return { answer, hit: true, stale: true };
}
