"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { RotateCwIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/client/errors";

/**
 * A pane's read, in its three states: a skeleton while it loads (announced as "Loading …"), the
 * error's sentence with Try again when it failed, else the pane itself.
 */
export function QueryState<T>({
  query,
  loading,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  /** What loads, completing "Loading …": "the platforms". */
  loading: string;
  /** The pane's shape while it loads; three full-width bars by default. */
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${loading}`} className="grid gap-2">
        {skeleton ?? (
          <>
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-4/5" />
          </>
        )}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        {errorMessage(query.error)}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return children(query.data);
}

/** A whole pane's read that failed: what could not be done, the error's sentence, and Try again. */
export function PaneError({ title, error, onRetry, className = "p-8" }: { title: string; error: unknown; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={`flex flex-col items-center justify-center gap-3 text-center ${className}`}>
      <p className="text-sm font-medium">{title}</p>
      <p className="max-w-72 text-sm text-muted-foreground">{errorMessage(error)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCwIcon aria-hidden />
        Try again
      </Button>
    </div>
  );
}
