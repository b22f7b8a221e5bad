/**
 * A day's heading in the history: a hairline with the day's name on it. The name stays at the
 * top of the view while that day scrolls by; the line stays with the day's first message.
 */
export function DaySeparator({ label, dateTime }: { label: string; dateTime: string }) {
  return (
    <>
      <span aria-hidden className="absolute inset-x-4 top-[1.1875rem] h-px bg-border" />
      <div className="pointer-events-none sticky top-0 z-10 flex justify-center py-2">
        <time
          dateTime={dateTime}
          className="rounded-full border bg-background/90 px-2.5 py-0.5 text-[0.6875rem] font-medium text-muted-foreground shadow-xs backdrop-blur-sm"
        >
          {label}
        </time>
      </div>
    </>
  );
}
