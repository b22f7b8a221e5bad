import postgres from "postgres";

/**
 * A database of its own on the Postgres server named by TEST_DATABASE_URL, for one test file:
 * parallel runs never meet, and `drop` removes it (closing what is still connected).
 */
export type TestDatabase = { url: string; drop(): Promise<void> };

export async function createTestDatabase(serverUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
