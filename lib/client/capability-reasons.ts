import { format } from "date-fns";
import type { CapabilityCheck } from "@/lib/api/capabilities";

/**
 * Why an action is disabled, as a sentence for its tooltip: from `checkCapability`'s denial,
 * never from the platform's name. `action` completes "You can't … here", e.g. "edit messages".
 */
export function capabilityReason(check: CapabilityCheck, action: string): string | null {
  if (check.allowed) return null;
  switch (check.reason) {
    case "capabilityNotSupported":
      return `This account can't ${action} on its platform.`;
    case "threadRestricted":
      return `The platform turned off the ability to ${action} in this conversation.`;
    case "accountLinkDisconnected": {
      if (check.status === "paused") {
        const why = check.pauseReasons.length ? ` (${check.pauseReasons.map(pauseReasonLabel).join(", ")})` : "";
        return `This account is paused${why}. Resume it in the service's dashboard to ${action}.`;
      }
      if (check.status === "offline") return `This account is offline. Reconnect it in the service's dashboard to ${action}.`;
      return `This account is ${check.status}. Reconnect it in the service's dashboard to ${action}.`;
    }
    case "messageNotMutable":
      return check.messageState === "deleted" ? "This message was unsent." : "Only messages your team sent can be changed.";
    case "mutationWindowClosed":
      // Said of the message, not the action: the window closes for edit and unsend alike.
      return `The platform's window for changing this message closed at ${format(new Date(check.closedAt), "HH:mm 'on' d MMM")}.`;
  }
}

const PAUSE_REASONS: Record<string, string> = {
  platformLimited: "the platform limited it",
  pausedByTeam: "paused by your team",
  verificationRequired: "the platform asks for a verification",
  billing: "billing",
};

export function pauseReasonLabel(reason: string): string {
  return PAUSE_REASONS[reason] ?? reason;
}

const CAPABILITY_LABELS: Record<string, string> = {
  "message:send": "Send messages",
  "thread:create": "Start conversations",
  "message:edit": "Edit messages",
  "message:unsend": "Unsend messages",
  "message:react": "React",
  "thread:typing": "Typing indicators",
  "thread:delete": "Delete on the platform",
  "message:attach": "Attach files",
};

/** A capability in words; one this inbox does not know is shown as the API names it. */
export function capabilityLabel(capability: string): string {
  return CAPABILITY_LABELS[capability] ?? capability;
}

/** A mutation window in words: "15 minutes", "2 days", "no time limit". */
export function windowLabel(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "no time limit";
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? "" : "s"}`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} hour${seconds === 3_600 ? "" : "s"}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? "" : "s"}`;
  return `${seconds} seconds`;
}
