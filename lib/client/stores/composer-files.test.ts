import { beforeEach, describe, expect, it } from "vitest";
import type { ChosenFile } from "@/lib/client/thread/attachments";
import { useComposerFilesStore } from "./composer-files";

const file = (id: string): ChosenFile => ({ id, fileName: `${id}.png`, mimeType: "image/png", size: 3, data: "AAAA" });
const state = () => useComposerFilesStore.getState();

describe("the composer's chosen files", () => {
  beforeEach(() => useComposerFilesStore.setState({ files: {} }));

  it("keeps each thread's files apart, in the order chosen, until removed or cleared", () => {
    state().add("t1", [file("a"), file("b")]);
    state().add("t2", [file("c")]);
    state().add("t1", [file("d")]);
    expect(state().files.t1!.map((f) => f.id)).toEqual(["a", "b", "d"]);
    state().remove("t1", "b");
    expect(state().files.t1!.map((f) => f.id)).toEqual(["a", "d"]);
    state().clear("t1");
    expect(state().files).toEqual({ t2: [file("c")] });
    state().remove("t2", "c");
    expect(state().files).toEqual({});
  });

  it("changes nothing when nothing is added or cleared", () => {
    const before = state().files;
    state().add("t1", []);
    state().clear("t9");
    expect(state().files).toBe(before);
  });
});
