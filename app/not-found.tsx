import type { Metadata } from "next";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import { ArrowLeftIcon, CompassIcon } from "@/components/ui/icons";

export const metadata: Metadata = {
  title: "Page not found",
};

export default function NotFound() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10 sm:px-6">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center text-card-foreground shadow-sm">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
          <CompassIcon className="size-6" aria-hidden />
        </span>
        <p className="mt-5 text-sm font-medium text-primary">Error 404</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Page not found</h1>
        <p className="mt-3 leading-relaxed text-pretty text-muted-foreground">
          There is nothing at this address. The link may be mistyped, or the page may have moved.
        </p>
        <Button asChild className="mt-6">
          <Link href="/">
            <ArrowLeftIcon aria-hidden />
            Back to the inbox
          </Link>
        </Button>
      </div>
    </main>
  );
}
