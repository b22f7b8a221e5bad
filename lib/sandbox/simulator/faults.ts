/**
 * Faults the simulator injects into the next N requests of the API (never into `/_sandbox`):
 * - `rateLimited`: 429 with `Retry-After: retryAfter` seconds;
 * - `internalError`: 500;
 * - `latency`: the request is answered `ms` later, otherwise normally;
 * - `sendUnconfirmed`: the next N POST /messages answer 502 sendUnconfirmed. With
 *   `delivered: true` the message was sent (GET /messages/{messageId} finds it); with
 *   `delivered: false` it never left (GET /messages/{messageId} answers 404 messageNotFound).
 */
export type Fault =
  | { kind: "rateLimited"; count: number; retryAfter: number }
  | { kind: "internalError"; count: number }
  | { kind: "latency"; count: number; ms: number }
  | { kind: "sendUnconfirmed"; count: number; delivered: boolean };

export function createFaults() {
  let queue: Fault[] = [];

  function take<K extends Fault["kind"]>(kinds: readonly K[]): Extract<Fault, { kind: K }> | null {
    const fault = queue.find((f) => (kinds as readonly string[]).includes(f.kind));
    if (!fault) return null;
    fault.count--;
    if (fault.count <= 0) queue = queue.filter((f) => f !== fault);
    return { ...fault } as Extract<Fault, { kind: K }>;
  }

  return {
    add(fault: Fault): void {
      queue.push({ ...fault });
    },
    /** The fault for the next API request, if any: a refusal, or a delay. */
    takeForRequest: () => take(["rateLimited", "internalError", "latency"] as const),
    /** The fault for the next send, if any. */
    takeForSend: () => take(["sendUnconfirmed"] as const),
    pending: (): readonly Fault[] => queue.map((f) => ({ ...f })),
    clear(): void {
      queue = [];
    },
  };
}
export type Faults = ReturnType<typeof createFaults>;
