"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { AlertDialog, AlertDialogConfirmFooter, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from "@/components/ui/alert-dialog";
import { IconButton } from "@/components/ui/icon-button";
import { Trash2Icon } from "@/components/ui/icons";
import type { ColumnDefinition } from "@/lib/api/outreach/leads";
import { api } from "@/lib/client/api";
import { toastError } from "@/lib/client/errors";
import { campaignForList, NO_CAMPAIGN_REASON } from "@/lib/client/outreach/leads/delete-column";
import { OUTREACH_REASONS } from "@/lib/client/outreach/reasons";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { toast } from "@/lib/client/stores/toasts";
import { hasRole, useViewer } from "@/lib/client/viewer";

/**
 * Deleting a list's custom column (managers): the API purges the column's data from every
 * lead of the list, so the dialog says so before anything is sent. The API takes it through a
 * campaign that includes the list; without one the control says why it cannot.
 */
export function DeleteColumnButton({ listId, column }: { listId: string; column: ColumnDefinition }) {
  const viewer = useViewer();
  const manager = hasRole(viewer, "manager");
  const campaigns = useQuery({ ...outreachQueries.campaigns(), enabled: manager });
  const campaign = campaignForList(campaigns.data, listId);
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (campaignId: string) => api.campaigns.deleteColumn(campaignId, column.id),
    onSuccess: () => {
      toast({ title: `Deleted the column ${column.name}` });
      void queryClient.invalidateQueries({ queryKey: outreachQueries.listsAll() });
      void queryClient.invalidateQueries({ queryKey: outreachQueries.leadsAll() });
    },
    onError: (error) => toastError(`Couldn't delete the column ${column.name}`, error),
  });
  const reason = !manager ? OUTREACH_REASONS.deleteColumn : campaigns.isPending ? null : !campaign ? NO_CAMPAIGN_REASON : null;
  return (
    <>
      <IconButton
        label={`Delete column ${column.name}`}
        disabledReason={reason}
        disabled={manager && (campaigns.isPending || remove.isPending)}
        onClick={() => setOpen(true)}
        className="ml-auto size-6"
      >
        <Trash2Icon className="size-3.5" aria-hidden />
      </IconButton>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete the column {column.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            This removes the {column.name} column from the list and purges its data from every lead of the list. It cannot be undone.
          </AlertDialogDescription>
          <AlertDialogConfirmFooter confirmLabel="Delete column" onConfirm={() => campaign && remove.mutate(campaign.id)} />
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
