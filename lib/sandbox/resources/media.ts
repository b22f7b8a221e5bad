import { Hono } from "hono";
import { ApiError } from "@/lib/api/errors";
import type { SandboxContext, SandboxEnv } from "../context";
import { findUpload, servesInline } from "../model/uploads";
import { renderMediaSvg } from "../seed/media";

/**
 * The simulated platforms' media host: serves a file sent with a message (model/uploads), or
 * else a small drawn image, for a signed, unexpired URL. An expired URL answers 410, as a
 * CDN's would; clients get a fresh one from GET /messages/{id}/attachments/{index}.
 */
export function mediaRoutes(ctx: SandboxContext) {
  return new Hono<SandboxEnv>().get("/:mediaKey", async (c) => {
    const mediaKey = c.req.param("mediaKey");
    const verdict = ctx.verifyMedia(mediaKey, c.req.query("exp"), c.req.query("sig"));
    // Refused with the spec's error body, as everything else here: the inbox relays these to the browser.
    if (verdict === "invalid") throw new ApiError({ status: 403, code: "forbidden", message: "Invalid media URL" });
    if (verdict === "expired") throw new ApiError({ status: 410, code: "mediaExpired", message: "This media URL has expired" });
    const upload = await findUpload(ctx.store.db, mediaKey);
    if (upload) {
      const inline = servesInline(upload.mimeType);
      return c.body(new Uint8Array(upload.bytes), 200, {
        "Content-Type": inline ? upload.mimeType : "application/octet-stream",
        "Content-Disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(upload.fileName)}`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, max-age=300",
      });
    }
    return c.body(renderMediaSvg(mediaKey), 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "private, max-age=300",
    });
  });
}
