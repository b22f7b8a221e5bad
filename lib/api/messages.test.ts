import { describe, expect, it } from "vitest";
import {
  attachment,
  attachmentUrl,
  isMediaAttachment,
  message,
  messageHistory,
  messagePatch,
  reaction,
  reactionCreate,
  reactionsResult,
  sendMessage,
  sendMessageResult,
  sentBy,
} from "./messages";
import { messageFixture, threadFixture } from "./testing/fixtures";

describe("message", () => {
  it("parses the spec-shaped example unchanged", () => {
    expect(message.parse(messageFixture())).toEqual(messageFixture());
  });

  it("requires every documented field", () => {
    for (const key of Object.keys(messageFixture())) {
      const { [key as keyof ReturnType<typeof messageFixture>]: _dropped, ...rest } = messageFixture();
      expect(message.safeParse(rest).success, `without ${key}`).toBe(false);
    }
  });

  it("takes an inbound message with sentBy null, and an unsent one with content null", () => {
    const inbound = { ...messageFixture(), direction: "inbound", sentBy: null };
    expect(message.parse(inbound)).toEqual(inbound);
    const unsent = { ...messageFixture(), content: null, deletedAt: "2026-11-20T12:03:00.000Z" };
    expect(message.parse(unsent)).toEqual(unsent);
  });

  it("keeps unknown fields, directions, platformData tags and entity lists", () => {
    const m = {
      ...messageFixture(),
      direction: "system",
      translation: { lang: "fr" },
      platformData: { _tag: "newchat", encrypted: true, ttl: 30 },
      entities: { postShares: [], mentions: [{ username: "x" }] },
    };
    expect(message.parse(m)).toEqual(m);
  });

  it("requires entities.postShares", () => {
    expect(message.safeParse({ ...messageFixture(), entities: {} }).success).toBe(false);
  });
});

describe("attachments, tagged by kind", () => {
  const media = messageFixture().attachments[0]!;

  it("parses every media kind with status, url and expiresAt", () => {
    for (const kind of ["image", "video", "audio", "file"]) {
      const a = { ...media, kind };
      expect(attachment.parse(a)).toEqual(a);
      expect(isMediaAttachment(attachment.parse(a))).toBe(true);
    }
  });

  it("takes a media entry still processing, with no url yet, and unknown statuses", () => {
    const processing = { ...media, status: "processing", url: null, expiresAt: null };
    expect(attachment.parse(processing)).toEqual(processing);
    expect(attachment.parse({ ...media, status: "quarantined" })).toMatchObject({ status: "quarantined" });
  });

  it("rejects a known media kind missing its media fields", () => {
    expect(attachment.safeParse({ kind: "image", url: "https://x" }).success).toBe(false);
    expect(attachment.safeParse({ ...media, expiresAt: "soon" }).success).toBe(false);
  });

  it("parses link attachments and rejects broken ones", () => {
    expect(attachment.parse({ kind: "link", url: "https://a.example", title: null })).toMatchObject({ kind: "link" });
    expect(attachment.safeParse({ kind: "link", title: "no url" }).success).toBe(false);
  });

  it("keeps an unknown kind as it came", () => {
    const sticker = { kind: "sticker", packId: "p1", frames: 12 };
    expect(attachment.parse(sticker)).toEqual(sticker);
    expect(isMediaAttachment(attachment.parse(sticker))).toBe(false);
    expect(attachment.safeParse({ packId: "no kind" }).success).toBe(false);
  });
});

describe("reactions and their authors", () => {
  it("takes an account link, a profile, or an unknown author", () => {
    const authors = [
      { type: "accountLink", accountLinkId: "al1" },
      { type: "profile", profileId: "prof1" },
      { type: "unknown" },
      { type: "groupMember", hint: "x" },
    ];
    for (const author of authors) expect(reaction.parse({ emoji: "🔥", author, reactedAt: null })).toEqual({ emoji: "🔥", author, reactedAt: null });
  });

  it("rejects an account-link or profile author without its ID", () => {
    expect(reaction.safeParse({ emoji: "🔥", author: { type: "profile" }, reactedAt: null }).success).toBe(false);
    expect(reaction.safeParse({ emoji: "🔥", author: { type: "accountLink", accountLinkId: "AL" }, reactedAt: null }).success).toBe(false);
  });

  it("reaction endpoints answer with the message's reactions", () => {
    const body = { reactions: messageFixture().reactions };
    expect(reactionsResult.parse(body)).toEqual(body);
  });
});

describe("sentBy", () => {
  it("distinguishes member, agent, campaign, api and external senders", () => {
    for (const s of [
      { type: "member", memberId: "mem1" },
      { type: "agent", name: "Auto-reply" },
      { type: "campaign", campaignId: "cmp1" },
      { type: "api" },
      { type: "external" },
      { type: "scheduler", jobId: "j1" },
    ]) {
      expect(sentBy.parse(s)).toEqual(s);
    }
  });
  it("rejects a known sender type without its reference", () => {
    expect(sentBy.safeParse({ type: "member" }).success).toBe(false);
    expect(sentBy.safeParse({ type: "campaign", campaignId: "Bad Id" }).success).toBe(false);
  });
});

describe("POST /messages", () => {
  it("takes each of the three target shapes", () => {
    const bodies = [
      { target: { type: "thread", threadId: "thr1" }, content: "Hi" },
      { target: { type: "contact", accountLinkId: "al1", contactId: "con1" }, content: "Hi" },
      { target: { type: "profile", accountLinkId: "al1", platform: "chirp", platformId: "123" }, content: "Hi" },
    ];
    for (const body of bodies) expect(sendMessage.parse(body)).toEqual(body);
  });

  it("rejects a target missing its fields or of an unknown type; drops fields of another shape", () => {
    for (const target of [
      { type: "thread" },
      { type: "contact", contactId: "con1" },
      { type: "profile", accountLinkId: "al1", platformId: "123" },
      { type: "email", address: "a@b.c" },
      { threadId: "thr1" },
    ]) {
      expect(sendMessage.safeParse({ target, content: "Hi" }).success, JSON.stringify(target)).toBe(false);
    }
    expect(sendMessage.parse({ target: { type: "thread", threadId: "thr1", contactId: "con1" }, content: "Hi" }).target).toEqual({ type: "thread", threadId: "thr1" });
  });

  it("rejects empty or whitespace-only content; ignores unknown body fields", () => {
    const target = { type: "thread", threadId: "thr1" };
    expect(sendMessage.safeParse({ target, content: "" }).success).toBe(false);
    expect(sendMessage.safeParse({ target, content: "  \n " }).success).toBe(false);
    expect(sendMessage.safeParse({ target }).success).toBe(false);
    expect(sendMessage.parse({ target, content: "Hi", scheduleAt: "tomorrow" })).toEqual({ target, content: "Hi" });
  });

  it("answers { message, thread }", () => {
    const body = { message: messageFixture(), thread: threadFixture() };
    expect(sendMessageResult.parse(body)).toEqual(body);
    expect(sendMessageResult.safeParse({ message: messageFixture() }).success).toBe(false);
  });
});

describe("edits, history and attachment URLs", () => {
  it("PATCH /messages takes the new content only", () => {
    expect(messagePatch.parse({ content: "Fixed typo" })).toEqual({ content: "Fixed typo" });
    expect(messagePatch.safeParse({ content: " " }).success).toBe(false);
    expect(messagePatch.parse({ content: "x", direction: "inbound" })).toEqual({ content: "x" });
  });

  it("reactions take one emoji", () => {
    expect(reactionCreate.parse({ emoji: "👍" })).toEqual({ emoji: "👍" });
    expect(reactionCreate.safeParse({ emoji: "" }).success).toBe(false);
    expect(reactionCreate.safeParse({}).success).toBe(false);
  });

  it("history says where edit times come from", () => {
    const history = {
      messageId: "msg1",
      times: "observed",
      versions: [
        { content: "Helo", at: "2026-11-20T12:00:00.000Z" },
        { content: "Hello", at: "2026-11-20T12:01:00.000Z" },
      ],
    };
    expect(messageHistory.parse(history)).toEqual(history);
    expect(messageHistory.parse({ ...history, times: "estimated" }).times).toBe("estimated");
    expect(messageHistory.safeParse({ ...history, times: undefined }).success).toBe(false);
  });

  it("a fresh attachment URL comes with its expiry", () => {
    expect(attachmentUrl.parse({ url: "https://m/a.png", expiresAt: "2026-11-20T13:00:00.000Z" })).toBeTruthy();
    expect(attachmentUrl.safeParse({ url: "https://m/a.png" }).success).toBe(false);
  });
});
