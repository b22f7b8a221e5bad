import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../context";
import { renderMediaSvg } from "../seed/media";

/**
 * The simulated platforms' media host: serves a small image for a signed, unexpired URL.
 * An expired URL answers 410, as a CDN's would; clients get a fresh one from
 * GET /messages/{id}/attachments/{index}.
 */
export function mediaRoutes(ctx: SandboxContext) {
  return new Hono<SandboxEnv>().get("/:mediaKey", (c) => {
    const mediaKey = c.req.param("mediaKey");
    const verdict = ctx.verifyMedia(mediaKey, c.req.query("exp"), c.req.query("sig"));
    if (verdict === "invalid") return c.text("Invalid media URL", 403);
    if (verdict === "expired") return c.text("This media URL has expired", 410);
    return c.body(renderMediaSvg(mediaKey), 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "private, max-age=300",
    });
  });
}
