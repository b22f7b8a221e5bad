/**
 * The order in which threads are read ahead, so that opening one shows it from the cache: the
 * row under the pointer first, then the rows nearest the keyboard cursor (the ones below it
 * before the ones above: j goes down, and so do eyes). One thread at a time, so the reads ahead
 * never fill the browser's few connections in front of what the person asked for.
 */
export type PrefetchQueue = {
  /** The rows worth reading ahead, most wanted first; replaces the previous wish. */
  want(ids: readonly string[]): void;
  /** A row the pointer is on: read next, ahead of the wish. */
  soon(id: string): void;
};

export function createPrefetchQueue(read: (id: string) => Promise<unknown>): PrefetchQueue {
  // `read` skips what the cache already holds, so a new wish may safely name rows read before.
  let wished: readonly string[] = [];
  let next = 0;
  let urgent: string | null = null;
  let busy = false;

  const pump = () => {
    if (busy) return;
    const id = urgent ?? wished[next++];
    urgent = null;
    if (id === undefined) return;
    busy = true;
    void read(id)
      .catch(() => undefined)
      .finally(() => {
        busy = false;
        pump();
      });
  };

  return {
    want(ids) {
      wished = [...ids];
      next = 0;
      pump();
    },
    soon(id) {
      urgent = id;
      pump();
    },
  };
}

/** The rows around the cursor, nearest first: `ahead` below it, `behind` above, interleaved down-first. */
export function rowsNear(ids: readonly string[], cursorId: string | null, ahead: number, behind: number): string[] {
  const at = Math.max(0, cursorId ? ids.indexOf(cursorId) : 0);
  const out: string[] = [];
  for (let step = 0; step <= Math.max(ahead, behind); step++) {
    if (step <= ahead && ids[at + step] !== undefined) out.push(ids[at + step]!);
    if (step > 0 && step <= behind && ids[at - step] !== undefined) out.push(ids[at - step]!);
  }
  return out;
}
