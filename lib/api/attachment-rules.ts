import type { AttachmentLimits } from "./platforms";

/**
 * The platform's file limits (`limits.attachments`), as the one function the sandbox enforces
 * and the composer checks before a file is even chosen. Checked in this order, so a person is
 * told first what no other file could fix: too many files, then each file's type, then size.
 */
export type AttachmentCandidate = { fileName: string; mimeType: string; size: number };

export type AttachmentProblem =
  | { code: "tooManyAttachments"; details: { maxCount: number } }
  | { code: "attachmentTypeNotAllowed"; details: { fileName: string; mimeType: string; allowed: string[] } }
  | { code: "attachmentTooLarge"; details: { fileName: string; size: number; maxBytes: number } };

export function checkAttachments(limits: AttachmentLimits, files: readonly AttachmentCandidate[]): AttachmentProblem | null {
  if (files.length > limits.maxCount) return { code: "tooManyAttachments", details: { maxCount: limits.maxCount } };
  for (const file of files) {
    if (!typeAllowed(limits, file.mimeType)) {
      return { code: "attachmentTypeNotAllowed", details: { fileName: file.fileName, mimeType: file.mimeType, allowed: limits.mimeTypes ?? [] } };
    }
  }
  for (const file of files) {
    if (file.size > limits.maxBytes) {
      return { code: "attachmentTooLarge", details: { fileName: file.fileName, size: file.size, maxBytes: limits.maxBytes } };
    }
  }
  return null;
}

/** Whether a media type is among the allowed: exactly, or by a `type/*` entry; any when `mimeTypes` is null. */
export function typeAllowed(limits: Pick<AttachmentLimits, "mimeTypes">, mimeType: string): boolean {
  if (limits.mimeTypes === null) return true;
  const type = mimeType.toLowerCase();
  return limits.mimeTypes.some((allowed) => {
    const entry = allowed.toLowerCase();
    return entry.endsWith("/*") ? type.startsWith(entry.slice(0, -1)) : entry === type;
  });
}

/** The media attachment kind a file becomes, from its type. */
export function attachmentKindOf(mimeType: string): "image" | "video" | "audio" | "file" {
  const top = mimeType.toLowerCase().split("/")[0];
  return top === "image" || top === "video" || top === "audio" ? top : "file";
}
