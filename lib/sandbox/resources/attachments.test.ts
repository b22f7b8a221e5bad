import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { attachmentUrl, message, sendMessageResult, type MediaAttachment } from "@/lib/api/messages";
import { accountLinks, mediaUploads, threads } from "../schema";
import { expectError, expectOk, sandboxForFile } from "../testing/harness";

/** POST /messages with `attachments`: the capability, the platform's limits, and the files stored and served. */
const t = sandboxForFile();
let acmeId: string;

beforeAll(async () => {
  ({ acme: acmeId } = await t.teamIds());
}, 60_000);

const db = () => t.sandbox.context.store.db;
const clock = () => t.sandbox.context.store.clock;

/** A 3×2 PNG: enough of a header for its size to be read. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGP4z8AAQQxwFgBB0gX7h/C5SAAAAABJRU5ErkJggg==",
  "base64",
);
const png = (fileName = "pixel.png") => ({ fileName, mimeType: "image/png", data: PNG.toString("base64") });

async function threadOn(platform: string, status = "active") {
  const links = await db().select().from(accountLinks).where(eq(accountLinks.teamId, acmeId)).orderBy(asc(accountLinks.id));
  const link = links.find((l) => l.platform === platform && l.status === status);
  if (!link) throw new Error(`no ${status} ${platform} account in the seed`);
  const rows = await db().select().from(threads).where(eq(threads.accountLinkId, link.id)).orderBy(asc(threads.id));
  const row = rows.find((r) => r.restrictions.length === 0 && r.acceptanceState === "accepted");
  if (!row) throw new Error(`no open ${platform} thread`);
  return { link, row };
}

function send(body: unknown, key?: string) {
  return t.request("POST", "/messages", { body, headers: key ? { "idempotency-key": key } : {} });
}

async function raw(url: string): Promise<Response> {
  const parsed = new URL(url);
  return t.sandbox.fetch(new Request(`http://sandbox.test${parsed.pathname}${parsed.search}`));
}

describe("POST /messages with attachments", () => {
  it("sends files alone: a media-only message whose image is stored and served until its URL expires", async () => {
    const { row } = await threadOn("instagram");
    const sent = expectOk(await send({ target: { type: "thread", threadId: row.id }, attachments: [png()] }), sendMessageResult, 201);
    expect(sent.message.content).toBeNull();
    expect(sent.thread.lastMessage?.preview).toBe("Photo");
    const [image] = sent.message.attachments as MediaAttachment[];
    expect(image).toMatchObject({ kind: "image", status: "available", mimeType: "image/png", name: "pixel.png", size: PNG.length, width: 3, height: 2 });

    const served = await raw(image!.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // The history shows it too, and a fresh URL serves the same bytes after the first expired.
    const read = expectOk(await t.request("GET", `/messages/${sent.message.id}`), message);
    expect(read.attachments[0]).toMatchObject({ kind: "image", status: "available" });
    const offset = clock().offsetMs();
    clock().advance(t.sandbox.context.config.mediaUrlTtlMs + 1000);
    try {
      expect((await raw(image!.url!)).status).toBe(410);
      const fresh = expectOk(await t.request("GET", `/messages/${sent.message.id}/attachments/0`), attachmentUrl);
      expect(Buffer.from(await (await raw(fresh.url)).arrayBuffer()).equals(PNG)).toBe(true);
    } finally {
      clock().set(offset);
    }
  });

  it("sends words with files, and serves a type a browser must not run as a download", async () => {
    const { row } = await threadOn("whatsapp");
    const pdf = { fileName: "quote.pdf", mimeType: "application/pdf", data: Buffer.from("%PDF-1.4 test").toString("base64") };
    const sent = expectOk(await send({ target: { type: "thread", threadId: row.id }, content: "Here's the quote", attachments: [pdf, png()] }), sendMessageResult, 201);
    expect(sent.message.content).toBe("Here's the quote");
    expect(sent.message.attachments.map((a) => a.kind)).toEqual(["file", "image"]);
    const served = await raw((sent.message.attachments[0] as MediaAttachment).url!);
    expect(served.headers.get("content-type")).toBe("application/octet-stream");
    expect(served.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''quote.pdf");
    const stored = await db().select().from(mediaUploads).where(eq(mediaUploads.messageId, sent.message.id));
    expect(stored.map((s) => s.fileName).sort()).toEqual(["pixel.png", "quote.pdf"]);
  });

  it("answers 422 capabilityNotSupported with message:attach where the account cannot attach, and stores nothing", async () => {
    const { row } = await threadOn("x");
    const before = (await db().select().from(mediaUploads)).length;
    const error = expectError(await send({ target: { type: "thread", threadId: row.id }, content: "Hi", attachments: [png()] }), 422, "capabilityNotSupported");
    expect(error.details).toEqual({ capability: "message:attach" });
    expect((await db().select().from(mediaUploads)).length).toBe(before);
    // Without files the same thread sends as ever.
    expectOk(await send({ target: { type: "thread", threadId: row.id }, content: "Hi" }), sendMessageResult, 201);
  });

  it("answers 422 threadRestricted where the thread turns attaching off", async () => {
    const { row } = await threadOn("instagram");
    await db().update(threads).set({ restrictions: ["message:attach"] }).where(eq(threads.id, row.id));
    try {
      const error = expectError(await send({ target: { type: "thread", threadId: row.id }, attachments: [png()] }), 422, "threadRestricted");
      expect(error.details).toEqual({ capability: "message:attach" });
    } finally {
      await db().update(threads).set({ restrictions: [] }).where(eq(threads.id, row.id));
    }
  });

  it("keeps to the platform's limits: count, type, then size, each a 422 with details", async () => {
    const { row } = await threadOn("instagram");
    const target = { type: "thread", threadId: row.id };
    const many = expectError(await send({ target, attachments: [png("1.png"), png("2.png"), png("3.png"), png("4.png"), png("5.png")] }), 422, "tooManyAttachments");
    expect(many.details).toEqual({ maxCount: 4 });

    const pdf = { fileName: "quote.pdf", mimeType: "application/pdf", data: Buffer.from("%PDF").toString("base64") };
    const type = expectError(await send({ target, attachments: [png(), pdf] }), 422, "attachmentTypeNotAllowed");
    expect(type.details).toMatchObject({ fileName: "quote.pdf", mimeType: "application/pdf" });
    expect((type.details as { allowed: string[] }).allowed).toContain("image/png");

    const big = { fileName: "big.png", mimeType: "image/png", data: Buffer.alloc(5 * 1024 * 1024 + 1).toString("base64") };
    const size = expectError(await send({ target, attachments: [big] }), 422, "attachmentTooLarge");
    expect(size.details).toEqual({ fileName: "big.png", size: 5 * 1024 * 1024 + 1, maxBytes: 5 * 1024 * 1024 });
  });

  it("rejects malformed files with 400 invalidRequest", async () => {
    const { row } = await threadOn("instagram");
    const target = { type: "thread", threadId: row.id };
    const cases: unknown[] = [
      { target, attachments: [{ ...png(), data: "not base64!" }] },
      { target, attachments: [{ ...png(), data: "" }] },
      { target, attachments: [{ ...png(), fileName: "  " }] },
      { target, attachments: [{ ...png(), mimeType: "png" }] },
      { target, attachments: [{ fileName: "a.png", mimeType: "image/png" }] },
      { target, attachments: png() },
      { target, attachments: Array.from({ length: 11 }, (_, i) => png(`${i}.png`)) },
      { target, content: "  ", attachments: [] },
    ];
    for (const body of cases) expectError(await send(body), 400, "invalidRequest");
  });

  it("covers the files with the Idempotency-Key: the same files replay, other files are 422 idempotencyKeyReused", async () => {
    const { row } = await threadOn("instagram");
    const target = { type: "thread", threadId: row.id };
    const first = expectOk(await send({ target, content: "Two", attachments: [png("a.png")] }, "attach-key"), sendMessageResult, 201);
    const again = expectOk(await send({ target, content: "Two", attachments: [png("a.png")] }, "attach-key"), sendMessageResult, 200);
    expect(again.message.id).toBe(first.message.id);
    expectError(await send({ target, content: "Two", attachments: [png("b.png")] }, "attach-key"), 422, "idempotencyKeyReused");
    expectError(await send({ target, content: "Two" }, "attach-key"), 422, "idempotencyKeyReused");
  });
});
