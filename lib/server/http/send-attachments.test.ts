import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v2 from "@/app/api/v2/[...path]/route";
import * as sandboxRoute from "@/app/api/sandbox/[...path]/route";
import { errorBody } from "@/lib/api/error-schemas";
import { SEND_BODY_MAX_BYTES, sendMessageResult, type MediaAttachment } from "@/lib/api/messages";
import type { AccountLink } from "@/lib/api/platforms";
import { call, startTestBff, type TestBff } from "../testing/bff";

/**
 * A send with files through the BFF: the body travels whole up to SEND_BODY_MAX_BYTES, the
 * files come back as media served by the BFF's relay (the token stays on the server), the
 * activity log keeps no bytes, and a larger body is 413 payloadTooLarge with the spec body.
 */
let bff: TestBff;
let cookie = "";
let whatsappThread = "";

beforeAll(async () => {
  bff = await startTestBff();
  cookie = await bff.signIn("marcus");
  await bff.runtime.gateway.index.ready();
  const links: AccountLink[] = (await bff.runtime.upstream.client.accountLinks.list({ limit: 100 })).body.data;
  const attachable = (id: string) => links.some((l) => l.id === id && l.platform === "whatsapp" && l.status === "active" && l.capabilities.includes("message:attach"));
  whatsappThread = bff.runtime.gateway.index.all().find((t) => attachable(t.accountLinkId) && t.restrictions.length === 0)!.id;
}, 60_000);
afterAll(() => bff.close());

describe("sending files through the BFF", () => {
  it("passes a body of several megabytes, and the files are served through the relay with safe headers", async () => {
    const pdf = Buffer.alloc(4 * 1024 * 1024, 0x25);
    const note = Buffer.from("Opening hours: 9 to 5");
    const body = {
      target: { type: "thread", threadId: whatsappThread },
      content: "The brochure",
      attachments: [
        { fileName: "brochure.pdf", mimeType: "application/pdf", data: pdf.toString("base64") },
        { fileName: "hours.png", mimeType: "image/png", data: note.toString("base64") },
      ],
    };
    const response = await call(v2, "POST", "/api/v2/messages", { cookie, body, headers: { "idempotency-key": "bff-files-1" } });
    expect(response.status).toBe(201);
    const sent = sendMessageResult.parse(await response.json());
    const [file, image] = sent.message.attachments as MediaAttachment[];
    expect(file).toMatchObject({ kind: "file", name: "brochure.pdf", size: pdf.length });
    expect(image).toMatchObject({ kind: "image", name: "hours.png" });

    // Same-origin media URLs, answered by the BFF's relay from the in-process sandbox.
    expect(file!.url).toMatch(/^\/api\/sandbox\/media\//);
    const download = await call(sandboxRoute, "GET", file!.url!);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/octet-stream");
    expect(download.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''brochure.pdf");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const picture = await call(sandboxRoute, "GET", image!.url!);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(picture.headers.get("content-disposition")).toMatch(/^inline;/);

    const [entry] = await bff.runtime.activity.list({ threadId: whatsappThread, action: "messages.send", limit: 1 });
    expect(entry!.after).toEqual({ ...body, attachments: [{ fileName: "brochure.pdf", mimeType: "application/pdf", size: pdf.length }, { fileName: "hours.png", mimeType: "image/png", size: note.length }] });
  });

  it("refuses a body over SEND_BODY_MAX_BYTES with 413 payloadTooLarge and the spec's body", async () => {
    const padding = "A".repeat(SEND_BODY_MAX_BYTES);
    const body = JSON.stringify({ target: { type: "thread", threadId: whatsappThread }, attachments: [{ fileName: "huge.pdf", mimeType: "application/pdf", data: padding }] });
    const response = await call(v2, "POST", "/api/v2/messages", { cookie, body });
    expect(response.status).toBe(413);
    const error = errorBody.parse(await response.json());
    expect(error).toMatchObject({ code: "payloadTooLarge", details: { maxBytes: SEND_BODY_MAX_BYTES } });
    expect(response.headers.get("x-request-id")).toBe(error.requestId);
  });
});
