/**
 * What every page's head says, whichever of Next's routers draws the page: the App Router's
 * (app/layout.tsx) or the Pages Router's login page (pages/login.tsx, lib/login-page).
 */
export const SITE_NAME = "Team Inbox";
export const SITE_DESCRIPTION = "The browser inbox in which a team triages its direct-message conversations across messaging platforms.";
export const TITLE_TEMPLATE = `%s · ${SITE_NAME}`;

export const THEME_COLORS = [
  { media: "(prefers-color-scheme: light)", color: "#f8f9fb" },
  { media: "(prefers-color-scheme: dark)", color: "#0d0e11" },
];

/** next-themes' settings: the theme is a class on <html>, the system's scheme until a person picks one. */
export const THEME_SETTINGS = { attribute: "class", defaultTheme: "system", enableSystem: true, disableTransitionOnChange: true } as const;
