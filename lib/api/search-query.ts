/**
 * The message search box's language (GET /api/inbox/search `q`), parsed the same in the
 * browser (to say what is wrong as the person types) and on the server (which searches).
 *
 * Free words match anywhere in a message, each as a word start ("hub" finds "HubSpot");
 * "quoted phrases" match as written. Operators people know from mail clients:
 * - `from:<name>`: the contact's name or handle (inbound) or the member's name (outbound);
 *   `from:me` is the viewer's own messages. Quote a name with a space: `from:"Ada Lovelace"`.
 * - `tag:<name>`, `status:<name>`: the thread's contact carries that tag or status (by name, any case).
 * - `is:unread` / `is:read` (for the viewer), `is:archived` / `is:open` (the thread's folder).
 * - `before:<YYYY-MM-DD>` (earlier than that day) and `after:<YYYY-MM-DD>` (that day or later), in UTC.
 * A `word:` that is none of these is kept as text (a URL, "re:").
 */
export type SearchQuery = {
  words: string[];
  phrases: string[];
  from: string[];
  fromMe: boolean;
  tags: string[];
  statuses: string[];
  unread?: boolean;
  archived?: boolean;
  /** ISO day, exclusive. */
  before?: string;
  /** ISO day, inclusive. */
  after?: string;
};

export type ParsedSearch = { ok: true; query: SearchQuery } | { ok: false; message: string };

export const SEARCH_OPERATORS = ["from", "tag", "status", "is", "before", "after"] as const;
type Operator = (typeof SEARCH_OPERATORS)[number];

const IS_VALUES: Record<string, Pick<SearchQuery, "unread" | "archived">> = {
  unread: { unread: true },
  read: { unread: false },
  archived: { archived: true },
  open: { archived: false },
};

const EXAMPLES: Record<Operator, string> = {
  from: "from: needs a name, like from:Ada or from:me",
  tag: "tag: needs a tag name, like tag:vip",
  status: "status: needs a status name, like status:lead",
  is: "is: takes unread, read, archived or open",
  before: "before: needs a date like 2026-11-01",
  after: "after: needs a date like 2026-11-01",
};

export function parseSearchQuery(input: string): ParsedSearch {
  const query: SearchQuery = { words: [], phrases: [], from: [], fromMe: false, tags: [], statuses: [] };
  for (const token of tokens(input)) {
    if (token.kind === "phrase") {
      if (token.value.trim()) query.phrases.push(token.value.trim());
      continue;
    }
    const operator = asOperator(token.key);
    if (!operator) {
      query.words.push(...words(token.raw));
      continue;
    }
    const value = token.value.trim();
    if (!value) return { ok: false, message: EXAMPLES[operator] };
    switch (operator) {
      case "from":
        if (value.toLowerCase() === "me") query.fromMe = true;
        else query.from.push(value);
        break;
      case "tag":
        query.tags.push(value);
        break;
      case "status":
        query.statuses.push(value);
        break;
      case "is": {
        const flags = IS_VALUES[value.toLowerCase()];
        if (!flags) return { ok: false, message: EXAMPLES.is };
        Object.assign(query, flags);
        break;
      }
      case "before":
      case "after":
        if (!isDay(value)) return { ok: false, message: EXAMPLES[operator] };
        query[operator] = value;
        break;
    }
  }
  if (!hasCriteria(query)) return { ok: false, message: "Type a word to search for, or a filter like from:me." };
  return { ok: true, query };
}

/** Whether a query holds text to match (not only filters): only then is a snippet highlighted. */
export function hasText(query: SearchQuery): boolean {
  return query.words.length > 0 || query.phrases.length > 0;
}

/** The words of free text, as the index splits them (letters and digits), lower-cased. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether a query uses an operator (from:, tag:, …): then only message search understands it. */
export function hasOperators(q: SearchQuery): boolean {
  return q.from.length > 0 || q.fromMe || q.tags.length > 0 || q.statuses.length > 0 || q.unread !== undefined || q.archived !== undefined || !!q.before || !!q.after;
}

function hasCriteria(q: SearchQuery): boolean {
  return hasText(q) || hasOperators(q);
}

type Token = { kind: "phrase"; value: string } | { kind: "term"; raw: string; key: string | null; value: string };

/** Splits on spaces, keeping "quoted phrases" and `key:"quoted value"` whole. */
function tokens(input: string): Token[] {
  const out: Token[] = [];
  const pattern = /([\p{L}]+):"([^"]*)"?|"([^"]*)"?|(\S+)/gu;
  for (const match of input.matchAll(pattern)) {
    if (match[1] !== undefined) out.push({ kind: "term", raw: `${match[1]} ${match[2]}`, key: match[1], value: match[2] ?? "" });
    else if (match[3] !== undefined) out.push({ kind: "phrase", value: match[3] });
    else {
      const raw = match[4]!;
      const colon = raw.indexOf(":");
      const key = colon > 0 ? raw.slice(0, colon) : null;
      out.push({ kind: "term", raw, key, value: key ? raw.slice(colon + 1) : raw });
    }
  }
  return out;
}

function asOperator(key: string | null): Operator | null {
  const lower = key?.toLowerCase();
  return (SEARCH_OPERATORS as readonly string[]).includes(lower ?? "") ? (lower as Operator) : null;
}

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
