import { checkCapability, type CapabilityCheck } from "@/lib/api/capabilities";
import type { Profile } from "@/lib/api/contacts";
import { ERROR_SENTENCES, isApiError } from "@/lib/api/errors";
import type { MessageTarget } from "@/lib/api/messages";
import type { AccountLink, PlatformInfo } from "@/lib/api/platforms";
import type { Thread } from "@/lib/api/threads";
import { capabilityReason } from "@/lib/client/capability-reasons";
import { errorMessage } from "@/lib/client/errors";

/**
 * Where the team could start a conversation with a person it already knows: every account
 * link on a platform where the person has a profile but no thread with that account link yet.
 * Whether each may be started comes from the capability rule (`thread:create`), never from
 * the platform's name.
 */

/** The add-on that sending to someone who is not a contact needs (spec: POST /messages rule 2). */
export const ADVANCED_API_ADD_ON = "advancedApi";

/** A 403 planRequired in plain words: what is missing, why it matters here, who can fix it. */
export const PLAN_REQUIRED_SENTENCE =
  "Your team's plan doesn't include the advanced-API add-on, which messaging people who aren't contacts needs. An owner can add it in the dashboard.";

export type ConversationStart = {
  accountLink: AccountLink;
  /** The platform's display name, or its identifier when the platform is unknown. */
  platformName: string;
  /** The person's profile the first message goes to. */
  profile: Profile;
  target: MessageTarget;
  check: CapabilityCheck;
  /** The target reaches someone who is not a contact: the advanced-API add-on is needed. */
  needsAdvancedApi: boolean;
  /** Why it can't be started, as a sentence; null when it can. */
  blockedReason: string | null;
  /** What stands in the way: the platform, the account's capabilities, or the team's plan. */
  blockedBy: "platform" | "capability" | "plan" | null;
  /** The most characters a message may have on this platform, or null for no limit. */
  maxLength: number | null;
};

export type ConversationStartInput = {
  /** The person's contact, or null when they are not one: then only `profiles` are known. */
  contactId: string | null;
  profiles: readonly Profile[];
  /** The person's existing threads (all folders). */
  threads: readonly Pick<Thread, "accountLinkId">[];
  accountLinks: readonly AccountLink[];
  /** GET /platforms: the platforms the team can use. Undefined while loading. */
  platforms: readonly PlatformInfo[] | undefined;
  /** The team's add-ons. Undefined while loading (no plan hint is given before it is known). */
  addOns: readonly string[] | undefined;
};

export function conversationStarts(input: ConversationStartInput): ConversationStart[] {
  const talking = new Set(input.threads.map((t) => t.accountLinkId));
  const starts: ConversationStart[] = [];
  for (const accountLink of input.accountLinks) {
    if (talking.has(accountLink.id)) continue;
    const profile = input.profiles.find((p) => p.platform === accountLink.platform);
    if (!profile) continue;
    const platform = input.platforms?.find((p) => p.platform === accountLink.platform) ?? null;
    const check = checkCapability("thread:create", { accountLink, platform });
    const target: MessageTarget = input.contactId
      ? { type: "contact", accountLinkId: accountLink.id, contactId: input.contactId }
      : { type: "profile", accountLinkId: accountLink.id, platform: profile.platform, platformId: profile.platformId };
    const needsAdvancedApi = target.type === "profile";
    const lacksAddOn = needsAdvancedApi && input.addOns !== undefined && !input.addOns.includes(ADVANCED_API_ADD_ON);
    const unavailable = input.platforms !== undefined && platform === null;
    const blockedBy = unavailable ? "platform" : !check.allowed ? "capability" : lacksAddOn ? "plan" : null;
    starts.push({
      accountLink,
      platformName: platform?.name ?? accountLink.platform,
      profile,
      target,
      check,
      needsAdvancedApi,
      blockedReason:
        blockedBy === "platform"
          ? ERROR_SENTENCES.platformNotAvailable
          : blockedBy === "capability"
            ? capabilityReason(check, "start conversations")
            : blockedBy === "plan"
              ? PLAN_REQUIRED_SENTENCE
              : null,
      blockedBy,
      maxLength: platform?.limits.messageLength ?? null,
    });
  }
  return starts;
}

/** The sentence for a failed start: planRequired spelled out, the rest from lib/api's table. */
export function startErrorSentence(error: unknown): string {
  if (isApiError(error) && error.code === "planRequired") return PLAN_REQUIRED_SENTENCE;
  return errorMessage(error);
}

/**
 * One send attempt's `Idempotency-Key`. Retrying the same message to the same place reuses the
 * key of the attempt that failed, so a send that did go through is answered, not repeated; a
 * changed message is a new send with a new key (the old key with another body is refused).
 */
export type SendAttempt = { key: string; target: MessageTarget; content: string };

export function attemptFor(previous: SendAttempt | null, target: MessageTarget, content: string, newKey: () => string): SendAttempt {
  if (previous && previous.content === content && sameTarget(previous.target, target)) return previous;
  return { key: newKey(), target, content };
}

function sameTarget(a: MessageTarget, b: MessageTarget): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
