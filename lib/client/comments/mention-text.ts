import { replaceTrigger } from "@/lib/client/saved-replies/composer-insert";

/**
 * @mentions in the comment box. `@` at the start of the text or after a space opens the team's
 * people, what follows filters them (`@sa` → Sam Rivera), and choosing one puts `@Sam Rivera `
 * in place of the typed `@sa` and records their user ID beside the text (lib/api/comments: the
 * server takes the IDs, never the names). An e-mail address (`ana@example.com`) opens nothing.
 */
export type MentionTrigger = { query: string; start: number; end: number };
export type Person = { id: string; name: string };

/** The `@…` the caret stands at the end of, or null. Names have spaces: up to two words are read as the query. */
export function mentionTrigger(text: string, caret: number): MentionTrigger | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}\p{N}'.-]*(?: [\p{L}\p{N}'.-]*)?)$/u.exec(before);
  if (!match) return null;
  const start = match.index + match[1]!.length;
  return { query: match[2]!, start, end: caret };
}

/** The people a query finds: a word of the name starting with it first, then the name containing it; by name within each. */
export function matchingPeople<P extends Person>(people: readonly P[], query: string): P[] {
  const q = query.trim().toLowerCase();
  const rank = (person: P): number => {
    const name = person.name.toLowerCase();
    if (!q || name.startsWith(q)) return 0;
    if (name.split(/\s+/).some((word) => word.startsWith(q))) return 1;
    return name.includes(q) ? 2 : -1;
  };
  return people
    .map((person) => ({ person, rank: rank(person) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.person.name.localeCompare(b.person.name))
    .map((entry) => entry.person);
}

/** The text with the trigger replaced by `@Name ` and where the caret goes. */
export function insertMention(text: string, trigger: MentionTrigger, person: Person): { text: string; caret: number } {
  return replaceTrigger(text, trigger, `@${person.name} `);
}

/**
 * The mentions the text still holds, in order of first appearance: a person whose `@Name` was
 * deleted or changed is no longer mentioned. `chosen` are the people picked (or the comment's
 * mentions, when editing).
 */
export function mentionsInText<P extends Person>(text: string, chosen: readonly P[]): P[] {
  const seen = new Set<string>();
  return chosen
    .map((person) => ({ person, at: indexOfMention(text, person.name) }))
    .filter((entry) => entry.at >= 0 && !seen.has(entry.person.id) && seen.add(entry.person.id))
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.person);
}

/** Splits a comment's text into plain runs and `@Name` runs of the people it mentions, for drawing. */
export function mentionRuns(text: string, people: readonly Person[]): { text: string; person: Person | null }[] {
  const names = [...people].sort((a, b) => b.name.length - a.name.length);
  const runs: { text: string; person: Person | null }[] = [];
  let plain = "";
  for (let i = 0; i < text.length; ) {
    const person = text[i] === "@" && (i === 0 || /\s/.test(text[i - 1]!)) ? names.find((p) => text.startsWith(`@${p.name}`, i) && !isNameChar(text[i + p.name.length + 1])) : undefined;
    if (person) {
      if (plain) runs.push({ text: plain, person: null });
      plain = "";
      runs.push({ text: `@${person.name}`, person });
      i += person.name.length + 1;
    } else {
      plain += text[i];
      i += 1;
    }
  }
  if (plain) runs.push({ text: plain, person: null });
  return runs;
}

function indexOfMention(text: string, name: string): number {
  const needle = `@${name}`;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if ((at === 0 || /\s/.test(text[at - 1]!)) && !isNameChar(text[at + needle.length])) return at;
  }
  return -1;
}

function isNameChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}
