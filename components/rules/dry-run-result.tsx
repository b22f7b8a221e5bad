"use client";

import Link from "next/link";

import type { DryRunAnswer } from "@/lib/api/rules";
import { listTime } from "@/lib/client/format";

/** What a dry run found: how many recent conversations it looked at, and the ones the rule would match. */
export function DryRunResult({ answer }: { answer: DryRunAnswer }) {
  const { looked, matched } = answer;
  return (
    <section aria-label="Dry run" className="rounded-md border bg-muted/30 p-3 text-sm">
      <p className="font-medium" role="status">
        {matched.length === 0
          ? `No match among the ${looked} most recent conversations.`
          : `Would have matched ${matched.length} of the ${looked} most recent conversations.`}
      </p>
      {matched.length ? (
        <ul className="mt-2 max-h-48 divide-y overflow-y-auto rounded border bg-card">
          {matched.slice(0, 50).map((m) => (
            <li key={m.threadId} className="flex items-baseline gap-2 px-2 py-1.5">
              <Link href={`/?folder=all&thread=${m.threadId}`} className="shrink-0 font-medium hover:underline">
                {m.contactName ?? "Unknown contact"}
              </Link>
              <span className="min-w-0 flex-1 truncate text-muted-foreground">{m.preview ?? "No text"}</span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{listTime(m.at)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-xs text-muted-foreground">The dry run looks at each conversation as it is now, with its latest message as the text; it changes nothing.</p>
    </section>
  );
}
