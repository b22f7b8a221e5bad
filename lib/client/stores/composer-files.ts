import { create } from "zustand";
import type { ChosenFile } from "@/lib/client/thread/attachments";

/**
 * The files chosen in each thread's composer and not yet sent, beside its draft
 * (lib/client/stores/drafts): kept across navigation between threads, but in memory only,
 * as the outbox keeps files (megabytes of base64 do not belong in localStorage).
 */
type ComposerFilesState = {
  files: Record<string, ChosenFile[]>;
  add: (threadId: string, files: readonly ChosenFile[]) => void;
  remove: (threadId: string, id: string) => void;
  clear: (threadId: string) => void;
};

const NONE: ChosenFile[] = [];

export const useComposerFilesStore = create<ComposerFilesState>()((set) => ({
  files: {},
  add: (threadId, files) => set((s) => (files.length ? { files: { ...s.files, [threadId]: [...(s.files[threadId] ?? NONE), ...files] } } : s)),
  remove: (threadId, id) =>
    set((s) => {
      const left = (s.files[threadId] ?? NONE).filter((f) => f.id !== id);
      return { files: withList(s.files, threadId, left) };
    }),
  clear: (threadId) => set((s) => (threadId in s.files ? { files: withList(s.files, threadId, NONE) } : s)),
}));

/** The files chosen in one thread, oldest first (one stable empty list when none). */
export function useComposerFiles(threadId: string): ChosenFile[] {
  return useComposerFilesStore((s) => s.files[threadId] ?? NONE);
}

function withList(all: Record<string, ChosenFile[]>, threadId: string, list: ChosenFile[]): Record<string, ChosenFile[]> {
  if (list.length) return { ...all, [threadId]: list };
  const { [threadId]: _gone, ...rest } = all;
  return rest;
}
