"use client";

import { CommentItem } from "@/components/comments/comment-item";
import type { Comment } from "@/lib/api/comments";
import { useDeleteComment, useEditComment } from "@/lib/client/mutations/comments";
import { hasRole, useViewer } from "@/lib/client/viewer";

/** A comment of the open thread, wired to its edit and delete by the rules of lib/api/comments: edit the author's, delete the author's or an admin's. */
export function ThreadComment({ comment, highlighted }: { comment: Comment; highlighted: boolean }) {
  const viewer = useViewer();
  const edit = useEditComment(comment.threadId);
  const remove = useDeleteComment(comment.threadId);
  const mine = comment.authorId === viewer.userId;
  return (
    <CommentItem
      comment={comment}
      canEdit={mine}
      canDelete={mine || hasRole(viewer, "admin")}
      highlighted={highlighted}
      pending={edit.isPending}
      onSave={(c, body, mentions) => edit.mutateAsync({ commentId: c.id, body, mentions }).then(
        () => true,
        () => false,
      )}
      onDelete={(c) => remove.mutate(c.id)}
    />
  );
}
