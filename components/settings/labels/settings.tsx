"use client";

import { useQuery } from "@tanstack/react-query";

import { LabelSection } from "@/components/settings/labels/section";
import { LockedNote, SettingsHeader } from "@/components/settings/settings-shell";
import { teamQueries } from "@/lib/client/queries/team";
import { hasRole, useViewer } from "@/lib/client/viewer";

/**
 * Settings › Tags and statuses: the team's tags and its pipeline stages, for everyone to
 * read and for managers and admins to create, rename, recolor, reorder and delete. The BFF
 * refuses members' changes whatever this page shows.
 */
export function LabelsSettings() {
  const viewer = useViewer();
  const canEdit = hasRole(viewer, "manager");
  const tags = useQuery(teamQueries.tags());
  const statuses = useQuery(teamQueries.statuses());
  const colorsQuery = useQuery(teamQueries.colors());
  // Without the predefined colors the pickers still take a custom one.
  const colors = colorsQuery.data ?? (colorsQuery.isError ? [] : undefined);

  return (
    <>
      <SettingsHeader
        title="Tags and statuses"
        description="Tags label contacts; a contact can carry several. Statuses are the stages of your sales pipeline: a contact is at one stage at most, and the pipeline board shows them in the order below."
      />
      {canEdit ? null : (
        <LockedNote>Only managers and admins can change tags and statuses. Ask one if something should be added, renamed or removed.</LockedNote>
      )}
      <div className="space-y-10">
        <LabelSection
          kind="tag"
          title="Tags"
          description={canEdit ? "Click a swatch to recolor a tag. Renaming a tag renames it on every contact that carries it." : "The labels your team puts on contacts."}
          labels={tags.data}
          loadError={tags.error}
          colors={colors}
          canEdit={canEdit}
          onRetry={() => void tags.refetch()}
        />
        <LabelSection
          kind="status"
          title="Statuses"
          description={
            canEdit
              ? "The pipeline's stages, first to last. Move a stage up or down to change where the board shows it."
              : "The pipeline's stages, first to last, as the board shows them."
          }
          labels={statuses.data}
          loadError={statuses.error}
          colors={colors}
          canEdit={canEdit}
          onRetry={() => void statuses.refetch()}
        />
      </div>
    </>
  );
}
