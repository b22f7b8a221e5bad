"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Kbd } from "@/components/ui/kbd";
import { SHORTCUTS, type Shortcut } from "@/lib/client/shortcuts";
import { useUiStore } from "@/lib/client/stores/ui";

const GROUPS: Shortcut["group"][] = ["Move", "Select", "Act", "Go to", "Show"];

/** Every keyboard shortcut, grouped, from the one list the shell binds (`?`). */
export function ShortcutSheet() {
  const open = useUiStore((s) => s.shortcutsOpen);
  const setOpen = useUiStore((s) => s.setShortcutsOpen);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Everything in the inbox can be done from the keyboard.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          {GROUPS.map((group) => (
            <section key={group} aria-labelledby={`shortcuts-${group}`}>
              <h3 id={`shortcuts-${group}`} className="mb-2 text-xs font-medium text-muted-foreground">
                {group}
              </h3>
              <dl className="flex flex-col gap-1.5">
                {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                  <div key={s.id} className="flex items-center justify-between gap-4 text-sm">
                    <dt>{s.label}</dt>
                    <dd className="flex items-center gap-1">
                      {s.display.map((key, i) => (
                        <Kbd key={i}>{key}</Kbd>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
