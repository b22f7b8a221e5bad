
import { ToastDemoButton } from "@/components/start/toast-demo-button";
import { ThemeToggle } from "@/components/theme-toggle";
import { BlocksIcon, InboxIcon, LayersIcon, SunMoonIcon, type IconComponent } from "@/components/ui/icons";

const features: { title: string; description: string; Icon: IconComponent }[] = [
  {
    title: "Foundations",
    description: "Next.js App Router, React 19 and Tailwind 4, with TanStack Query for server state and zustand for UI state.",
    Icon: LayersIcon,
  },
  {
    title: "Accessible building blocks",
    description: "Buttons, dialogs, menus, selects, popovers, tooltips and toasts on Radix, usable by keyboard and screen reader.",
    Icon: BlocksIcon,
  },
  {
    title: "Light and dark themes",
    description: "Follows your system by default; pick a theme any time from the menu in the corner.",
    Icon: SunMoonIcon,
  },
];

/** The start page's content: what the product is and what this build already has. */
export function StartCard() {
  return (
    <section
      aria-labelledby="start-title"
      className="w-full max-w-xl rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <header className="flex items-start justify-between gap-4 px-5 pt-6 sm:px-8 sm:pt-8">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary text-primary-foreground shadow-xs">
            <InboxIcon className="size-5" aria-hidden />
          </span>
          <h1 id="start-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Team Inbox
          </h1>
        </div>
        <ThemeToggle />
      </header>

      <div className="px-5 pt-4 pb-6 sm:px-8 sm:pb-8">
        <p className="text-base leading-relaxed text-pretty text-muted-foreground">
          One shared inbox where your team triages direct-message conversations from every messaging platform: assign
          threads, reply together and keep every customer moving.
        </p>

        <section aria-labelledby="whats-here" className="mt-8">
          <h2 id="whats-here" className="text-sm font-semibold">
            What&rsquo;s here
          </h2>
          <ul className="mt-3 divide-y rounded-lg border">
            {features.map(({ title, description, Icon }) => (
              <li key={title} className="flex gap-3 p-4">
                <span className="grid size-8 shrink-0 place-items-center rounded-md bg-accent text-accent-foreground">
                  <Icon className="size-4" aria-hidden />
                </span>
                <div className="min-w-0">
                  <h3 className="text-sm font-medium">{title}</h3>
                  <p className="mt-0.5 text-sm leading-relaxed text-muted-foreground">{description}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <footer className="flex flex-col gap-3 border-t px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <p className="text-sm text-muted-foreground">Next up: the inbox itself, on demo data.</p>
        <ToastDemoButton />
      </footer>
    </section>
  );
}
