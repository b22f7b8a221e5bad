import { base, en, Faker } from "@faker-js/faker";
import type { IdKind } from "../model/ids";
import { buildHistory, type EventRow } from "./history";
import { generateMessages, type MessageRow } from "./messages";
import { generatePeople, type People } from "./people";
import { createRandom } from "./random";
import { buildTeamRows, type TeamRows, type TeamSpec, type WorldSpec } from "./teams";
import { planThreads, threadRow, type ThreadRow } from "./threads";

/**
 * One team's complete world, built in memory: its listed rows (team, tokens, members,
 * accounts, labels), the generated people and conversations, and its event history.
 */
export type TeamWorld = TeamRows &
  People & {
    threads: ThreadRow[];
    messages: MessageRow[];
    events: EventRow[];
  };

export type WorldOptions = {
  now: Date;
  nextId: (kind: IdKind) => string;
  /** Each team's faker and random source are seeded from this, so teams do not disturb each other. */
  seed: number;
  /** Overrides the spec's world size (the `scale` option). */
  size?: Pick<WorldSpec, "contacts" | "threads">;
  messageEventLimit: number | null;
  /** Platform ID counters shared by every team, so no two seeded platform IDs collide. */
  counter: { thread: number; message: number };
};

export function buildTeamWorld(spec: TeamSpec, options: WorldOptions): TeamWorld {
  const { now, nextId, counter } = options;
  const team = buildTeamRows(spec, nextId, now);
  const world = spec.world;
  if (!world) return { ...team, contacts: [], profiles: [], contactTags: [], greetings: new Map(), threads: [], messages: [], events: [] };

  const random = createRandom(options.seed);
  const faker = new Faker({ locale: [en, base], seed: options.seed });
  const size = options.size ?? world;
  const people = generatePeople({ faker, random, nextId, team, contactCount: size.contacts, minPairs: size.threads, now });
  const plans = planThreads({ random, nextId, now, team, world, people, threadCount: size.threads, counter });

  const threads: ThreadRow[] = [];
  const messages: MessageRow[] = [];
  for (const plan of plans) {
    const rows = generateMessages({ random, nextId, now, team, spec, counter }, plan);
    threads.push(threadRow(plan, rows, team.team.id));
    for (const row of rows) messages.push(row);
  }

  const events = buildHistory({ random, nextId, teamId: team.team.id, people, threads, messages, messageEventLimit: options.messageEventLimit });
  team.team.lastSeq = events.length;
  return { ...team, ...people, threads, messages, events };
}
