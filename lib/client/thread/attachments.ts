import { checkAttachments, type AttachmentProblem } from "@/lib/api/attachment-rules";
import { ERROR_SENTENCES } from "@/lib/api/errors";
import { ATTACHMENTS_BYTES_CEILING, ATTACHMENTS_COUNT_CEILING, type OutgoingAttachment } from "@/lib/api/messages";
import { base64Bytes } from "@/lib/api/message-rules";
import type { AttachmentLimits } from "@/lib/api/platforms";
import { formatBytes } from "./message-meta";

/**
 * Files chosen in the composer, before they are sent: read into the base64 the send body
 * carries (lib/api/messages), and checked against the platform's `limits.attachments` with
 * lib/api's rule, so a person hears what is wrong before anything travels.
 *
 * A file larger than the platform takes is kept by its name and size only (`data: null`):
 * it is shown, so the person sees why it cannot go, but its bytes are never read.
 */
export type ChosenFile = {
  /** Tells two files of the same name apart in the list. */
  id: string;
  fileName: string;
  mimeType: string;
  size: number;
  /** Standard base64; null for a file too large to be sent at all. */
  data: string | null;
};

/** What is checked when the platform does not say (an API without `limits.attachments`): only the body's own ceilings. */
const NO_LIMITS: AttachmentLimits = { maxCount: ATTACHMENTS_COUNT_CEILING, maxBytes: ATTACHMENTS_BYTES_CEILING, mimeTypes: null };

/** Reads the files a person chose, pasted or dropped. */
export async function readChosenFiles(files: readonly File[], limits: AttachmentLimits | null | undefined, newId: () => string = randomId): Promise<ChosenFile[]> {
  const maxBytes = Math.min((limits ?? NO_LIMITS).maxBytes, ATTACHMENTS_BYTES_CEILING);
  return Promise.all(
    files.map(async (file) => ({
      id: newId(),
      fileName: fileNameOf(file.name),
      mimeType: mediaTypeOf(file.type),
      size: file.size,
      data: file.size > maxBytes ? null : base64Of(new Uint8Array(await file.arrayBuffer())),
    })),
  );
}

/** The first thing that stops these files from going, by lib/api's rule; null when they may. */
export function chosenFilesProblem(limits: AttachmentLimits | null | undefined, files: readonly ChosenFile[]): AttachmentProblem | null {
  if (files.length === 0) return null;
  return checkAttachments(limits ?? NO_LIMITS, files);
}

/** The problem as the person reads it: the table's sentence, then what to do about it here. */
export function problemSentence(problem: AttachmentProblem, platformName: string | null): string {
  const where = platformName ?? "This platform";
  switch (problem.code) {
    case "tooManyAttachments":
      return `${ERROR_SENTENCES.tooManyAttachments} ${where} takes up to ${problem.details.maxCount} at a time.`;
    case "attachmentTypeNotAllowed":
      return `${ERROR_SENTENCES.attachmentTypeNotAllowed} “${problem.details.fileName}” can't be sent: ${where} takes ${typesInWords(problem.details.allowed)}.`;
    case "attachmentTooLarge":
      return `${ERROR_SENTENCES.attachmentTooLarge} “${problem.details.fileName}” is ${formatBytes(problem.details.size)}; ${where} takes up to ${formatBytes(problem.details.maxBytes)} a file.`;
  }
}

/** Whether a problem is about this one file (to mark it in the list). */
export function problemNames(problem: AttachmentProblem | null, file: Pick<ChosenFile, "fileName">): boolean {
  return problem !== null && problem.code !== "tooManyAttachments" && problem.details.fileName === file.fileName;
}

/** The files as the send body carries them; null while any has no bytes. */
export function outgoingOf(files: readonly ChosenFile[]): OutgoingAttachment[] | null {
  const outgoing: OutgoingAttachment[] = [];
  for (const file of files) {
    if (file.data === null) return null;
    outgoing.push({ fileName: file.fileName, mimeType: file.mimeType, data: file.data });
  }
  return outgoing;
}

/** Files handed back by a failed send, to be chosen again. */
export function chosenFromOutgoing(files: readonly OutgoingAttachment[], newId: () => string = randomId): ChosenFile[] {
  return files.map((file) => ({ ...file, id: newId(), size: base64Bytes(file.data) }));
}

/** Whether the browser draws this type in an <img> (a chip's or a pending message's preview). */
export function previewable(mimeType: string): boolean {
  return /^image\/(png|jpeg|gif|webp|avif)$/.test(mimeType);
}

/** The type a browser gave, as the send body takes it: `type/subtype`, or octet-stream when it gave none. */
export function mediaTypeOf(type: string): string {
  const bare = type.split(";")[0]!.trim().toLowerCase();
  return /^[\w.+-]+\/[\w.+-]+$/.test(bare) ? bare : "application/octet-stream";
}

/** A name the send body takes (1 to 255 characters), keeping the extension of a long one. */
export function fileNameOf(name: string): string {
  const trimmed = name.trim() || "file";
  if (trimmed.length <= 255) return trimmed;
  const dot = trimmed.lastIndexOf(".");
  const extension = dot > 0 && trimmed.length - dot <= 16 ? trimmed.slice(dot) : "";
  return trimmed.slice(0, 255 - extension.length) + extension;
}

/** Standard, padded base64 of some bytes, in slices so a large file never overflows the call stack. */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const TYPE_WORDS: Record<string, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/gif": "GIF",
  "image/webp": "WebP",
  "video/mp4": "MP4 video",
  "audio/mpeg": "MP3",
  "audio/ogg": "Ogg audio",
  "application/pdf": "PDF",
  "text/plain": "plain text",
};

/** "JPEG, PNG and PDF files"; a `type/*` entry is "any image" and so on. */
function typesInWords(allowed: readonly string[]): string {
  if (allowed.length === 0) return "no files";
  const words = allowed.map((type) => (type.endsWith("/*") ? `any ${type.slice(0, -2)}` : (TYPE_WORDS[type] ?? type.split("/")[1]!.toUpperCase())));
  const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
  return `${list} files`;
}

function randomId(): string {
  return crypto.randomUUID();
}
