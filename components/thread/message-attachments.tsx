"use client";

import { useState, type CSSProperties, type ReactNode } from "react";

import { cn } from "@/components/ui/cn";
import { ClockIcon, ExternalLinkIcon, FileIcon, ImageOffIcon, LinkIcon, LoaderCircleIcon, RotateCwIcon, TriangleAlertIcon } from "@/components/ui/icons";
import { isMediaAttachment, type Attachment, type MediaAttachment, type PostShare } from "@/lib/api/messages";
import { useAttachmentUrl } from "@/lib/client/hooks/use-attachment-url";
import { formatBytes, hostOf, safeHref } from "@/lib/client/thread/message-meta";

/**
 * What a message carries besides its words: photos, video and audio inline, files and links
 * as cards, and posts shared into the conversation. Whatever the client does not know is
 * named, not dropped. A tall picture shows as a cropped thumbnail; its link opens it whole.
 */
export function MessageAttachments({
  messageId,
  attachments,
  postShares,
  now,
  outbound,
}: {
  messageId: string;
  attachments: readonly Attachment[];
  postShares: readonly PostShare[];
  now: Date;
  outbound: boolean;
}) {
  if (attachments.length === 0 && postShares.length === 0) return null;
  return (
    <div className={cn("flex max-w-full flex-col gap-1.5", outbound ? "items-end" : "items-start")}>
      {attachments.map((attachment, index) => (
        // Attachments have no IDs; their index is how the API names them too.
        <AttachmentView key={index} messageId={messageId} index={index} attachment={attachment} now={now} />
      ))}
      {postShares.map((share, index) => (
        <PostShareCard key={`${share.platformId}-${index}`} share={share} />
      ))}
    </div>
  );
}

function AttachmentView({ messageId, index, attachment, now }: { messageId: string; index: number; attachment: Attachment; now: Date }) {
  if (isMediaAttachment(attachment)) return <MediaView messageId={messageId} index={index} attachment={attachment} now={now} />;
  if (attachment.kind === "link" && typeof attachment.url === "string") {
    return <LinkCard url={attachment.url} title={typeof attachment.title === "string" ? attachment.title : null} />;
  }
  return (
    <Notice icon={<TriangleAlertIcon aria-hidden />}>
      Unsupported attachment
    </Notice>
  );
}

function MediaView({ messageId, index, attachment, now }: { messageId: string; index: number; attachment: MediaAttachment; now: Date }) {
  const { state, src, onError, retry } = useAttachmentUrl({ messageId, index, attachment, now });
  const name = attachment.name ?? defaultName(attachment.kind);
  const box = mediaBox(attachment);

  if (state === "processing") {
    return (
      <Placeholder box={box} kind={attachment.kind}>
        <ClockIcon className="size-4" aria-hidden />
        <span>Processing {noun(attachment.kind)}…</span>
      </Placeholder>
    );
  }
  if (state === "unavailable") {
    return (
      <Notice icon={<ImageOffIcon aria-hidden />}>
        <span className="font-medium">{name}</span> · No longer available
      </Notice>
    );
  }
  if (state === "loading") {
    return (
      <Placeholder box={box} kind={attachment.kind} busy>
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
        <span>Loading {noun(attachment.kind)}…</span>
      </Placeholder>
    );
  }
  if (state === "failed" || !src) {
    return (
      <Notice icon={<ImageOffIcon aria-hidden />}>
        <span>Couldn&apos;t load {name}.</span>
        <button type="button" onClick={retry} className="inline-flex cursor-pointer items-center gap-1 font-medium text-foreground underline-offset-2 hover:underline">
          <RotateCwIcon className="size-3" aria-hidden />
          Try again
        </button>
      </Notice>
    );
  }

  switch (attachment.kind) {
    case "image":
      return (
        <a href={src} target="_blank" rel="noreferrer" className="block max-h-80 max-w-full overflow-hidden rounded-xl border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50" style={box}>
          {/* eslint-disable-next-line @next/next/no-img-element -- platform media on signed, expiring URLs: Next's optimizer cannot fetch them */}
          <img src={src} alt={attachment.name ? `Image: ${attachment.name}` : "Image"} width={attachment.width ?? undefined} height={attachment.height ?? undefined} loading="lazy" onError={onError} className="block size-full object-cover" />
        </a>
      );
    case "video":
      return (
        <video src={src} controls preload="metadata" onError={onError} aria-label={name} className="max-h-80 max-w-full rounded-xl border bg-black" style={box}>
          <a href={src}>{name}</a>
        </video>
      );
    case "audio":
      return <audio src={src} controls preload="metadata" onError={onError} aria-label={name} className="w-72 max-w-full" />;
    default:
      return (
        <a
          href={src}
          target="_blank"
          rel="noreferrer"
          download={attachment.name ?? undefined}
          className="flex w-72 max-w-full items-center gap-3 rounded-xl border bg-card px-3 py-2.5 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground">
            <FileIcon className="size-4" aria-hidden />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{name}</span>
            <span className="block text-xs text-muted-foreground">{[attachment.size !== null ? formatBytes(attachment.size) : null, "Download"].filter(Boolean).join(" · ")}</span>
          </span>
        </a>
      );
  }
}

function LinkCard({ url, title }: { url: string; title: string | null }) {
  const href = safeHref(url);
  const body = (
    <>
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground">
        <LinkIcon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{title ?? hostOf(url)}</span>
        <span className="block truncate text-xs text-muted-foreground">{hostOf(url)}</span>
      </span>
      {href ? <ExternalLinkIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden /> : null}
    </>
  );
  const className = "flex w-72 max-w-full items-center gap-3 rounded-xl border bg-card px-3 py-2.5 text-sm";
  return href ? (
    <a href={href} target="_blank" rel="noreferrer" className={cn(className, "outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50")}>
      {body}
    </a>
  ) : (
    <div className={className}>{body}</div>
  );
}

function PostShareCard({ share }: { share: PostShare }) {
  const href = safeHref(share.url);
  const [previewFailed, setPreviewFailed] = useState(false);
  const author = share.authorUsername ? `@${share.authorUsername}` : "A post";
  return (
    <figure className="w-72 max-w-full overflow-hidden rounded-xl border bg-card text-sm">
      {share.previewUrl && !previewFailed ? (
        // eslint-disable-next-line @next/next/no-img-element -- a preview on the platform's CDN
        <img src={share.previewUrl} alt="" loading="lazy" onError={() => setPreviewFailed(true)} className="aspect-[16/10] w-full bg-muted object-cover" />
      ) : null}
      <figcaption className="grid gap-1 px-3 py-2.5">
        <span className="text-xs font-medium text-muted-foreground">Shared post · {author}</span>
        {share.caption ? <span className="line-clamp-3 break-words">{share.caption}</span> : null}
        {href ? (
          <a href={href} target="_blank" rel="noreferrer" className="inline-flex w-fit items-center gap-1 rounded-sm text-xs font-medium text-primary underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring/50">
            View post
            <ExternalLinkIcon className="size-3" aria-hidden />
            <span className="sr-only">by {author} (opens in a new tab)</span>
          </a>
        ) : null}
      </figcaption>
    </figure>
  );
}

function Placeholder({ box, kind, busy, children }: { box: CSSProperties; kind: string; busy?: boolean; children: ReactNode }) {
  return (
    <div
      role="status"
      aria-busy={busy || undefined}
      className={cn(
        "flex items-center justify-center gap-2 rounded-xl border border-dashed bg-muted/60 px-4 text-xs text-muted-foreground",
        kind === "image" || kind === "video" ? "min-h-24" : "h-12 w-72 max-w-full",
      )}
      style={kind === "image" || kind === "video" ? box : undefined}
    >
      {children}
    </div>
  );
}

function Notice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex max-w-72 items-center gap-2 rounded-xl border bg-muted/50 px-3 py-2 text-xs text-muted-foreground [&_svg]:size-3.5 [&_svg]:shrink-0">
      {icon}
      <span className="flex flex-wrap items-center gap-x-1.5">{children}</span>
    </div>
  );
}

/** Room for media before it loads, from its known size, so the history does not jump. */
function mediaBox(attachment: MediaAttachment): CSSProperties {
  if ((attachment.kind !== "image" && attachment.kind !== "video") || !attachment.width || !attachment.height) return { width: 288 };
  const width = Math.min(288, attachment.width);
  return { width, maxWidth: "100%", aspectRatio: `${attachment.width} / ${attachment.height}` };
}

function defaultName(kind: string): string {
  return kind === "image" ? "Image" : kind === "video" ? "Video" : kind === "audio" ? "Audio" : "File";
}

function noun(kind: string): string {
  return kind === "image" ? "image" : kind === "video" ? "video" : kind === "audio" ? "audio" : "file";
}
