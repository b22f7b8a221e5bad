import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { attachmentKindOf, checkAttachments } from "@/lib/api/attachment-rules";
import type { OutgoingAttachment } from "@/lib/api/messages";
import type { Database } from "@/lib/db/connection";
import { fail } from "../http";
import { mediaUploads } from "../schema";
import type { PlatformRow } from "./conversations";

/**
 * Files sent with a message: checked against the platform's `limits.attachments` (lib/api's
 * rule), stored whole in `media_uploads`, and carried by the message as media attachments
 * that the media host serves on signed, expiring URLs, exactly as seeded media.
 */
export type DecodedUpload = { fileName: string; mimeType: string; bytes: Buffer };

/** The files decoded and checked; a platform that takes no files answers as lacking the capability would. */
export function acceptUploads(platform: PlatformRow, files: readonly OutgoingAttachment[]): DecodedUpload[] {
  if (files.length === 0) return [];
  const decoded = files.map((file) => ({ fileName: file.fileName, mimeType: file.mimeType.toLowerCase(), bytes: Buffer.from(file.data, "base64") }));
  const limits = platform.limits.attachments;
  if (!limits) {
    fail("capabilityNotSupported", `${platform.name} takes no files`, { capability: "message:attach" });
  }
  const problem = checkAttachments(
    limits,
    decoded.map((file) => ({ fileName: file.fileName, mimeType: file.mimeType, size: file.bytes.length })),
  );
  if (problem) fail(problem.code, problemMessage(problem.code, platform.name), problem.details);
  return decoded;
}

/**
 * Stores the files of a new message and answers its stored attachments. URLs handed out with
 * the message expire `ttlMs` later, as every media URL does.
 */
export async function storeUploads(
  tx: Database,
  input: { teamId: string; messageId: string; files: readonly DecodedUpload[]; now: Date; ttlMs: number },
): Promise<Record<string, unknown>[]> {
  const { teamId, messageId, files, now, ttlMs } = input;
  if (files.length === 0) return [];
  const rows = files.map((file) => ({
    mediaKey: `upl${randomBytes(12).toString("hex")}`,
    teamId,
    messageId,
    mimeType: file.mimeType,
    fileName: file.fileName,
    data: file.bytes.toString("base64"),
    createdAt: now,
  }));
  await tx.insert(mediaUploads).values(rows);
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  return rows.map((row, i) => {
    const file = files[i]!;
    const size = imageSize(file.bytes, file.mimeType);
    return {
      kind: attachmentKindOf(file.mimeType),
      status: "available",
      mediaKey: row.mediaKey,
      expiresAt,
      mimeType: file.mimeType,
      name: file.fileName,
      size: file.bytes.length,
      width: size?.width ?? null,
      height: size?.height ?? null,
    };
  });
}

/** A stored file by its media key, or null for seeded media (drawn, not stored). */
export async function findUpload(db: Database, mediaKey: string): Promise<{ mimeType: string; fileName: string; bytes: Buffer } | null> {
  const [row] = await db.select().from(mediaUploads).where(eq(mediaUploads.mediaKey, mediaKey));
  return row ? { mimeType: row.mimeType, fileName: row.fileName, bytes: Buffer.from(row.data, "base64") } : null;
}

/**
 * Types a browser may show inline from the media host: pictures, sound and video it decodes
 * itself. Anything else (SVG, HTML, documents) is served as a download, so a file a contact
 * or member sent can never run as a page on the host's origin.
 */
export function servesInline(mimeType: string): boolean {
  return INLINE_TYPES.has(mimeType.toLowerCase());
}
const INLINE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "video/mp4",
  "video/webm",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "audio/webm",
]);

/** The pixel size of a PNG, GIF or JPEG from its header; null for other types or unreadable bytes. */
export function imageSize(bytes: Buffer, mimeType: string): { width: number; height: number } | null {
  const size = readImageSize(bytes, mimeType);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

function readImageSize(bytes: Buffer, mimeType: string): { width: number; height: number } | null {
  if (mimeType === "image/png" && bytes.length >= 24 && bytes.readUInt32BE(12) === 0x49484452) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (mimeType === "image/gif" && bytes.length >= 10 && bytes.toString("latin1", 0, 3) === "GIF") {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (mimeType === "image/jpeg" && bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Walk the segments to the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC).
    let offset = 2;
    while (offset + 9 <= bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      const length = bytes.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      }
      offset += 2 + length;
    }
  }
  return null;
}

function problemMessage(code: "tooManyAttachments" | "attachmentTypeNotAllowed" | "attachmentTooLarge", platformName: string): string {
  switch (code) {
    case "tooManyAttachments":
      return `More files than ${platformName} takes in one message`;
    case "attachmentTypeNotAllowed":
      return `${platformName} does not take this type of file`;
    case "attachmentTooLarge":
      return `A file is larger than ${platformName} takes`;
  }
}
