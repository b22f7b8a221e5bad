"use client";

import { format } from "date-fns";
import { memo, useState } from "react";

import { CommentBox } from "@/components/comments/comment-box";
import { Initials } from "@/components/comments/mention-picker";
import { AlertDialog, AlertDialogConfirmFooter, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from "@/components/ui/alert-dialog";
import { cn } from "@/components/ui/cn";
import { IconButton } from "@/components/ui/icon-button";
import { LockIcon, PencilIcon, Trash2Icon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Comment } from "@/lib/api/comments";
import { mentionRuns } from "@/lib/client/comments/mention-text";
import { fullTime } from "@/lib/client/format";

/**
 * One internal comment in the conversation's timeline: full width, amber, marked "Internal
 * note" so it never reads as a message the contact saw. Its author may edit it (in place, with
 * the same @mention picker) and delete it; an admin may delete it too (lib/api/comments). The
 * mentioned people's names stand out; `highlighted` marks the one a mention opened.
 */
export const CommentItem = memo(function CommentItem({
  comment,
  canEdit,
  canDelete,
  highlighted,
  pending,
  onSave,
  onDelete,
}: {
  comment: Comment;
  canEdit: boolean;
  canDelete: boolean;
  highlighted: boolean;
  pending: boolean;
  onSave: (comment: Comment, body: string, mentions: string[]) => Promise<boolean>;
  onDelete: (comment: Comment) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const people = comment.mentions.map((m) => ({ id: m.userId, name: m.name }));

  return (
    <article
      id={`comment-${comment.id}`}
      data-comment-id={comment.id}
      aria-label={`Internal comment by ${comment.authorName}, ${fullTime(comment.createdAt)}${comment.editedAt ? ", edited" : ""}`}
      className={cn(
        "group/comment mx-3 my-2 scroll-mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 transition-shadow @lg:mx-4 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50",
        highlighted && "ring-2 ring-amber-500 ring-offset-2 ring-offset-background",
      )}
    >
      <header className="flex items-center gap-2">
        <Initials name={comment.authorName} />
        <span className="min-w-0 truncate font-medium">{comment.authorName}</span>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full whitespace-nowrap bg-amber-200/70 px-1.5 py-px text-[11px] font-medium text-amber-900 dark:bg-amber-800/60 dark:text-amber-100">
          <LockIcon className="size-3" aria-hidden />
          Internal note
        </span>
        <Tooltip>
          <TooltipTrigger asChild>
            <span className="shrink-0 text-xs whitespace-nowrap text-amber-800 dark:text-amber-200">
              <time dateTime={comment.createdAt}>{format(new Date(comment.createdAt), "HH:mm")}</time>
              {comment.editedAt ? " · edited" : null}
            </span>
          </TooltipTrigger>
          <TooltipContent side="bottom">{comment.editedAt ? `${fullTime(comment.createdAt)}, edited ${fullTime(comment.editedAt)}` : fullTime(comment.createdAt)}</TooltipContent>
        </Tooltip>
        <span className="flex-1" />
        {canEdit && !editing ? (
          <IconButton label="Edit comment" onClick={() => setEditing(true)} className="text-amber-900 hover:bg-amber-100 dark:text-amber-100 dark:hover:bg-amber-900/60">
            <PencilIcon aria-hidden />
          </IconButton>
        ) : null}
        {canDelete && !editing ? (
          <IconButton label="Delete comment" onClick={() => setConfirming(true)} className="text-amber-900 hover:bg-amber-100 dark:text-amber-100 dark:hover:bg-amber-900/60">
            <Trash2Icon aria-hidden />
          </IconButton>
        ) : null}
      </header>
      {editing ? (
        <div className="mt-2">
          <CommentBox
            label="Edit the comment"
            initial={comment.body}
            initialMentions={comment.mentions}
            submitLabel="Save"
            pending={pending}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (body, mentions) => {
              const saved = await onSave(comment, body, mentions);
              if (saved) setEditing(false);
              return saved;
            }}
          />
        </div>
      ) : (
        <p className="mt-1 pl-8 break-words whitespace-pre-wrap">
          {mentionRuns(comment.body, people).map((run, i) =>
            run.person ? (
              <span key={i} className="rounded bg-amber-200/80 px-0.5 font-medium text-amber-950 dark:bg-amber-700/60 dark:text-amber-50">
                {run.text}
              </span>
            ) : (
              <span key={i}>{run.text}</span>
            ),
          )}
        </p>
      )}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete this comment?</AlertDialogTitle>
          <AlertDialogDescription>It leaves the conversation for the whole team, and the people it mentions no longer see it in their Mentions.</AlertDialogDescription>
          <AlertDialogConfirmFooter confirmLabel="Delete comment" onConfirm={() => onDelete(comment)} />
        </AlertDialogContent>
      </AlertDialog>
    </article>
  );
});
