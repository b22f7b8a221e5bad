"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";

import { LabelCreateForm } from "@/components/settings/labels/create-form";
import { LabelDeleteDialog } from "@/components/settings/labels/delete-dialog";
import { LabelRow } from "@/components/settings/labels/row";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { Color } from "@/lib/api/labels";
import { errorMessage } from "@/lib/client/errors";
import { movedPosition, type LabelKind } from "@/lib/client/settings/label-form";
import { useCreateLabel, useDeleteLabel, useUpdateLabel, type Label } from "@/lib/client/mutations/labels";
import { labelUsageQuery } from "@/lib/client/queries/labels";

/**
 * One kind of label — tags or statuses — as a section: heading, the new-label form for
 * managers, and the list. Holds which row is being renamed or deleted.
 */
export function LabelSection({
  kind,
  title,
  description,
  labels,
  loadError,
  colors,
  canEdit,
  onRetry,
}: {
  kind: LabelKind;
  title: string;
  description: string;
  /** In display order (statuses: the pipeline's); undefined while loading. */
  labels: readonly Label[] | undefined;
  loadError: unknown;
  colors: readonly Color[] | undefined;
  canEdit: boolean;
  onRetry: () => void;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ label: Label; open: boolean } | null>(null);
  const deleted = useRef(false);
  // Opened from a row rather than a radix Trigger, so radix doesn't know where to return focus.
  const returnFocus = useRef<HTMLElement | null>(null);
  const focusAfterMove = useRef<{ labelId: string; step: -1 | 1 } | null>(null);

  const create = useCreateLabel(kind);
  const update = useUpdateLabel(kind);
  const remove = useDeleteLabel(kind);
  const usage = useQuery({ ...labelUsageQuery(kind, deleting?.label.id ?? ""), enabled: !!deleting?.open });

  const pipeline = kind === "status";
  const moveButtonId = (labelId: string, step: -1 | 1) => `${id}-${labelId}-${step < 0 ? "up" : "down"}`;

  // A moved row is re-rendered in its new place: keep focus on the button that moved it, or
  // on its other move button once it reaches an end of the pipeline.
  useEffect(() => {
    if (!focusAfterMove.current) return;
    const { labelId, step } = focusAfterMove.current;
    focusAfterMove.current = null;
    const same = document.getElementById(moveButtonId(labelId, step));
    const other = document.getElementById(moveButtonId(labelId, step < 0 ? 1 : -1));
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : other;
    if (target && document.activeElement !== target) target.focus();
    // moveButtonId depends only on the stable useId; the list changing is what moved the row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labels]);

  const count = labels?.length ?? 0;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <div>
        <div className="flex items-baseline gap-2">
          <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
            {title}
          </h2>
          {labels ? <span className="text-sm text-muted-foreground tabular-nums">{count}</span> : null}
        </div>
        <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
      </div>

      {canEdit ? (
        <LabelCreateForm
          kind={kind}
          existing={labels}
          colors={colors}
          onCreate={(body) => create.mutateAsync(pipeline ? body : { name: body.name, color: body.color })}
        />
      ) : null}

      {labels ? (
        labels.length === 0 ? (
          <div className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            {kind === "tag" ? (
              <>
                <p className="font-medium text-foreground">No tags yet</p>
                <p className="mt-1">
                  {canEdit
                    ? "Add one above to label contacts, such as “VIP” or “Partner”. A contact can carry several."
                    : "Managers can add tags to label contacts; ask one if you need one."}
                </p>
              </>
            ) : (
              <>
                <p className="font-medium text-foreground">No statuses yet</p>
                <p className="mt-1">
                  {canEdit
                    ? "Add the stages of your pipeline above, in order, such as “Lead”, “Qualified” and “Won”."
                    : "Managers can set up the pipeline's stages; ask one if you need them."}
                </p>
              </>
            )}
          </div>
        ) : (
          <ul aria-label={title} className="divide-y rounded-lg border bg-card">
            {labels.map((label, index) => (
              <LabelRow
                key={label.id}
                kind={kind}
                label={label}
                colors={colors}
                existing={labels}
                canEdit={canEdit}
                renaming={renamingId === label.id}
                move={
                  pipeline
                    ? {
                        index,
                        count,
                        buttonId: (step) => moveButtonId(label.id, step),
                        onMove: (step) => {
                          const position = movedPosition(labels, label.id, step);
                          if (position === null) return;
                          focusAfterMove.current = { labelId: label.id, step };
                          update.mutate({ label, patch: { position } });
                        },
                      }
                    : undefined
                }
                onStartRename={() => setRenamingId(label.id)}
                onEndRename={() => setRenamingId((current) => (current === label.id ? null : current))}
                onRename={(name) => update.mutateAsync({ label, patch: { name }, inline: true })}
                onRecolor={(color) => update.mutate({ label, patch: { color } })}
                onDelete={() => {
                  deleted.current = false;
                  returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
                  setDeleting({ label, open: true });
                }}
              />
            ))}
          </ul>
        )
      ) : loadError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm">
          <p>
            <span className="font-medium">We couldn&apos;t load the {kind === "tag" ? "tags" : "statuses"}.</span> {errorMessage(loadError)}
          </p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        <div aria-busy="true" aria-label={`Loading ${kind === "tag" ? "tags" : "statuses"}`} role="status" className="divide-y rounded-lg border bg-card">
          {[40, 28, 34, 24].map((width, i) => (
            <div key={i} className="flex h-12 items-center gap-3 px-3">
              <Skeleton className="size-3.5 rounded-full" />
              <Skeleton className="h-4" style={{ width: `${width}%` }} />
            </div>
          ))}
        </div>
      )}

      {deleting ? (
        <LabelDeleteDialog
          kind={kind}
          name={deleting.label.name}
          open={deleting.open}
          usage={usage.data ? { state: "counted", usage: usage.data } : usage.isError ? { state: "failed" } : { state: "counting" }}
          onOpenChange={(open) => setDeleting((current) => (current ? { ...current, open } : current))}
          onConfirm={() => {
            deleted.current = true;
            remove.mutate({ label: deleting.label });
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Once deleted, the row and its button are gone: land on the section, not the page's top.
            if (deleted.current || !returnFocus.current?.isConnected) headingRef.current?.focus();
            else returnFocus.current.focus();
            returnFocus.current = null;
            setDeleting(null);
          }}
        />
      ) : null}
    </section>
  );
}
