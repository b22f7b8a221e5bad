import { describe, expect, it } from "vitest";
import { createPrefetchQueue, rowsNear } from "./prefetch-queue";

/** A read that stays in flight until the test lets it finish. */
function reads() {
  const started: string[] = [];
  const finish: (() => void)[] = [];
  const read = (id: string) => {
    started.push(id);
    return new Promise<void>((resolve) => finish.push(resolve));
  };
  const settleOne = async () => {
    finish.shift()?.();
    // The queue moves on in the read's `finally`, a few microtasks later.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, read, settleOne };
}

describe("rowsNear", () => {
  const ids = ["a", "b", "c", "d", "e", "f", "g"];
  it("starts at the cursor and goes down before up", () => {
    expect(rowsNear(ids, "d", 2, 2)).toEqual(["d", "e", "c", "f", "b"]);
  });
  it("reads further down than up", () => {
    expect(rowsNear(ids, "c", 3, 1)).toEqual(["c", "d", "b", "e", "f"]);
  });
  it("starts at the top without a cursor, or with one no longer in the list", () => {
    expect(rowsNear(ids, null, 2, 2)).toEqual(["a", "b", "c"]);
    expect(rowsNear(ids, "gone", 1, 1)).toEqual(["a", "b"]);
  });
  it("stops at the list's ends", () => {
    expect(rowsNear(ids, "g", 3, 1)).toEqual(["g", "f"]);
  });
});

describe("createPrefetchQueue", () => {
  it("reads one thread at a time, in the wished order", async () => {
    const { started, read, settleOne } = reads();
    const queue = createPrefetchQueue(read);
    queue.want(["a", "b", "c"]);
    expect(started).toEqual(["a"]);
    await settleOne();
    expect(started).toEqual(["a", "b"]);
    await settleOne();
    await settleOne();
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("reads the row under the pointer next, ahead of the wish", async () => {
    const { started, read, settleOne } = reads();
    const queue = createPrefetchQueue(read);
    queue.want(["a", "b", "c"]);
    queue.soon("z");
    await settleOne();
    expect(started).toEqual(["a", "z"]);
    await settleOne();
    expect(started).toEqual(["a", "z", "b"]);
  });

  it("follows a new wish from its start, dropping the rest of the old one", async () => {
    const { started, read, settleOne } = reads();
    const queue = createPrefetchQueue(read);
    queue.want(["a", "b", "c"]);
    queue.want(["x", "y"]);
    await settleOne();
    await settleOne();
    await settleOne();
    expect(started).toEqual(["a", "x", "y"]);
  });

  it("carries on after a read that failed", async () => {
    const started: string[] = [];
    const queue = createPrefetchQueue(async (id) => {
      started.push(id);
      throw new Error("offline");
    });
    queue.want(["a", "b"]);
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(started).toEqual(["a", "b"]);
  });
});
