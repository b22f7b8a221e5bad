"use client";

import { useRouter } from "next/navigation";

import { AvailabilityToggle } from "@/components/routing/availability";
import { ThemeToggle } from "@/components/theme-toggle";
import { PersonAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Hint } from "@/components/ui/hint";
import { KeyboardIcon, LogOutIcon } from "@/components/ui/icons";
import { signOut as endSession } from "@/lib/client/auth";
import { ROLE_LABELS } from "@/lib/client/format";
import { useUiStore } from "@/lib/client/stores/ui";
import { useViewer } from "@/lib/client/viewer";

/** Who is signed in and whether they take new conversations, with the theme, the shortcut sheet and signing out. */
export function UserMenu() {
  const viewer = useViewer();
  const router = useRouter();
  const openShortcuts = useUiStore((s) => s.setShortcutsOpen);

  async function signOut() {
    await endSession();
    router.replace("/login");
    router.refresh();
  }

  return (
    <div className="shrink-0 border-t">
      <div className="px-2 pt-1.5">
        <AvailabilityToggle />
      </div>
      <div className="flex items-center gap-2 px-3 pt-1 pb-2">
        <PersonAvatar name={viewer.name} src={null} className="size-7" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{viewer.name}</p>
          <p className="truncate text-xs text-muted-foreground">{ROLE_LABELS[viewer.role]}</p>
        </div>
        <Hint label="Keyboard shortcuts (?)">
          <Button variant="ghost" size="icon" className="size-8" aria-label="Keyboard shortcuts" onClick={() => openShortcuts(true)}>
            <KeyboardIcon aria-hidden />
          </Button>
        </Hint>
        <ThemeToggle />
        <Hint label="Sign out">
          <Button variant="ghost" size="icon" className="size-8" aria-label="Sign out" onClick={signOut}>
            <LogOutIcon aria-hidden />
          </Button>
        </Hint>
      </div>
    </div>
  );
}
