"use client";

import { cn } from "@/components/ui/cn";

/**
 * A person's or account's picture over their initials: the initials show while it loads, when it
 * fails, or when there is none.
 *
 * Plain markup, no state: the picture is an `<img>` laid over the initials, which the browser
 * draws as soon as it has it. radix-ui's Avatar held the initials in React state until its own
 * `Image()` said "loaded", even for a picture already in the cache: every avatar that mounted
 * (a thread opened, rows scrolled in) drew once more a few milliseconds later, a second render
 * and layout in the frames that answer the click (issue 18). The server's HTML carries the
 * picture too, where radix drew initials until hydration.
 */
export function PersonAvatar({ name, src, className }: { name: string; src: string | null | undefined; className?: string }) {
  return (
    <span
      data-slot="avatar"
      className={cn(
        "relative flex size-8 shrink-0 overflow-hidden rounded-full",
        // A loaded picture hides the initials (one with transparent parts would show them through);
        // a failed one is hidden, the initials stay.
        "[&:has(>img[data-loaded])>[data-slot=avatar-fallback]]:invisible [&>img[data-failed]]:hidden",
        className,
      )}
    >
      <span
        aria-hidden
        data-slot="avatar-fallback"
        className="flex size-full items-center justify-center rounded-full bg-muted text-xs font-medium text-muted-foreground"
      >
        {initials(name)}
      </span>
      {src ? (
        // Keyed by the address: a new picture (the header follows the open thread) starts unloaded.
        // eslint-disable-next-line @next/next/no-img-element -- avatars come from the platforms' CDNs at any size; next/image would proxy them
        <img
          key={src}
          src={src}
          alt=""
          data-slot="avatar-image"
          ref={markIfLoaded}
          onLoad={(event) => markLoaded(event.currentTarget)}
          onError={(event) => event.currentTarget.setAttribute("data-failed", "")}
          className="absolute inset-0 aspect-square size-full object-cover"
        />
      ) : null}
    </span>
  );
}

// Attributes set on the element itself, not state: a load re-renders nothing, and React leaves
// attributes its props do not name alone.
function markLoaded(img: HTMLImageElement) {
  img.setAttribute("data-loaded", "");
}

/** A picture loaded before React listened (the server's HTML, hydrated after the image came). */
function markIfLoaded(img: HTMLImageElement | null) {
  if (img?.complete && img.naturalWidth > 0) markLoaded(img);
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0]!.replace(/^@/, "");
  const last = words.length > 1 ? words.at(-1)! : "";
  return `${first[0] ?? ""}${last[0] ?? ""}`.toUpperCase() || "?";
}
