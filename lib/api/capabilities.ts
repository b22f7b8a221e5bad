import { WINDOWED_CAPABILITIES, type KnownCapability, type WindowedCapability } from "./capability-names";
import { ERROR_STATUS } from "./errors";
import type { AccountLink, PlatformInfo } from "./platforms";
import type { Thread } from "./threads";
import type { Message } from "./messages";

/**
 * The capability rule (spec rule 9 and the capability failures), as the one function the
 * sandbox enforces and the inbox renders. Never branch on a platform's name: ask this.
 *
 * The order of checks is ours, from the most lasting reason to the most passing one, so a
 * person is told the reason that will still hold after the others are fixed:
 *  1. the account link (and its platform, when given) lacks it → capabilityNotSupported
 *  2. the thread's `restrictions` list it                       → threadRestricted
 *  3. the account link is not `active`                          → accountLinkDisconnected
 *  4. for edit/unsend/react, the message is not one that can take it → messageNotMutable
 *  5. for edit/unsend, the platform's mutation window has passed → mutationWindowClosed
 */

export type CapabilityContext = {
  accountLink: Pick<AccountLink, "capabilities" | "status" | "pauseReasons">;
  /** The thread acted in; omitted for actions outside a thread (a first message). */
  thread?: Pick<Thread, "restrictions"> | null;
  /** The platform's info: narrows further and supplies mutation windows. */
  platform?: Pick<PlatformInfo, "capabilities" | "mutationWindows"> | null;
  /** The message acted on, for edit, unsend and react. */
  message?: Pick<Message, "direction" | "sentAt" | "deletedAt"> | null;
  /** Now, for the window check; defaults to the current time. */
  now?: Date;
};

export type CapabilityDenial =
  | { reason: "capabilityNotSupported"; capability: string }
  | { reason: "threadRestricted"; capability: string }
  | { reason: "accountLinkDisconnected"; capability: string; status: string; pauseReasons: readonly string[] }
  | { reason: "messageNotMutable"; capability: string; messageState: "inbound" | "deleted" }
  | { reason: "mutationWindowClosed"; capability: string; closedAt: string };

export type CapabilityCheck = { allowed: true } | ({ allowed: false } & CapabilityDenial);

const ALLOWED: CapabilityCheck = { allowed: true };

export function checkCapability(capability: KnownCapability | (string & {}), context: CapabilityContext): CapabilityCheck {
  const { accountLink, thread, platform, message } = context;

  const platformAllows = !platform || platform.capabilities.includes(capability);
  if (!accountLink.capabilities.includes(capability) || !platformAllows) {
    return { allowed: false, reason: "capabilityNotSupported", capability };
  }
  if (thread?.restrictions.includes(capability)) {
    return { allowed: false, reason: "threadRestricted", capability };
  }
  if (accountLink.status !== "active") {
    return {
      allowed: false,
      reason: "accountLinkDisconnected",
      capability,
      status: accountLink.status,
      pauseReasons: accountLink.pauseReasons ?? [],
    };
  }
  if (message && MESSAGE_CAPABILITIES.has(capability)) {
    if (message.deletedAt) return { allowed: false, reason: "messageNotMutable", capability, messageState: "deleted" };
    if (isWindowed(capability) && message.direction !== "outbound") {
      return { allowed: false, reason: "messageNotMutable", capability, messageState: "inbound" };
    }
  }
  if (message && platform && isWindowed(capability)) {
    const closedAt = windowClosesAt(capability, platform, message.sentAt);
    if (closedAt && closedAt.getTime() <= (context.now ?? new Date()).getTime()) {
      return { allowed: false, reason: "mutationWindowClosed", capability, closedAt: closedAt.toISOString() };
    }
  }
  return ALLOWED;
}

/** When a windowed capability stops being allowed for a message, or null for never. */
export function windowClosesAt(
  capability: WindowedCapability,
  platform: Pick<PlatformInfo, "mutationWindows">,
  sentAt: string,
): Date | null {
  const seconds = platform.mutationWindows[capability];
  if (seconds === undefined || seconds === null) return null;
  return new Date(new Date(sentAt).getTime() + seconds * 1000);
}

/** The spec's error (status, code, details) for a denial, as the service answers it. */
export function capabilityError(denial: CapabilityDenial): {
  status: number;
  code: CapabilityDenial["reason"];
  details: Record<string, unknown>;
} {
  const status = ERROR_STATUS[denial.reason];
  switch (denial.reason) {
    case "accountLinkDisconnected":
      return { status, code: denial.reason, details: { status: denial.status, pauseReasons: denial.pauseReasons } };
    case "mutationWindowClosed":
      return { status, code: denial.reason, details: { capability: denial.capability, closedAt: denial.closedAt } };
    case "messageNotMutable":
      return { status, code: denial.reason, details: { reason: denial.messageState } };
    default:
      return { status, code: denial.reason, details: { capability: denial.capability } };
  }
}

const MESSAGE_CAPABILITIES: ReadonlySet<string> = new Set(["message:edit", "message:unsend", "message:react"]);

function isWindowed(capability: string): capability is WindowedCapability {
  return (WINDOWED_CAPABILITIES as readonly string[]).includes(capability);
}
