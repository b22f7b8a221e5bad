import type { SnippetPart } from "@/lib/api/search";

/** A hit's text around the match, the matched words marked; plain text only, never HTML. */
export function Snippet({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-foreground dark:bg-amber-400/30">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
