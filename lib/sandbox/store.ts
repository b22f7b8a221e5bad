import { sql } from "drizzle-orm";
import type { ApiEvent } from "@/lib/api/events";
import { openDatabase, projectPath, type Database, type DatabaseConfig, type DatabaseHandle } from "@/lib/db/connection";
import { createClock, type Clock } from "./clock";
import { appendEvents, type EventInput } from "./events/event-log";
import { settings, teams } from "./schema";
import { seedSandbox } from "./seed/seed";

/**
 * The sandbox's durable state: the database (seeded on first open), the simulated clock
 * (its offset persisted), and the transaction helper every write goes through so that the
 * change and its events commit together.
 */
export type SandboxStore = {
  db: Database;
  kind: DatabaseHandle["kind"];
  clock: Clock;
  /** Runs a write in one transaction; the events it records are appended with the team's next seqs. */
  write<T>(teamId: string, run: (tx: Database, record: (event: EventInput) => void) => Promise<T>): Promise<T>;
  /** Called after each committed write with the events it appended. */
  onEvents(listener: (teamId: string, events: ApiEvent[]) => void): () => void;
  /** Persists the clock's offset. */
  saveClock(): Promise<void>;
  /** Deletes everything and seeds again, with the clock back on real time (offset 0). */
  reset(seed?: { scale?: number }): Promise<void>;
  /** The embedded database as it stands, to open another sandbox from (tests; PGlite only). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
};

export type StoreOptions = {
  database?: DatabaseConfig;
  /** Start from an empty, freshly seeded world, on the real clock (a saved offset is dropped). */
  reset?: boolean;
  seed?: { scale?: number; now?: Date };
};

const MIGRATIONS = { folder: projectPath("lib/sandbox/migrations"), table: "__sandbox_migrations", schema: "sandbox" };

export async function openSandboxStore(options: StoreOptions = {}): Promise<SandboxStore> {
  const handle = await openDatabase(options.database ?? {});
  await handle.migrate(MIGRATIONS);
  const { db } = handle;

  // A reset starts from the real clock: the offset an earlier run advanced to is wiped with its world.
  const saved = options.reset ? [] : await db.select().from(settings).where(sql`${settings.key} = 'clockOffsetMs'`);
  const clock = createClock(typeof saved[0]?.value === "number" ? saved[0].value : 0);
  const listeners = new Set<(teamId: string, events: ApiEvent[]) => void>();

  async function seedIfEmpty(seed: StoreOptions["seed"]) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(teams);
    if ((row?.n ?? 0) === 0) {
      await seedSandbox(db, { now: seed?.now ?? clock.now(), scale: seed?.scale });
      await analyze();
    }
  }

  // PGlite runs no autovacuum: without statistics after a bulk seed the planner guesses row
  // counts and picks plans that make GET /threads 5–50× slower at 10,000 threads.
  async function analyze() {
    const result = await db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'sandbox'`);
    const names = rowsOf<{ name: string }>(result).map((r) => `"sandbox"."${r.name}"`);
    if (names.length) await db.execute(sql.raw(`analyze ${names.join(", ")}`));
  }

  async function wipe() {
    // Every table of the sandbox schema, found rather than listed, so a new table cannot be missed;
    // but not the migrations journal, or the next start would migrate over existing tables.
    const result = await db.execute<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'sandbox' and tablename <> ${MIGRATIONS.table}`,
    );
    const names = rowsOf<{ name: string }>(result).map((r) => `"sandbox"."${r.name}"`);
    if (names.length) await db.execute(sql.raw(`truncate ${names.join(", ")}`));
  }

  if (options.reset) await wipe();
  await seedIfEmpty(options.seed);

  const store: SandboxStore = {
    db,
    kind: handle.kind,
    clock,
    async write(teamId, run) {
      const { result, appended } = await db.transaction(async (tx) => {
        const recorded: EventInput[] = [];
        const result = await run(tx, (event) => recorded.push(event));
        const appended = await appendEvents(tx, teamId, recorded, clock.now());
        return { result, appended };
      });
      if (appended.length) for (const listener of listeners) listener(teamId, appended);
      return result;
    },
    onEvents(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async saveClock() {
      await db
        .insert(settings)
        .values({ key: "clockOffsetMs", value: clock.offsetMs() })
        .onConflictDoUpdate({ target: settings.key, set: { value: clock.offsetMs() } });
    },
    async reset(seed) {
      await wipe();
      clock.set(0);
      await seedSandbox(db, { now: clock.now(), scale: seed?.scale });
      await analyze();
    },
    dump: handle.dump,
    close: () => handle.close(),
  };
  return store;
}

/** Drivers return rows as an array (postgres-js) or under `rows` (PGlite). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  if (result && typeof result === "object" && "rows" in result && Array.isArray(result.rows)) return result.rows as T[];
  return [];
}
