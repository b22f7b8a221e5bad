import type { KnownCapability } from "@/lib/api/capability-names";
import type { platforms } from "../schema";

/**
 * The five simulated platforms, each different where it matters to a client: X cannot edit,
 * LinkedIn has no reactions and only observed edit times, Instagram and WhatsApp close
 * edits after 15 minutes, WhatsApp is encrypted, Telegram can do everything. X and LinkedIn
 * take no files; Instagram only photos and video, WhatsApp PDF and text documents too, Telegram any type.
 * Each keeps `maxCount × maxBytes` within lib/api's ATTACHMENTS_BYTES_CEILING.
 */
export type PlatformRow = typeof platforms.$inferSelect;

const MB = 1024 * 1024;

export const PLATFORM_ROWS: readonly PlatformRow[] = [
  {
    platform: "instagram",
    name: "Instagram",
    capabilities: caps("message:send", "thread:create", "message:edit", "message:unsend", "message:react", "thread:typing", "message:attach"),
    limits: {
      messageLength: 1000,
      attachments: { maxCount: 4, maxBytes: 5 * MB, mimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp", "video/mp4"] },
    },
    mutationWindows: { "message:edit": 900, "message:unsend": null },
    encrypted: false,
    editTimes: "platform",
    position: 0,
  },
  {
    platform: "x",
    name: "X",
    capabilities: caps("message:send", "thread:create", "message:unsend", "message:react", "thread:typing", "thread:delete"),
    limits: { messageLength: 10000, attachments: null },
    mutationWindows: { "message:unsend": null },
    encrypted: false,
    editTimes: "platform",
    position: 1,
  },
  {
    platform: "linkedin",
    name: "LinkedIn",
    capabilities: caps("message:send", "thread:create", "message:edit", "message:unsend"),
    limits: { messageLength: 8000, attachments: null },
    mutationWindows: { "message:edit": 3600, "message:unsend": 3600 },
    encrypted: false,
    editTimes: "observed",
    position: 2,
  },
  {
    platform: "whatsapp",
    name: "WhatsApp",
    capabilities: caps("message:send", "message:edit", "message:unsend", "message:react", "thread:typing", "message:attach"),
    limits: {
      messageLength: 4096,
      attachments: {
        maxCount: 4,
        maxBytes: 5 * MB,
        mimeTypes: ["image/jpeg", "image/png", "image/webp", "video/mp4", "audio/mpeg", "audio/ogg", "application/pdf", "text/plain"],
      },
    },
    mutationWindows: { "message:edit": 900, "message:unsend": 172800 },
    encrypted: true,
    editTimes: "platform",
    position: 3,
  },
  {
    platform: "telegram",
    name: "Telegram",
    capabilities: caps(
      "message:send",
      "thread:create",
      "message:edit",
      "message:unsend",
      "message:react",
      "thread:typing",
      "thread:delete",
      "message:attach",
    ),
    limits: { messageLength: 4096, attachments: { maxCount: 10, maxBytes: 2 * MB, mimeTypes: null } },
    mutationWindows: { "message:edit": 172800, "message:unsend": null },
    encrypted: false,
    editTimes: "platform",
    position: 4,
  },
];

export const ALL_PLATFORMS = PLATFORM_ROWS.map((p) => p.platform);

export function platformRow(platform: string): PlatformRow {
  const row = PLATFORM_ROWS.find((p) => p.platform === platform);
  if (!row) throw new Error(`Unknown seed platform ${platform}`);
  return row;
}

export function platformCan(platform: string, capability: KnownCapability): boolean {
  return platformRow(platform).capabilities.includes(capability);
}

function caps(...names: KnownCapability[]): string[] {
  return names;
}
