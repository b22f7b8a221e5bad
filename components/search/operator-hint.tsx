import { OPERATOR_HINTS } from "@/lib/client/search/query-words";

/** The filters message search understands, as examples to copy. */
export function OperatorHint() {
  return (
    <p className="shrink-0 border-b px-3 py-1.5 text-[0.6875rem] leading-5 text-muted-foreground">
      <span className="mr-1">Narrow it with</span>
      {OPERATOR_HINTS.map((hint, i) => (
        <span key={hint.example} title={hint.meaning}>
          <code className="rounded bg-muted px-1 font-mono text-foreground/80">{hint.example}</code>
          {i < OPERATOR_HINTS.length - 1 ? " " : ""}
        </span>
      ))}
      <span className="sr-only">: sent by, contact&apos;s tag, contact&apos;s status, unread for you, and dates as year-month-day.</span>
    </p>
  );
}
