"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { isApiError } from "@/lib/api/errors";
import type { MediaAttachment } from "@/lib/api/messages";
import { api } from "@/lib/client/api";
import { needsFreshUrl } from "@/lib/client/thread/message-meta";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * A media attachment's URL, fresh enough to load. Platform URLs expire (at `expiresAt`, or
 * already marked `expired`); such a URL is exchanged through
 * GET /messages/{id}/attachments/{index} before use. A URL the browser fails to load is
 * exchanged once more, and a second failure is final (`failed`), so a broken file never
 * loops.
 *
 * `state`: `processing` and `unavailable` come from the attachment itself; `loading` while a
 * fresh URL is on its way; `ready` with a `src` to use; `failed` when neither URL loaded.
 */
export type AttachmentUrlState = "processing" | "unavailable" | "loading" | "ready" | "failed";

export function attachmentUrlQuery(messageId: string, index: number) {
  return {
    queryKey: [...threadQueries.all(), "attachmentUrl", messageId, index] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) => (await api.messages.attachmentUrl(messageId, index, { signal })).body,
  };
}

export function useAttachmentUrl({
  messageId,
  index,
  attachment,
  now,
}: {
  messageId: string;
  index: number;
  attachment: Pick<MediaAttachment, "status" | "url" | "expiresAt">;
  /** The list's clock: expiry is judged against it, not read during render. */
  now: Date;
}): { state: AttachmentUrlState; src: string | null; onError: () => void; retry: () => void } {
  // The URL that failed to load in the browser, if any: the given one, then the fresh one.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const media = attachment.status === "available" || attachment.status === "expired";
  const stale = media && needsFreshUrl(attachment, now);
  const givenFailed = failedSrc !== null && failedSrc === attachment.url;

  const fresh = useQuery({
    ...attachmentUrlQuery(messageId, index),
    enabled: media && (stale || givenFailed),
    // A fresh URL is good until shortly before it expires; a failure is not retried by itself.
    staleTime: (query) => (query.state.data ? Math.max(0, Date.parse(query.state.data.expiresAt) - Date.now() - 60_000) : 0),
    retry: false,
  });

  const onError = () => {
    const current = fresh.data?.url ?? (stale ? null : attachment.url);
    if (current) setFailedSrc(current);
  };
  const retry = () => {
    setFailedSrc(null);
    void fresh.refetch();
  };

  if (attachment.status === "processing") return { state: "processing", src: null, onError, retry };
  if (!media) return { state: "unavailable", src: null, onError, retry };
  if (fresh.isError) {
    const gone = isApiError(fresh.error) && fresh.error.code === "attachmentNotFound";
    return { state: gone ? "unavailable" : "failed", src: null, onError, retry };
  }
  const src = fresh.data?.url ?? (stale || givenFailed ? null : attachment.url);
  if (!src) return { state: "loading", src: null, onError, retry };
  if (src === failedSrc) return { state: "failed", src: null, onError, retry };
  return { state: "ready", src, onError, retry };
}
