import { z } from "zod";
import type { ApiError, ErrorBody } from "./errors";

/**
 * The error contract of lib/api/errors as schemas, for the server, the sandbox and tests: the
 * body every error answer has, and the documented `details` of the codes that carry them. The
 * browser's clients read the body with errors' `readErrorBody` instead (no zod on the page).
 */
export const errorBody = z.looseObject({
  code: z.string().min(1),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string(),
}) satisfies z.ZodType<ErrorBody>;

/**
 * `details` per code, where the spec documents it or we chose it. Codes not listed here
 * have `details: null`.
 */
export const errorDetails = {
  accountLinkDisconnected: z.looseObject({
    status: z.string(),
    accountLinkId: z.string().optional(),
    pauseReasons: z.array(z.string()).nullable().optional(),
  }),
  capabilityNotSupported: z.looseObject({ capability: z.string() }),
  threadRestricted: z.looseObject({ capability: z.string() }),
  mutationWindowClosed: z.looseObject({ capability: z.string(), closedAt: z.string() }),
  messageTooLong: z.looseObject({ maxLength: z.number() }),
  messageNotMutable: z.looseObject({ reason: z.string() }),
  tooManyAttachments: z.looseObject({ maxCount: z.number() }),
  attachmentTypeNotAllowed: z.looseObject({ fileName: z.string(), mimeType: z.string(), allowed: z.array(z.string()) }),
  attachmentTooLarge: z.looseObject({ fileName: z.string(), size: z.number(), maxBytes: z.number() }),
  invalidTransition: z.looseObject({ status: z.string() }),
  campaignInvalid: z.looseObject({ issues: z.array(z.looseObject({ field: z.string(), issue: z.string() })) }),
  planRequired: z.looseObject({ addOn: z.string() }),
  mentionNotVisible: z.looseObject({ userIds: z.array(z.string()) }),
  payloadTooLarge: z.looseObject({ maxBytes: z.number() }),
  platformNotAvailable: z.looseObject({ platform: z.string() }),
  rateLimited: z.looseObject({ retryAfter: z.number(), window: z.string() }),
  sendUnconfirmed: z.looseObject({ messageId: z.string() }),
} as const;


/** The typed details of a known code, or null when absent or not as documented. */
export function detailsOf<Code extends keyof typeof errorDetails>(
  error: ApiError,
  code: Code,
): z.infer<(typeof errorDetails)[Code]> | null {
  if (error.code !== code) return null;
  const parsed = errorDetails[code].safeParse(error.details);
  return parsed.success ? (parsed.data as z.infer<(typeof errorDetails)[Code]>) : null;
}
