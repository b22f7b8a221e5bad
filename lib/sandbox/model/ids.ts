import { randomBytes } from "node:crypto";

/**
 * Service IDs (`^[0-9a-z]+$`): a short prefix naming the resource, then random base-36
 * characters. The prefix only helps people reading logs; nothing parses it.
 */
export const ID_PREFIX = {
  team: "team",
  member: "mem",
  accountLink: "al",
  profile: "prof",
  contact: "con",
  thread: "thr",
  message: "msg",
  tag: "tag",
  status: "st",
  event: "evt",
  webhook: "wh",
  request: "req",
  list: "lst",
  lead: "lead",
  column: "col",
  importJob: "imp",
  campaign: "cmp",
  step: "stp",
  automation: "aut",
} as const;

export type IdKind = keyof typeof ID_PREFIX;

export function newId(kind: IdKind): string {
  return ID_PREFIX[kind] + randomBase36(16);
}

/** Deterministic IDs for the seed: the same world every time it is seeded. */
export function sequentialIds() {
  let n = 0;
  return (kind: IdKind) => ID_PREFIX[kind] + (++n).toString(36).padStart(4, "0");
}

function randomBase36(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += (byte % 36).toString(36);
  return out;
}
