/**
 * The variables of a saved reply's body, and how they are filled. This is the one place the
 * syntax is decided:
 *
 * - `{name}` is a variable; `{name|fallback}` one with a fallback, used when the conversation
 *   has no value for it (`Hi {first-name|there}!`). A fallback is any text without braces or
 *   a bar; it may be empty (`{first-name|}` leaves nothing).
 * - Names are lowercase words joined by dashes, as the outreach campaigns' variables are
 *   (`first-name` is the same variable a campaign step names): `first-name`, `display-name`
 *   (the contact's), `member-name` (the member who sends), `account-name` (the account link
 *   the conversation is on). A saved reply naming any other is refused when it is saved.
 * - Anything else in braces (`{ not a variable }`, `{Name}`) is plain text and stays as written.
 *
 * A variable with neither a value nor a fallback is left out, and the spaces it leaves are
 * tidied ("Hi {first-name}, welcome" → "Hi, welcome"), as outreach does; the preview names it
 * so the member can add a fallback or fill it by hand.
 */
export const SAVED_REPLY_VARIABLES = ["first-name", "display-name", "member-name", "account-name"] as const;
export type SavedReplyVariable = (typeof SAVED_REPLY_VARIABLES)[number];

export const VARIABLE_LABELS: Record<SavedReplyVariable, string> = {
  "first-name": "Contact's first name",
  "display-name": "Contact's name",
  "member-name": "Your name",
  "account-name": "Account name",
};

/** The values a conversation gives its variables; null where it has none. */
export type VariableValues = Record<SavedReplyVariable, string | null>;

export type TemplatePart = { type: "text"; text: string } | { type: "variable"; name: string; fallback: string | null; source: string };

// A name is lowercase words joined by dashes; a fallback is anything but braces and bars.
const TOKEN = /\{([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:\|([^{}|]*))?\}/g;

/** The body cut into text and variables, in order. */
export function parseTemplate(body: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of body.matchAll(TOKEN)) {
    if (match.index > last) parts.push({ type: "text", text: body.slice(last, match.index) });
    parts.push({ type: "variable", name: match[1]!, fallback: match[2] ?? null, source: match[0] });
    last = match.index + match[0].length;
  }
  if (last < body.length) parts.push({ type: "text", text: body.slice(last) });
  return parts;
}

export function isSavedReplyVariable(name: string): name is SavedReplyVariable {
  return (SAVED_REPLY_VARIABLES as readonly string[]).includes(name);
}

/** Variables the body names that do not exist, each once, in order. */
export function unknownVariables(body: string): string[] {
  const names = parseTemplate(body).flatMap((part) => (part.type === "variable" && !isSavedReplyVariable(part.name) ? [part.name] : []));
  return [...new Set(names)];
}

/** The sentence for a body naming unknown variables, or null when it names none. */
export function unknownVariablesProblem(body: string): string | null {
  const unknown = unknownVariables(body);
  if (unknown.length === 0) return null;
  const named = unknown.map((name) => `{${name}}`).join(", ");
  return `${named} ${unknown.length === 1 ? "is not a variable" : "are not variables"}: use ${SAVED_REPLY_VARIABLES.map((name) => `{${name}}`).join(", ")}.`;
}

export type Resolved = {
  text: string;
  /** Variables that had neither a value nor a fallback, each once. */
  missing: SavedReplyVariable[];
};

/** The body with its variables filled from `values` (or their fallbacks). Unknown names stay as written. */
export function resolveTemplate(body: string, values: VariableValues): Resolved {
  const missing = new Set<SavedReplyVariable>();
  let emptied = false;
  const text = parseTemplate(body)
    .map((part) => {
      if (part.type === "text") return part.text;
      if (!isSavedReplyVariable(part.name)) return part.source;
      const value = values[part.name]?.trim();
      if (value) return value;
      if (part.fallback === null) missing.add(part.name);
      const fallback = part.fallback ?? "";
      if (!fallback) emptied = true;
      return fallback;
    })
    .join("");
  return { text: emptied ? tidy(text) : text, missing: [...missing] };
}

/**
 * A contact's first name, as outreach campaigns fill `{first-name}`: the first word of the
 * profile's display name. An organization has no first name, and a profile without a display
 * name has none either: the fallback is used then.
 */
export function firstNameOf(profile: { displayName: string | null; isOrganization?: boolean } | null | undefined): string | null {
  if (!profile || profile.isOrganization) return null;
  const first = profile.displayName?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/** What an emptied variable leaves behind: doubled spaces, and a space before punctuation. */
function tidy(text: string): string {
  return text.replace(/[ \t]{2,}/g, " ").replace(/[ \t]+([,.!?;:])/g, "$1");
}
