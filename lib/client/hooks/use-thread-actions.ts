"use client";

import type { Thread } from "@/lib/api/threads";
import { oneDoneSentence, planBulk, undoPlan, type BulkAction, type BulkOp } from "@/lib/client/list/bulk";
import { useToggleTag, useUpdateContact } from "@/lib/client/mutations/contacts";
import { useMarkRead, useUnreadFor } from "@/lib/client/mutations/reads";
import { useUpdateThread } from "@/lib/client/mutations/threads";
import { toast } from "@/lib/client/stores/toasts";
import { hasRole, useViewer } from "@/lib/client/viewer";

/**
 * One reversible action on one conversation — archive, read, assign, tag, status — from any
 * place that offers it (keys, header, palette, pickers, contact panel). It is planned as the
 * bulk bar plans many (lib/client/list/bulk), so it has the same write to undo it; it shows at
 * once through the optimistic mutations, and once done says so in a toast with Undo, as bulk
 * actions do. Refusals the plan foresees (a member assigning someone else) are said at once.
 */
export function useThreadActions(): (action: BulkAction, thread: Thread) => void {
  const viewer = useViewer();
  const manager = hasRole(viewer, "manager");
  const unreadFor = useUnreadFor();
  const updateThread = useUpdateThread();
  const markRead = useMarkRead();
  const toggleTag = useToggleTag();
  const updateContact = useUpdateContact();

  // Each write's own hook shows it at once, rolls it back and says so if it is refused.
  const perform = (op: BulkOp, label: string): Promise<unknown> => {
    switch (op.kind) {
      case "thread":
        return updateThread.mutateAsync({ threadId: op.threadId, patch: op.patch, label });
      case "read":
        return markRead.mutateAsync({ thread: op.thread, read: op.read });
      case "tag":
        return toggleTag.mutateAsync({ contactId: op.contactId, tagId: op.tagId, add: op.add });
      case "status":
        return updateContact.mutateAsync({ contactId: op.contactId, patch: { status: op.statusId }, label });
    }
  };

  return (action, thread) => {
    const plan = planBulk(action, [thread], { memberId: viewer.memberId, manager, unreadFor });
    const refused = plan.refused[0];
    if (refused) {
      toast({ title: `Couldn't ${failedLabel(action)}`, description: refused.reason, variant: "destructive" });
      return;
    }
    const task = plan.tasks[0];
    if (!task) return;
    const done = oneDoneSentence(action, task.name);
    perform(task.op, failedLabel(action))
      .then(() => {
        const undo = undoPlan([task]).tasks[0];
        toast({
          title: done,
          variant: "success",
          action: undo
            ? {
                label: "Undo",
                onAction: () =>
                  void perform(undo.op, "undo it")
                    .then(() => toast({ title: "Undone", description: done, variant: "success" }))
                    .catch(() => undefined),
              }
            : undefined,
        });
      })
      // The mutation has said what went wrong.
      .catch(() => undefined);
  };
}

/** What failed, after "Couldn't": the same words the mutations use. */
function failedLabel(action: BulkAction): string {
  switch (action.kind) {
    case "archive":
      return action.archived ? "archive it" : "unarchive it";
    case "read":
      return action.read ? "mark it read" : "mark it unread";
    case "assign":
      return action.assigneeId === null ? "unassign it" : `assign it to ${action.assigneeName ?? "them"}`;
    case "tag":
      return action.add ? `add the tag ${action.tagName}` : `remove the tag ${action.tagName}`;
    case "status":
      return action.statusId === null ? "clear the status" : `set the status to ${action.statusName}`;
  }
}
