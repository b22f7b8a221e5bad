import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createSandbox } from "../app";
import { SEED_NOW } from "./seed-now";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding the seeded sandbox's database, dumped once per run (lib/sandbox/testing/harness). */
    sandboxSnapshot: string;
  }
}

/**
 * Seeds one sandbox before the run and dumps its database, so each test file's sandbox starts
 * from a copy instead of migrating and seeding again (seconds each, on every file).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), "inbox-sandbox-seed-"));
  const sandbox = await createSandbox({ seed: { now: SEED_NOW } });
  try {
    const file = join(dir, "seeded.tar.gz");
    await writeFile(file, Buffer.from(await (await sandbox.context.store.dump!()).arrayBuffer()));
    project.provide("sandboxSnapshot", file);
  } finally {
    await sandbox.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
