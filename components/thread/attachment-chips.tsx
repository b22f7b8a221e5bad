"use client";

import { cn } from "@/components/ui/cn";
import { IconButton } from "@/components/ui/icon-button";
import { FileIcon, XIcon } from "@/components/ui/icons";
import type { AttachmentSummary } from "@/lib/client/stores/outbox";
import { previewable, type ChosenFile } from "@/lib/client/thread/attachments";
import { formatBytes } from "@/lib/client/thread/message-meta";

/**
 * The files chosen in the composer, each a chip: a preview for a picture, its name and size,
 * and a button to take it out. A file the platform's limits refuse is marked (`invalid`).
 */
export function AttachmentChips({
  files,
  invalid,
  onRemove,
}: {
  files: readonly ChosenFile[];
  invalid: (file: ChosenFile) => boolean;
  onRemove: (file: ChosenFile) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Files to send" className="flex flex-wrap gap-2 px-2 pt-2">
      {files.map((file) => {
        const bad = invalid(file);
        return (
          <li
            key={file.id}
            data-invalid={bad || undefined}
            className={cn(
              "flex max-w-60 min-w-0 items-center gap-2 rounded-lg border bg-background py-1 pr-1 pl-1 text-xs",
              bad && "border-destructive/60 bg-destructive/5",
            )}
          >
            <Thumb file={file} className="size-9" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium" title={file.fileName}>
                {file.fileName}
              </span>
              <span className={cn("block", bad ? "text-destructive" : "text-muted-foreground")}>
                {formatBytes(file.size)}
                {bad ? " · can't be sent" : null}
              </span>
            </span>
            <IconButton label={`Remove ${file.fileName}`} onClick={() => onRemove(file)} className="size-6 shrink-0 [&_svg]:size-3.5">
              <XIcon aria-hidden />
            </IconButton>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The files of a message still on its way out: pictures as thumbnails from the bytes held in
 * memory, other files (or pictures whose bytes a reload lost) by name and size.
 */
export function PendingAttachments({ files, data }: { files: readonly AttachmentSummary[]; data: readonly { data: string }[] | undefined }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Attached files" className="flex flex-wrap justify-end gap-1.5">
      {files.map((file, index) => {
        const bytes = data?.[index]?.data ?? null;
        return (
          <li key={`${file.fileName}-${index}`}>
            {bytes && previewable(file.mimeType) ? (
              // eslint-disable-next-line @next/next/no-img-element -- the person's own file, from memory
              <img src={`data:${file.mimeType};base64,${bytes}`} alt={`Image: ${file.fileName}`} className="block size-24 rounded-xl border bg-muted object-cover" />
            ) : (
              <span className="flex w-56 max-w-full items-center gap-2.5 rounded-xl border bg-card px-3 py-2 text-sm">
                <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{file.fileName}</span>
                  <span className="block text-xs text-muted-foreground">{formatBytes(file.size)}</span>
                </span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Thumb({ file, className }: { file: ChosenFile; className?: string }) {
  if (file.data !== null && previewable(file.mimeType)) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- the person's own file, from memory
      <img src={`data:${file.mimeType};base64,${file.data}`} alt="" className={cn("shrink-0 rounded-md border bg-muted object-cover", className)} />
    );
  }
  return (
    <span className={cn("grid shrink-0 place-items-center rounded-md bg-muted text-muted-foreground", className)}>
      <FileIcon className="size-4" aria-hidden />
    </span>
  );
}
