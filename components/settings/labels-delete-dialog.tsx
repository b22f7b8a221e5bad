"use client";

import { LoaderCircleIcon } from "lucide-react";
import { AlertDialog } from "radix-ui";

import { Button } from "@/components/ui/button";
import { deleteQuestion, usageSentence, type LabelKind, type LabelUsage } from "@/lib/client/label-form";

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
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-popover p-6 text-popover-foreground shadow-lg outline-none data-[state=closed]:animate-exit data-[state=open]:animate-enter sm:max-w-md"
        >
          <AlertDialog.Title className="text-lg leading-snug font-semibold">{deleteQuestion(kind, name)}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="space-y-2 text-sm text-muted-foreground">
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
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={onConfirm}>
                Delete {kind === "tag" ? "tag" : "status"}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
