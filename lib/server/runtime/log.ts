import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

/**
 * The inbox's structured logs (pino): one JSON line per notable event, and one per request.
 *
 * - The process's root logger is made by scripts/server.mjs, which is the process: it reads
 *   `LOG_LEVEL` (validated with the rest of the configuration in env.ts, so a typo stops the
 *   start) and writes JSON lines to stdout, or pretty ones with `--dev`. It puts the root, and
 *   the store of each request's context, on `globalThis` under `LOGGING`, where this module
 *   (in Next's bundles, which cannot import the script) finds them. Without the script (tests,
 *   `npm run users`) this module makes a root of its own: JSON to stdout, level info.
 * - `log` is that root with two things added: every line logged while a request is handled
 *   carries its `requestId` and `userId` (from the request's context), and `redact` blanks
 *   fields that must never be written (emails, passwords, tokens, secrets, cookies,
 *   authorization headers, message text) at any depth up to four: a safety net under the rule
 *   that such things are not logged at all.
 * - The request line: scripts/server.mjs gives each request an ID (`inbox…`, also the request's
 *   `x-request-id` header and, unless the answer names the API's, the response's) and a
 *   context, and writes one line when the response ends: method, path, status, duration, plus
 *   the `fields` the inbox noted while handling it (`noteRequest`, `noteUpstream`,
 *   `noteBudgetWait`): user ID, route, upstream calls with their status and duration, and time
 *   spent waiting for the team's request budget. So each request is one line, written by one
 *   layer, whatever route served it, pages and static files included.
 */
export type UpstreamCall = {
  /** The API v2 operation (lib/api/endpoints), e.g. `threads.list`; `other` for a path outside the table. */
  endpoint: string;
  /** The API's status, or what happened instead of an answer. */
  status: number | "timeout" | "unreachable" | "aborted";
  durationMs: number;
  /** The API's `X-Request-Id`, when it answered. */
  requestId: string | null;
};

/** What the inbox adds to a request's line. */
export type RequestFields = {
  userId?: string;
  /** The row of lib/api/inbox-endpoints (`users.update`), or for API v2 its operation (`v2:threads.list`). */
  route?: string;
  /** The first `UPSTREAM_LISTED` calls; `upstreamCalls` counts them all. */
  upstream?: UpstreamCall[];
  upstreamCalls?: number;
  /** Time this request's upstream calls waited in the budget's queue, in total. */
  budgetWaitMs?: number;
};

/** One request's context, as scripts/server.mjs makes it: its ID, and what the inbox noted. */
export type RequestContext = { requestId: string; fields: RequestFields };

type Logging = {
  logger: Logger;
  requests: AsyncLocalStorage<RequestContext>;
  /** This module's `log`, which scripts/server.mjs writes the request line with, so `redact` covers it too. */
  app?: Logger;
};

export const LOGGING = Symbol.for("team-inbox.logging");
/** A request line lists this many upstream calls (a cold cache may make dozens); it counts them all. */
export const UPSTREAM_LISTED = 20;

/** Field names never written, whatever object they turn up in. */
export const REDACTED_FIELDS = [
  "email",
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "apiToken",
  "accessToken",
  "refreshToken",
  "idToken",
  "secret",
  "webhookSecret",
  "cookie",
  "set-cookie",
  "authorization",
  "content",
  "text",
  "preview",
  "caption",
  "body",
] as const;
const REDACT_DEPTH = 4;

function logging(): Logging {
  const holder = globalThis as { [LOGGING]?: Logging };
  holder[LOGGING] ??= { logger: ownRoot(), requests: new AsyncLocalStorage() };
  return holder[LOGGING];
}

/** The app's logger over a root: the request's IDs on every line, and the redaction net. */
export function appLogger(root: Logger, requests: AsyncLocalStorage<RequestContext>): Logger {
  const paths = REDACTED_FIELDS.flatMap((field) => Array.from({ length: REDACT_DEPTH }, (_, depth) => redactPath(depth, field)));
  return root.child(
    {},
    {
      redact: { paths, censor: "[redacted]" },
      formatters: {
        log(object) {
          const context = requests.getStore();
          if (!context) return object;
          const userId = context.fields.userId;
          return { requestId: context.requestId, ...(userId ? { userId } : {}), ...object };
        },
      },
    },
  );
}

export const log: Logger = (() => {
  const shared = logging();
  const made = appLogger(shared.logger, shared.requests);
  shared.app ??= made;
  return made;
})();

/** The request being handled, or undefined outside one (start, timers, tests without scripts/server.mjs). */
export function currentRequest(): RequestContext | undefined {
  return logging().requests.getStore();
}

/** The ID of the request being handled (scripts/server.mjs's), or a new one outside a request. */
export function requestId(): string {
  return currentRequest()?.requestId ?? newRequestId();
}

export function newRequestId(): string {
  return `inbox${crypto.randomUUID().replaceAll("-", "")}`;
}

/** Adds to the line of the request being handled; nothing outside one. */
export function noteRequest(fields: Pick<RequestFields, "userId" | "route">): void {
  const context = currentRequest();
  if (context) Object.assign(context.fields, fields);
}

export function noteUpstream(call: UpstreamCall): void {
  const fields = currentRequest()?.fields;
  if (!fields) return;
  fields.upstreamCalls = (fields.upstreamCalls ?? 0) + 1;
  if ((fields.upstream ??= []).length < UPSTREAM_LISTED) fields.upstream.push(call);
}

/** A wait under a millisecond is the queue's own bookkeeping, not a wait. */
export function noteBudgetWait(ms: number): void {
  const fields = currentRequest()?.fields;
  if (fields && ms >= 1) fields.budgetWaitMs = Math.round((fields.budgetWaitMs ?? 0) + ms);
}

/**
 * Runs `work` as no request's: background work begun while handling one (a timer, a replay
 * that every request asking for it shares) would otherwise be listed on that request's line,
 * and on no other, long after it was written.
 */
export function outsideRequest<T>(work: () => T): T {
  return logging().requests.exit(work);
}

/** Runs `work` as a request of its own: for tests, which have no scripts/server.mjs around them. */
export function withRequest<T>(context: RequestContext, work: () => T): T {
  return logging().requests.run(context, work);
}

/** An error as a log field: name, message, code and stack, never its other properties (an ApiError's details). */
export function errorField(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, ...(typeof code === "string" ? { code } : {}), ...(error.stack ? { stack: error.stack } : {}) };
}

/** Without scripts/server.mjs: JSON lines on stdout, as the script's own in production. */
function ownRoot(): Logger {
  return pino({ level: "info", timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } }, pino.destination({ dest: 1, sync: true }));
}

/** `field` under `depth` objects of any name: `*.*.text`, or `*.*["set-cookie"]` for a name that is not an identifier. */
function redactPath(depth: number, field: string): string {
  const within = Array.from({ length: depth }, () => "*");
  return /^[A-Za-z_$][\w$]*$/.test(field) ? [...within, field].join(".") : `${within.join(".")}["${field}"]`;
}
