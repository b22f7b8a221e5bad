"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { ThreadHeader } from "@/components/thread/thread-header";
import { checkCapability } from "@/lib/api/capabilities";
import type { Thread } from "@/lib/api/threads";
import { api } from "@/lib/client/api";
import { capabilityReason } from "@/lib/client/capability-reasons";
import { assigneeSplit, splitSentence } from "@/lib/client/contact/assignees";
import { toastError } from "@/lib/client/errors";
import { useThreadActions } from "@/lib/client/hooks/use-thread-actions";
import { useUnreadFor } from "@/lib/client/mutations/reads";
import { useUpdateThread } from "@/lib/client/mutations/threads";
import { teamQueries } from "@/lib/client/queries/team";
import { threadQueries } from "@/lib/client/queries/threads";
import { useDraftsStore } from "@/lib/client/stores/drafts";
import { outboxStore } from "@/lib/client/stores/outbox";
import { toast } from "@/lib/client/stores/toasts";
import { useUiStore } from "@/lib/client/stores/ui";
import { forgetThread } from "@/lib/client/thread/forget-thread";
import { useThreadAccount } from "@/lib/client/thread/use-thread-account";
import { hasRole, useViewer } from "@/lib/client/viewer";

/**
 * The open conversation's header, wired to the caches: who and where, and the thread's actions
 * (archive, snooze, read, assign, typing indicators, delete, the contact panel). It is not drawn
 * anew for each thread opened, only updated: opening a thread mounts its history, not its header.
 */
export function OpenThreadHeader({ thread, onBack, onLeave, onShowContact }: { thread: Thread; onBack?: () => void; onLeave: () => void; onShowContact?: () => void }) {
  const viewer = useViewer();
  const members = useQuery(teamQueries.members());
  const contactPanelOpen = useUiStore((s) => s.contactPanelOpen);
  const toggleContactPanel = useUiStore((s) => s.toggleContactPanel);
  const setPicker = useUiStore((s) => s.setPicker);
  const updateThread = useUpdateThread();
  const act = useThreadActions();
  const unread = useUnreadFor()(thread);
  const deleteThread = useDeleteThread(onLeave);
  const { accountLink, platform, platformName } = useThreadAccount(thread);

  const assignee = thread.assigneeId ? members.data?.find((m) => m.id === thread.assigneeId) : undefined;
  const split = thread.contact ? assigneeSplit(thread, thread.contact.assigneeId) : null;
  const assigneeNote = split ? splitSentence(split, (id) => members.data?.find((m) => m.id === id)?.name ?? "a former member") : null;
  const context = accountLink ? { accountLink, thread, platform } : null;
  const typingCheck = context ? checkCapability("thread:typing", context) : null;
  // As the API decides it: the account, the platform and this thread's restrictions, right now.
  const deletesOnPlatform = context !== null && checkCapability("thread:delete", context).allowed;

  return (
    <ThreadHeader
      thread={thread}
      accountLink={accountLink}
      platformName={platformName}
      assignee={assignee}
      assigneeNote={assigneeNote}
      canManage={hasRole(viewer, "manager")}
      typingNote={typingCheck ? capabilityReason(typingCheck, "send typing indicators") : null}
      deletesOnPlatform={deletesOnPlatform}
      contactShown={onShowContact ? false : contactPanelOpen}
      onBack={onBack}
      onToggleContact={onShowContact ?? toggleContactPanel}
      onArchive={() => act({ kind: "archive", archived: !thread.archived }, thread)}
      unread={unread}
      onToggleUnread={() => act({ kind: "read", read: unread }, thread)}
      onAssign={() => setPicker("assign")}
      onTypingIndicators={(typingIndicators) => updateThread.mutate({ threadId: thread.id, patch: { typingIndicators }, label: "change the typing indicators" })}
      onDelete={() => deleteThread.mutate(thread.id)}
      deleting={deleteThread.isPending}
    />
  );
}

/**
 * DELETE /threads/{id}: managers only (the server enforces it). Afterwards the conversation
 * leaves every cache, its draft and failed sends are dropped, and the pane goes back.
 */
function useDeleteThread(onDeleted: () => void) {
  const queryClient = useQueryClient();
  const clearDraft = useDraftsStore((s) => s.clearDraft);
  return useMutation({
    mutationFn: async (threadId: string) => ({ threadId, ...(await api.threads.delete(threadId)).body }),
    onSuccess: ({ threadId, scope }) => {
      onDeleted();
      toast({
        title: "Conversation deleted",
        description: scope === "remoteAndLocal" ? "It was deleted on the platform too." : "It was removed from the inbox; the platform keeps its copy.",
        variant: "success",
      });
      queryClient.removeQueries({ queryKey: threadQueries.detail(threadId).queryKey });
      queryClient.removeQueries({ queryKey: threadQueries.messages(threadId).queryKey });
      clearDraft(threadId);
      for (const item of outboxStore.getState().items) if (item.threadId === threadId && item.state === "failed") outboxStore.getState().remove(item.localId);
      return forgetThread(queryClient, threadId);
    },
    onError: (error) => toastError("Couldn't delete the conversation", error),
  });
}

