import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openInboxDatabase } from "@/lib/server/store/db";
import { createSandbox } from "../app";
import { SEED_NOW } from "./seed-now";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding the seeded sandbox's database, dumped once per run (lib/sandbox/testing/harness). */
    sandboxSnapshot: string;
    /** The same, seeded as the demo seeds it (at the real time of the run's start), for the BFF's tests (lib/server/testing/bff). */
    demoSandboxSnapshot: string;
    /** The inbox's own database, migrated and empty, for the BFF's tests: a copy opens in half the time of a new one. */
    inboxSnapshot: string;
  }
}

/**
 * Seeds one sandbox before the run and dumps its database, so each test file's sandbox starts
 * from a copy instead of migrating and seeding again (seconds each, on every file).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), "inbox-sandbox-seed-"));
  const [fixed, demo, inbox] = await Promise.all([dumpSeeded(dir, "seeded.tar.gz", SEED_NOW), dumpSeeded(dir, "demo.tar.gz"), dumpInbox(dir, "inbox.tar.gz")]);
  project.provide("sandboxSnapshot", fixed);
  project.provide("demoSandboxSnapshot", demo);
  project.provide("inboxSnapshot", inbox);
  return () => rm(dir, { recursive: true, force: true });
}

/** Seeds a sandbox at `now` (the real time when absent, as the demo does) and dumps it to `dir/name`. */
async function dumpSeeded(dir: string, name: string, now?: Date): Promise<string> {
  const sandbox = await createSandbox(now ? { seed: { now } } : {});
  try {
    const file = join(dir, name);
    await writeFile(file, Buffer.from(await (await sandbox.context.store.dump!()).arrayBuffer()));
    return file;
  } finally {
    await sandbox.close();
  }
}

async function dumpInbox(dir: string, name: string): Promise<string> {
  const database = await openInboxDatabase({});
  try {
    const file = join(dir, name);
    await writeFile(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}
