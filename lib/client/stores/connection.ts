import { create } from "zustand";

/**
 * Whether the inbox's server is answering from its last good copies because the API failed
 * (`x-cache: stale`), as the browser last saw: the connection banner says "reconnecting".
 * Cleared by the next answer that came from the API itself.
 *
 * And whether some of the page's code could not be fetched (a menu's, a dialog's, the keyboard's:
 * components/ui/later, on-demand). Turbopack's runtime keeps a chunk that failed as failed for
 * the page's life once the first load is merged with its parts beside it (next.config.mjs):
 * asking again fails without a request, so only a reload brings it, which the banner offers.
 */
type ConnectionState = { staleSince: number | null; codeMissing: boolean; sawStale: () => void; sawFresh: () => void; missedCode: () => void };

export const useConnectionStore = create<ConnectionState>()((set, get) => ({
  staleSince: null,
  codeMissing: false,
  sawStale: () => {
    if (get().staleSince === null) set({ staleSince: Date.now() });
  },
  sawFresh: () => {
    if (get().staleSince !== null) set({ staleSince: null });
  },
  missedCode: () => {
    if (!get().codeMissing) set({ codeMissing: true });
  },
}));

/** Notes what an answer says of the connection to the API. */
export function observeAnswer(response: Response): void {
  const cache = response.headers.get("x-cache");
  if (cache === "stale") useConnectionStore.getState().sawStale();
  else if (cache === null && response.status < 500) useConnectionStore.getState().sawFresh();
}
