import { create } from "zustand";

/** Who else is in each thread right now, as the server last said (viewing, or typing a reply). */
export type PresentPerson = { userId: string; name: string; typing: boolean };

type PresenceState = {
  byThread: Record<string, PresentPerson[]>;
  set: (threadId: string, people: PresentPerson[]) => void;
};

export const usePresenceStore = create<PresenceState>()((set) => ({
  byThread: {},
  set: (threadId, people) => set((s) => ({ byThread: { ...s.byThread, [threadId]: people } })),
}));
