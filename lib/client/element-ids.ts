/**
 * The IDs of the elements the inbox's keys and commands reach for by ID (focus the search, the
 * reply box; press Stop sequence), apart from the keyboard's own code so the page's first load
 * can name them without carrying it.
 */
export const SEARCH_INPUT_ID = "inbox-search";
export const COMPOSER_ID = "composer";
/** The campaign bar's Stop sequence (components/thread/campaign-bar), which its key presses. */
export const STOP_SEQUENCE_ID = "stop-sequence";
