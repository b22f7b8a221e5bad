/**
 * Faults the simulator injects into the next N matching requests of the API (never into
 * `/_sandbox`):
 * - `rateLimited`: 429 with `Retry-After: retryAfter` seconds;
 * - `internalError`: 500;
 * - `latency`: the request is answered `ms` later, otherwise normally;
 * - `sendUnconfirmed`: the next N sends (POST /messages, and version 1's sends, which go
 *   through the same send) answer 502 sendUnconfirmed, and the message settles later
 *   (`delivered` decides how; the rules are in lib/sandbox/simulator/settle.ts).
 *
 * Whose requests meet a fault: it belongs to the team whose token asked for it (POST
 * /_sandbox/faults), so one team's faults never reach another's requests; with `scope:
 * "token"`, only requests bearing that very token meet it. Optional filters narrow it further:
 * `path`, a path prefix with the version root (`/v2/threads` matches `/v2/threads` and
 * everything under it, `/v2/threads/thr1/messages` included, but not `/v2/threadsx`), and
 * `method`. A request meets the oldest matching fault of its kind; each meeting uses one of
 * its `count`.
 */
export type FaultEffect =
  | { kind: "rateLimited"; count: number; retryAfter: number }
  | { kind: "internalError"; count: number }
  | { kind: "latency"; count: number; ms: number }
  | { kind: "sendUnconfirmed"; count: number; delivered: boolean; settleAfterMs?: number };

export type FaultFilter = {
  /** `team` (default): any token of the team meets it; `token`: only the token that asked. */
  scope?: "team" | "token";
  path?: string;
  method?: string;
};

/** A fault as the control API lists it: its effect, filters and what is left of its count. */
export type Fault = FaultEffect & { scope: "team" | "token"; path: string | null; method: string | null };

/** Who is asking, and for what: the request a fault may be injected into. */
export type FaultRequest = { teamId: string; token: string; method: string; path: string };

type Held = { fault: Fault; teamId: string; token: string };

export function createFaults() {
  let held: Held[] = [];

  function take<K extends FaultEffect["kind"]>(kinds: readonly K[], request: FaultRequest): Extract<Fault, { kind: K }> | null {
    const found = held.find((h) => (kinds as readonly string[]).includes(h.fault.kind) && matches(h, request));
    if (!found) return null;
    found.fault.count--;
    if (found.fault.count <= 0) held = held.filter((h) => h !== found);
    return { ...found.fault } as Extract<Fault, { kind: K }>;
  }

  return {
    /** Queues a fault for the team (and token) that asked for it. */
    add(effect: FaultEffect & FaultFilter, owner: { teamId: string; token: string }): void {
      const { scope, path, method, ...rest } = effect;
      const fault = { ...rest, scope: scope ?? "team", path: path ?? null, method: method?.toUpperCase() ?? null } as Fault;
      held.push({ fault, teamId: owner.teamId, token: owner.token });
    },
    /** The fault for this API request, if any: a refusal, or a delay. */
    takeForRequest: (request: FaultRequest) => take(["rateLimited", "internalError", "latency"] as const, request),
    /** The fault for this send, if any. */
    takeForSend: (request: FaultRequest) => take(["sendUnconfirmed"] as const, request),
    /** The team's faults still waiting, oldest first. */
    pending: (teamId: string): Fault[] => held.filter((h) => h.teamId === teamId).map((h) => ({ ...h.fault })),
    /** Drops the team's faults, or with no team every fault (a reset of the whole sandbox). */
    clear(teamId?: string): void {
      held = teamId === undefined ? [] : held.filter((h) => h.teamId !== teamId);
    },
  };
}
export type Faults = ReturnType<typeof createFaults>;

function matches({ fault, teamId, token }: Held, request: FaultRequest): boolean {
  if (teamId !== request.teamId) return false;
  if (fault.scope === "token" && token !== request.token) return false;
  if (fault.method !== null && fault.method !== request.method.toUpperCase()) return false;
  if (fault.path !== null && !underPath(request.path, fault.path)) return false;
  return true;
}

/** Whether `path` is `prefix` or below it, segment by segment (a trailing slash on the prefix is ignored). */
function underPath(path: string, prefix: string): boolean {
  const base = prefix.replace(/\/+$/, "");
  if (base === "") return true;
  return path === base || path.startsWith(`${base}/`);
}
