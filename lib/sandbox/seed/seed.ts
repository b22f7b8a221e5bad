import { getTableColumns, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db/connection";
import { sequentialIds } from "../model/ids";
import { refreshCampaignNumbers } from "../model/campaigns";
import { rowsOf } from "../store";
import {
  accountLinks,
  campaignLists,
  campaigns,
  campaignSteps,
  contacts,
  contactTags,
  events,
  importJobs,
  members,
  messages,
  outreachColumns,
  outreachLeads,
  outreachLists,
  outreachSettings,
  platforms,
  profiles,
  statuses,
  tags,
  teams,
  threads,
  tokens,
} from "../schema";
import { buildOutreach, type OutreachRows } from "./outreach";
import { PLATFORM_ROWS } from "./platforms";
import { ACME, TEAM_SPECS } from "./teams";
import { buildTeamWorld, type TeamWorld } from "./world";

/**
 * Seeds empty, migrated sandbox tables with a complete world: the platforms, Acme Growth
 * (the demo team), Globex and Locked Co. The same options give the same rows, IDs
 * included; times are relative to `options.now`. `scale` gives Acme that many threads
 * (about ten messages each) for load tests, and its biggest outreach list ten leads per
 * thread (seed/outreach.ts). Outreach rows come after the version 2 world and from their
 * own ID counters and random sources, so they change none of its rows.
 */
export type SeedOptions = { now: Date; scale?: number };

export type SeedSummary = Record<SeededTable, number>;

type SeededTable =
  | "platforms"
  | "teams"
  | "tokens"
  | "members"
  | "accountLinks"
  | "tags"
  | "statuses"
  | "contacts"
  | "profiles"
  | "contactTags"
  | "threads"
  | "messages"
  | "events"
  | keyof OutreachRows;

export async function seedSandbox(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const worlds = buildSeedWorlds(options);
  const outreach = buildOutreach(worlds[TEAM_SPECS.indexOf(ACME)]!, options);
  const rows = {
    platforms: [...PLATFORM_ROWS],
    teams: worlds.map((w) => w.team),
    tokens: worlds.flatMap((w) => w.tokens),
    members: worlds.flatMap((w) => w.members),
    accountLinks: worlds.flatMap((w) => w.accountLinks),
    tags: worlds.flatMap((w) => w.tags),
    statuses: worlds.flatMap((w) => w.statuses),
    contacts: worlds.flatMap((w) => w.contacts),
    profiles: worlds.flatMap((w) => w.profiles),
    contactTags: worlds.flatMap((w) => w.contactTags),
    threads: worlds.flatMap((w) => w.threads),
    messages: worlds.flatMap((w) => w.messages),
    events: worlds.flatMap((w) => w.events),
    ...outreach,
  };

  await db.transaction(async (tx) => {
    await insertChunks(tx, platforms, rows.platforms);
    await insertChunks(tx, teams, rows.teams);
    await insertChunks(tx, tokens, rows.tokens);
    await insertChunks(tx, members, rows.members);
    await insertChunks(tx, accountLinks, rows.accountLinks);
    await insertChunks(tx, tags, rows.tags);
    await insertChunks(tx, statuses, rows.statuses);
    await insertChunks(tx, contacts, rows.contacts);
    await insertChunks(tx, profiles, rows.profiles);
    await insertChunks(tx, contactTags, rows.contactTags);
    await insertChunks(tx, threads, rows.threads);
    await insertChunks(tx, messages, rows.messages);
    await insertChunks(tx, events, rows.events);
    await insertChunks(tx, outreachLists, rows.outreachLists);
    await insertChunks(tx, outreachColumns, rows.outreachColumns);
    await insertWithIndexesRebuilt(tx, outreachLeads, rows.outreachLeads);
    await insertChunks(tx, importJobs, rows.importJobs);
    await insertChunks(tx, outreachSettings, rows.outreachSettings);
    await insertChunks(tx, campaigns, rows.campaigns);
    await insertChunks(tx, campaignSteps, rows.campaignSteps);
    await insertChunks(tx, campaignLists, rows.campaignLists);
    for (const campaign of rows.campaigns) await refreshCampaignNumbers(tx, campaign.teamId, campaign.id);
  });

  return Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.length])) as SeedSummary;
}

/** The whole seed in memory, one world per team, without touching a database. */
export function buildSeedWorlds(options: SeedOptions): TeamWorld[] {
  const nextId = sequentialIds();
  const counter = { thread: 0, message: 0 };
  const scale = options.scale;
  if (scale !== undefined && !(Number.isInteger(scale) && scale >= 1)) throw new RangeError(`seed scale must be a positive integer, not ${scale}`);
  return TEAM_SPECS.map((spec, index) =>
    buildTeamWorld(spec, {
      now: options.now,
      nextId,
      seed: 42 + index,
      counter,
      size: spec === ACME && scale !== undefined ? { threads: scale, contacts: Math.max(64, Math.ceil(scale / 2)) } : undefined,
      messageEventLimit: scale !== undefined ? SCALED_MESSAGE_EVENTS : null,
    }),
  );
}

/** With `scale`, only the latest messages get events: replay needs some, not a hundred thousand. */
const SCALED_MESSAGE_EVENTS = 500;

/**
 * Inserts into a table whose secondary indexes are dropped first and built again after:
 * building them once over 100,000 leads is several times faster than keeping fourteen of
 * them up to date row by row. Their definitions are read back from `pg_indexes`, so the
 * migration stays their one source.
 */
async function insertWithIndexesRebuilt<T extends PgTable>(db: Pick<Database, "execute">, table: T, rows: T["$inferInsert"][]): Promise<void> {
  const { name } = getTableConfig(table);
  const result = await db.execute(
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'sandbox' and tablename = ${name} and indexname <> ${`${name}_pkey`}`,
  );
  const indexes = rowsOf<{ name: string; definition: string }>(result);
  for (const index of indexes) await db.execute(sql.raw(`drop index "sandbox"."${index.name}"`));
  await insertChunks(db, table, rows);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

/** Rows per INSERT: large enough to be quick, small enough to keep each statement modest. */
const CHUNK_ROWS = 1000;

/**
 * Inserts rows in chunks, each chunk as one JSON parameter expanded by Postgres
 * (`jsonb_populate_recordset` over the table's own row type): a hundred thousand messages
 * load several times faster than with one bound parameter per value, on PGlite and Postgres.
 * Every column must be present in the rows: a missing one is inserted as null, not its default.
 */
async function insertChunks<T extends PgTable>(db: Pick<Database, "execute">, table: T, rows: T["$inferInsert"][]): Promise<void> {
  const columns = Object.entries(getTableColumns(table));
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const records = rows.slice(i, i + CHUNK_ROWS).map((row: Record<string, unknown>) =>
      Object.fromEntries(columns.map(([key, column]) => [column.name, row[key] ?? null])),
    );
    await db.execute(sql`insert into ${table} select * from jsonb_populate_recordset(null::${table}, ${JSON.stringify(records)}::jsonb)`);
  }
}
