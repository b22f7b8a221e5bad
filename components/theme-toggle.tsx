"use client";

import { Button } from "@/components/ui/button";
import { MoonIcon, SunIcon } from "@/components/ui/icons";
import { later } from "@/components/ui/later";
import { LaterMenu } from "@/components/ui/later-menu";

const themeMenu = later(() => import("./theme-menu").then((m) => m.ThemeMenu));

/**
 * Light / dark / system menu (./theme-menu, fetched when the page is first used). The trigger
 * picks its icon with the `dark:` variant rather than from `useTheme()`, so the server render
 * and hydration always agree.
 */
export function ThemeToggle() {
  return (
    <LaterMenu
      menu={themeMenu}
      props={{}}
      trigger={
        <Button variant="outline" size="icon" aria-label="Change theme">
          <SunIcon className="dark:hidden" aria-hidden />
          <MoonIcon className="hidden dark:block" aria-hidden />
        </Button>
      }
    />
  );
}
