/** How long a message is as the platforms count it, and where it stands against the platform's `limits.messageLength`. */
export type LimitState = "none" | "ok" | "near" | "over";

/** Near: the last tenth of the limit (at least 20 characters); over: past it, which blocks sending. */
export function limitState(length: number, maxLength: number | null): LimitState {
  if (maxLength === null) return "none";
  if (length > maxLength) return "over";
  if (maxLength - length <= Math.max(20, Math.ceil(maxLength * 0.1))) return "near";
  return "ok";
}

/** Characters as the platforms count them: code points, so an emoji is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
