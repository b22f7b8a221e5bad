
import { cn } from "@/components/ui/cn";

const STATUS: Record<string, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-emerald-500" },
  offline: { label: "Offline", className: "bg-zinc-400 dark:bg-zinc-500" },
  paused: { label: "Paused", className: "bg-amber-500" },
};

/** An account link's status as a coloured dot with its name for screen readers; unknown statuses read as they are. */
export function AccountStatusDot({ status, className }: { status: string; className?: string }) {
  const known = STATUS[status] ?? { label: status, className: "bg-zinc-400" };
  return (
    <span className={cn("inline-flex items-center", className)}>
      <span className={cn("size-2 rounded-full", known.className)} aria-hidden />
      <span className="sr-only">{known.label}</span>
    </span>
  );
}

export function accountStatusLabel(status: string): string {
  return STATUS[status]?.label ?? status;
}
