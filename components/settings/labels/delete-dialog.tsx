"use client";

import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogConfirmFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { LoaderCircleIcon } from "@/components/ui/icons";
import { deleteQuestion, usageSentence, type LabelKind, type LabelUsage } from "@/lib/client/settings/label-form";

/**
 * The confirmation before deleting a tag or status, saying how many contacts carry it. The
 * count arrives a moment after the dialog opens; deleting need not wait for it.
 */
export function LabelDeleteDialog({
  kind,
  name,
  open,
  usage,
  onOpenChange,
  onConfirm,
  onCloseAutoFocus,
}: {
  kind: LabelKind;
  /** The label's name; kept while the dialog animates out. */
  name: string;
  open: boolean;
  usage: { state: "counting" } | { state: "failed" } | { state: "counted"; usage: LabelUsage };
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>{deleteQuestion(kind, name)}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="space-y-2">
            <p aria-live="polite" aria-busy={usage.state === "counting"}>
              {usage.state === "counting" ? (
                <span className="inline-flex items-center gap-1.5">
                  <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden />
                  Counting the contacts that {kind === "tag" ? "carry it" : "are at this stage"}…
                </span>
              ) : usage.state === "failed" ? (
                `We couldn't count the contacts that ${kind === "tag" ? "carry it" : "are at this stage"}.`
              ) : (
                usageSentence(kind, usage.usage)
              )}
            </p>
            <p>This can&apos;t be undone.</p>
          </div>
        </AlertDialogDescription>
        <AlertDialogConfirmFooter confirmLabel={`Delete ${kind === "tag" ? "tag" : "status"}`} onConfirm={onConfirm} />
      </AlertDialogContent>
    </AlertDialog>
  );
}
