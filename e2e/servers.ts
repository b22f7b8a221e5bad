/**
 * The inbox servers the journeys run against, each a production build on its own port and
 * data folder. `faults` is a second inbox for the journey that makes the API fail: faults hit
 * every request of a sandbox, so that journey gets a sandbox of its own instead of running
 * after everything else, and the whole suite can run in any order, as often as asked
 * (`--repeat-each`).
 */
const port = Number(process.env.E2E_PORT ?? 3100);

export const E2E_SERVERS = {
  main: { port, dataDir: ".data/e2e" },
  faults: { port: port + 1, dataDir: ".data/e2e-faults" },
} as const;

export type E2eServer = keyof typeof E2E_SERVERS;

export function baseUrlOf(server: E2eServer): string {
  return `http://127.0.0.1:${E2E_SERVERS[server].port}`;
}

/** The server a base URL belongs to (a project's `use.baseURL`). */
export function serverAt(baseURL: string): E2eServer {
  const found = (Object.keys(E2E_SERVERS) as E2eServer[]).find((server) => baseUrlOf(server) === baseURL);
  if (!found) throw new Error(`No e2e server at ${baseURL}`);
  return found;
}
