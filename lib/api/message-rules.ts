/**
 * What clients need of messages (lib/api/messages) without the schemas, so the browser's list
 * and send pipeline take them without zod (issue 18).
 */

/**
 * DELETE /messages/{messageId}?scope=self|all. `all` unsends on the platform; `self` hides
 * it for the team only (lib/api/messages has the rest).
 */
export const DELETE_SCOPES = ["self", "all"] as const;
export type DeleteScope = (typeof DELETE_SCOPES)[number];

/** The bytes a base64 string decodes to (padded, as `outgoingAttachment` requires). */
export function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}
