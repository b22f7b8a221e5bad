

import { Button } from "@/components/ui/button";
import { ArrowUpIcon } from "@/components/ui/icons";
import { Kbd } from "@/components/ui/kbd";

/**
 * "N updated": changes held back so the list stays still (lib/client/list/stable-list), applied
 * with a click or `.`. It sits in the list's header, beside the title: never over a row.
 */
export function UpdatesPill({ count, onApply }: { count: number; onApply: () => void }) {
  if (count === 0) return null;
  return (
    <Button size="sm" className="h-7 shrink-0 gap-1 rounded-full px-2.5 text-xs shadow-sm" onClick={onApply} data-testid="updates-pill">
      <ArrowUpIcon aria-hidden />
      {count} updated
      <Kbd hint className="border-primary-foreground/30 bg-primary-foreground/15 text-primary-foreground">.</Kbd>
    </Button>
  );
}
