import { create } from "zustand";

/**
 * Whether the inbox's server is answering from its last good copies because the API failed
 * (`x-cache: stale`), as the browser last saw: the connection banner says "reconnecting".
 * Cleared by the next answer that came from the API itself.
 */
type ConnectionState = { staleSince: number | null; sawStale: () => void; sawFresh: () => void };

export const useConnectionStore = create<ConnectionState>()((set, get) => ({
  staleSince: null,
  sawStale: () => {
    if (get().staleSince === null) set({ staleSince: Date.now() });
  },
  sawFresh: () => {
    if (get().staleSince !== null) set({ staleSince: null });
  },
}));

/** Notes what an answer says of the connection to the API. */
export function observeAnswer(response: Response): void {
  const cache = response.headers.get("x-cache");
  if (cache === "stale") useConnectionStore.getState().sawStale();
  else if (cache === null && response.status < 500) useConnectionStore.getState().sawFresh();
}
