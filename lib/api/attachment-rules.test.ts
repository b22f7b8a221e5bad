import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config.mjs";
import { attachmentKindOf, checkAttachments, typeAllowed } from "./attachment-rules";
import { ATTACHMENTS_BYTES_CEILING, base64Bytes, SEND_BODY_MAX_BYTES, sendMessage, withoutFileBytes } from "./messages";

const limits = { maxCount: 2, maxBytes: 100, mimeTypes: ["image/png", "video/*"] };
const file = (fileName: string, mimeType = "image/png", size = 10) => ({ fileName, mimeType, size });

describe("checkAttachments", () => {
  it("accepts files within the platform's limits", () => {
    expect(checkAttachments(limits, [file("a.png"), file("b.mp4", "video/mp4", 100)])).toBeNull();
    expect(checkAttachments({ ...limits, mimeTypes: null }, [file("a.svg", "image/svg+xml")])).toBeNull();
  });

  it("says first what no other file could fix: too many, then type, then size", () => {
    expect(checkAttachments(limits, [file("a.png", "text/html", 999), file("b.png"), file("c.png")])).toEqual({ code: "tooManyAttachments", details: { maxCount: 2 } });
    expect(checkAttachments(limits, [file("big.png", "image/png", 101), file("page.html", "text/html")])).toEqual({
      code: "attachmentTypeNotAllowed",
      details: { fileName: "page.html", mimeType: "text/html", allowed: ["image/png", "video/*"] },
    });
    expect(checkAttachments(limits, [file("big.png", "image/png", 101)])).toEqual({ code: "attachmentTooLarge", details: { fileName: "big.png", size: 101, maxBytes: 100 } });
  });

  it("matches types exactly or by family, ignoring case", () => {
    expect(typeAllowed(limits, "IMAGE/PNG")).toBe(true);
    expect(typeAllowed(limits, "video/webm")).toBe(true);
    expect(typeAllowed(limits, "image/pngx")).toBe(false);
    expect(typeAllowed(limits, "videos/mp4")).toBe(false);
  });

  it("names the kind a file becomes", () => {
    expect(["image/png", "video/mp4", "audio/ogg", "application/pdf", "weird"].map(attachmentKindOf)).toEqual(["image", "video", "audio", "file", "file"]);
  });
});

describe("the send body with files", () => {
  const target = { type: "thread", threadId: "thr1" } as const;
  const png = { fileName: "a.png", mimeType: "image/png", data: Buffer.from("hello").toString("base64") };

  it("takes files with or without words, and no words without files", () => {
    expect(sendMessage.safeParse({ target, attachments: [png] }).success).toBe(true);
    expect(sendMessage.safeParse({ target, content: "", attachments: [png] }).success).toBe(true);
    expect(sendMessage.safeParse({ target, content: " ", attachments: [] }).success).toBe(false);
    expect(sendMessage.safeParse({ target }).success).toBe(false);
  });

  it("counts the bytes base64 holds", () => {
    for (const text of ["", "a", "ab", "abc", "abcd"]) expect(base64Bytes(Buffer.from(text).toString("base64"))).toBe(text.length);
  });

  it("keeps files' bytes out of records of the send", () => {
    expect(withoutFileBytes({ target, content: "hi", attachments: [png] })).toEqual({ target, content: "hi", attachments: [{ fileName: "a.png", mimeType: "image/png", size: 5 }] });
    expect(withoutFileBytes({ content: "x" })).toEqual({ content: "x" });
    expect(withoutFileBytes(null)).toBeNull();
  });

  it("fits the largest body the inbox's proxy buffers whole", () => {
    const limit = String(nextConfig.experimental?.proxyClientMaxBodySize ?? "10mb");
    const match = /^(\d+)mb$/.exec(limit);
    expect(match, limit).not.toBeNull();
    expect(Number(match![1]) * 1024 * 1024).toBeGreaterThanOrEqual(SEND_BODY_MAX_BYTES);
    expect(SEND_BODY_MAX_BYTES).toBeGreaterThan((ATTACHMENTS_BYTES_CEILING * 4) / 3);
  });
});
