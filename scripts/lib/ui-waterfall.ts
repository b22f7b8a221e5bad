import type { Page, Request } from "@playwright/test";
import type { Readable } from "node:stream";
import { createInterface } from "node:readline";

/**
 * The network waterfall of one interaction, for `npm run bench:ui -- --waterfall`: every request
 * the page made from the input until it settled, when each started and ended (Playwright's
 * Resource Timing of the request), and the server's own time for it, from the request line the
 * inbox writes on stdout (pino JSON: `durationMs`, `route`, `upstream` calls), matched by the
 * `x-request-id` header of the response.
 */
export type ServerLine = { requestId: string; path: string; status: number; durationMs: number; route?: string; upstream?: { endpoint: string; status: unknown; durationMs: number }[]; budgetWaitMs?: number };

/** Keeps the server's request lines by request ID (the last few thousand). */
export function serverLines(stdout: Readable): Map<string, ServerLine> {
  const lines = new Map<string, ServerLine>();
  createInterface({ input: stdout }).on("line", (text) => {
    if (!text.startsWith("{")) return;
    try {
      const line = JSON.parse(text) as Partial<ServerLine>;
      if (typeof line.requestId !== "string" || typeof line.durationMs !== "number") return;
      lines.set(line.requestId, line as ServerLine);
      // An answer relayed from the API carries the API's request ID, which the line lists per upstream call.
      for (const call of (line as { upstream?: { requestId?: string | null }[] }).upstream ?? []) if (call.requestId) lines.set(call.requestId, line as ServerLine);
      if (lines.size > 5_000) lines.delete(lines.keys().next().value!);
    } catch {
      // not a JSON line
    }
  });
  return lines;
}

type Entry = { request: Request; requestId: string | null };

/** Starts recording the page's requests; `stop()` answers them with their timings. */
export function recordRequests(page: Page) {
  const entries: Entry[] = [];
  const ids = new Map<Request, string | null>();
  const onRequest = (request: Request) => {
    entries.push({ request, requestId: null });
  };
  const onResponse = (response: Awaited<ReturnType<Request["response"]>>) => {
    if (response) ids.set(response.request(), response.headers()["x-request-id"] ?? null);
  };
  page.on("request", onRequest);
  page.on("response", onResponse);
  return {
    stop: () => {
      page.off("request", onRequest);
      page.off("response", onResponse);
      return entries.map((e) => ({ ...e, requestId: ids.get(e.request) ?? null }));
    },
  };
}

/**
 * The waterfall as lines of text: offset from the input, duration, a bar, the time the request
 * waited in the browser before it was sent (a free connection: HTTP/1.1 allows six per host), the
 * server's own time for it, and when the result was shown (`shownMs`).
 */
export function formatWaterfall(entries: Entry[], shown: { at: number; ms: number; longTasks: number[] }, server: Map<string, ServerLine>): string[] {
  const inputAt = shown.at;
  const rows = entries
    .map(({ request, requestId }) => {
      const timing = request.timing();
      const start = timing.startTime - inputAt;
      const duration = timing.responseEnd >= 0 ? timing.responseEnd : NaN;
      const url = new URL(request.url());
      const queued = timing.requestStart >= 0 ? timing.requestStart : NaN;
      const what = `${request.method()} ${url.pathname}${url.search.length > 60 ? url.search.slice(0, 57) + "…" : url.search}`;
      return { what, type: request.resourceType(), start, duration, queued, line: requestId ? server.get(requestId) : undefined };
    })
    .sort((a, b) => a.start - b.start);
  const end = Math.max(1, ...rows.map((r) => r.start + (Number.isNaN(r.duration) ? 0 : r.duration)));
  const scale = 40 / end;
  const busy = shown.longTasks.reduce((sum, ms) => sum + ms, 0);
  const out = [
    `waterfall of one first-visit thread open, shown after ${shown.ms.toFixed(0)} ms: ${rows.length} requests (ms from the pointerdown; bar = in flight)`,
    `  the page's main thread meanwhile: ${shown.longTasks.length} long tasks, ${busy.toFixed(0)} ms (${shown.longTasks.map((ms) => ms.toFixed(0)).join(", ") || "none"})`,
  ];
  for (const r of rows) {
    const from = Math.max(0, Math.round(r.start * scale));
    const width = Number.isNaN(r.duration) ? 1 : Math.max(1, Math.round(r.duration * scale));
    const bar = " ".repeat(from) + "█".repeat(width);
    const server = r.line
      ? ` server ${r.line.durationMs} ms${r.line.route ? ` (${r.line.route})` : ""}${(r.line.upstream ?? []).map((u) => `, upstream ${u.endpoint} ${u.durationMs} ms`).join("")}${r.line.budgetWaitMs ? `, budget wait ${r.line.budgetWaitMs} ms` : ""}`
      : "";
    const duration = Number.isNaN(r.duration) ? "open" : `${r.duration.toFixed(0)} ms`;
    const queued = Number.isNaN(r.queued) ? "" : ` waited ${r.queued.toFixed(0)} ms to be sent,`;
    out.push(`  +${r.start.toFixed(0).padStart(4)} ms ${duration.padStart(7)} ${bar.padEnd(42)} ${r.type} ${r.what}${queued}${server}`);
  }
  return out;
}
