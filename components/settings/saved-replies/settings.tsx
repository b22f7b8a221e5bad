"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";

import { SavedReplyEditor, type EditorTarget } from "@/components/settings/saved-replies/editor-dialog";
import { LockedNote, SettingsHeader } from "@/components/settings/settings-shell";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogConfirmFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { PencilIcon, PlusIcon, Trash2Icon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { canEditSavedReply, TEAM_LIBRARY_REFUSAL, type SavedReply, type SavedReplyScope } from "@/lib/api/saved-replies";
import { errorMessage, toastError } from "@/lib/client/errors";
import { useSavedReplyMutations } from "@/lib/client/mutations/saved-replies";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { useViewer } from "@/lib/client/viewer";

/**
 * Settings › Saved replies: the team's library, which everyone inserts and managers and admins
 * change, and the member's own. The BFF refuses members' changes to the team's library
 * whatever this page shows.
 */
export function SavedRepliesSettings() {
  const viewer = useViewer();
  const replies = useQuery(inboxQueries.savedReplies());
  const { remove } = useSavedReplyMutations();
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const teamEditable = canEditSavedReply(viewer, { scope: "team" });

  return (
    <>
      <SettingsHeader
        title="Saved replies"
        description="Answers to common questions, inserted in a reply by typing ; or / and their shortcut, or from the command palette. Variables such as {first-name} are filled in for each conversation."
      />
      {teamEditable ? null : (
        <LockedNote>{TEAM_LIBRARY_REFUSAL} You can use them all, and keep personal replies of your own below.</LockedNote>
      )}
      <div className="space-y-10">
        {(["team", "personal"] as const).map((scope) => (
          <ReplySection
            key={scope}
            scope={scope}
            replies={replies.data?.filter((reply) => reply.scope === scope)}
            loadError={replies.error}
            canEdit={canEditSavedReply(viewer, { scope })}
            onRetry={() => void replies.refetch()}
            onCreate={() => setEditing({ mode: "create", scope })}
            onEdit={(reply) => setEditing({ mode: "edit", reply })}
            onDelete={setDeleting}
          />
        ))}
      </div>
      <SavedReplyEditor target={editing} memberName={viewer.name} onClose={() => setEditing(null)} />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete “{deleting?.name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            {deleting?.scope === "team" ? "Nobody on the team will be able to insert it any more." : "You will no longer be able to insert it."} This can&apos;t be undone.
          </AlertDialogDescription>
          <AlertDialogConfirmFooter confirmLabel="Delete reply" onConfirm={() => deleting && remove.mutate(deleting.id, { onError: (error) => toastError("Couldn't delete the saved reply", error) })} />
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function ReplySection({
  scope,
  replies,
  loadError,
  canEdit,
  onRetry,
  onCreate,
  onEdit,
  onDelete,
}: {
  scope: SavedReplyScope;
  /** Undefined while loading. */
  replies: SavedReply[] | undefined;
  loadError: unknown;
  canEdit: boolean;
  onRetry: () => void;
  onCreate: () => void;
  onEdit: (reply: SavedReply) => void;
  onDelete: (reply: SavedReply) => void;
}) {
  const id = useId();
  const title = scope === "team" ? "Team library" : "Your replies";
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <div className="flex items-baseline gap-2">
            <h2 id={`${id}-heading`} className="text-base font-semibold">
              {title}
            </h2>
            {replies ? <span className="text-sm text-muted-foreground tabular-nums">{replies.length}</span> : null}
          </div>
          <p className="mt-0.5 text-sm text-muted-foreground">{scope === "team" ? "Shared with everyone on the team." : "Only you see these."}</p>
        </div>
        {canEdit ? (
          <Button size="sm" onClick={onCreate}>
            <PlusIcon aria-hidden />
            {scope === "team" ? "New team reply" : "New personal reply"}
          </Button>
        ) : null}
      </div>
      {replies ? (
        replies.length === 0 ? (
          <div className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            <p className="font-medium text-foreground">{scope === "team" ? "No team replies yet" : "No personal replies yet"}</p>
            <p className="mt-1">
              {canEdit
                ? "Add one for a question you answer often, such as pricing or opening hours."
                : "Managers can add replies for the whole team; ask one if you need one."}
            </p>
          </div>
        ) : (
          <ul aria-label={title} className="divide-y rounded-lg border bg-card">
            {replies.map((reply) => (
              <li key={reply.id} className="flex items-start gap-3 px-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="font-medium">{reply.name}</span>
                    <span className="font-mono text-xs text-muted-foreground">;{reply.shortcut}</span>
                  </p>
                  <p className="mt-0.5 line-clamp-2 text-sm whitespace-pre-wrap text-muted-foreground">{reply.body}</p>
                </div>
                {canEdit ? (
                  <div className="flex shrink-0 gap-1">
                    <IconButton label={`Edit ${reply.name}`} onClick={() => onEdit(reply)}>
                      <PencilIcon aria-hidden />
                    </IconButton>
                    <IconButton label={`Delete ${reply.name}`} onClick={() => onDelete(reply)}>
                      <Trash2Icon aria-hidden />
                    </IconButton>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : loadError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm">
          <p>
            <span className="font-medium">We couldn&apos;t load the saved replies.</span> {errorMessage(loadError)}
          </p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        <div aria-busy="true" aria-label="Loading saved replies" role="status" className="divide-y rounded-lg border bg-card">
          {[40, 28, 34].map((width, i) => (
            <div key={i} className="flex h-14 items-center gap-3 px-3">
              <Skeleton className="h-4" style={{ width: `${width}%` }} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
