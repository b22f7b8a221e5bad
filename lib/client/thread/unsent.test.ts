import { describe, expect, it } from "vitest";
import { deletionScope, firstName, lastMessageUnsent, previewLine, unsentSentence } from "./unsent";

const log = [
  { action: "messages.delete", messageId: "msg2", after: { scope: "self" } },
  { action: "messages.send", messageId: "msg2", after: { content: "hi" } },
  { action: "messages.delete", messageId: "msg1", after: { scope: "all" } },
  { action: "messages.delete", messageId: "msg3", after: null },
];

const last = (preview: string | null, direction: "inbound" | "outbound" = "outbound") => ({
  lastMessage: { id: "msg2", direction, sentAt: "2026-01-01T00:00:00Z", preview },
  activity: { at: "2026-01-01T00:00:00Z", preview },
});

describe("a message the team took back", () => {
  it("takes how far it went from the activity log", () => {
    expect(deletionScope("msg2", log)).toBe("self");
    expect(deletionScope("msg1", log)).toBe("all");
    // Unsent outside the inbox, or with a log that does not say: unknown.
    expect(deletionScope("msg3", log)).toBeNull();
    expect(deletionScope("msg9", log)).toBeNull();
    expect(deletionScope("msg2", undefined)).toBeNull();
  });

  it("says the contact still sees a message hidden only for the team", () => {
    expect(unsentSentence("self", "Taya")).toBe("Hidden for the team — still visible to Taya");
    expect(unsentSentence("all", "Taya")).toBe("This message was unsent");
    expect(unsentSentence(null, "Taya")).toBe("This message was unsent");
    expect(firstName("Taya Okafor")).toBe("Taya");
  });

  it("keeps a row on a last message hidden only for the team, which the contact still sees", () => {
    expect(lastMessageUnsent(last(null))).toBe(true);
    expect(lastMessageUnsent(last("Thanks!"))).toBe(false);
    expect(previewLine(last(null), "self")).toEqual({ you: true, text: "Hidden for the team", note: true });
    expect(previewLine(last(null), "all")).toEqual({ you: true, text: "Message unsent", note: true });
    expect(previewLine(last("Thanks!"), null)).toEqual({ you: true, text: "Thanks!", note: false });
    expect(previewLine(last("Hello?", "inbound"), null)).toEqual({ you: false, text: "Hello?", note: false });
    expect(previewLine({ lastMessage: null, activity: { at: "2026-01-01T00:00:00Z", preview: null } }, null)).toEqual({
      you: false,
      text: "No messages yet",
      note: true,
    });
  });
});
