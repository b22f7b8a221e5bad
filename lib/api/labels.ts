import { z } from "zod";
import { serviceId } from "./primitives";

/**
 * Tags and statuses are the team's labels: a contact has many tags and at most one status
 * (a pipeline stage). Both are addressed by ID or name in paths.
 */

/** `#rrggbb` (either case) or a predefined color name from GET /colors. */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const COLOR_NAME_PATTERN = /^[a-z][a-zA-Z]*$/;
export const colorValue = z.union([
  z.string().regex(HEX_COLOR_PATTERN),
  z.string().regex(COLOR_NAME_PATTERN),
], { error: "Expected a color as #rrggbb or a predefined color name" });
export type ColorValue = z.infer<typeof colorValue>;

/** Predefined color (GET /colors, an array like GET /platforms): a name and its hex value. */
export const color = z.looseObject({
  name: z.string().regex(COLOR_NAME_PATTERN),
  hex: z.string().regex(HEX_COLOR_PATTERN),
});
export type Color = z.infer<typeof color>;
export const colorList = z.array(color);

/** Names are trimmed, 1–50 characters, unique per team (409 duplicateTag / duplicateStatus). */
export const LABEL_NAME_MAX = 50;
export const labelName = z.string().trim().min(1).max(LABEL_NAME_MAX);

export const tag = z.looseObject({
  id: serviceId,
  name: z.string(),
  color: colorValue,
});
export type Tag = z.infer<typeof tag>;

/**
 * Status: `color` as for tags (the spec says "expected"); we add `position`, the stage's
 * place in the pipeline (0 first), so every client draws the board in the same order.
 */
export const status = z.looseObject({
  id: serviceId,
  name: z.string(),
  color: colorValue,
  position: z.number().int().nonnegative(),
});
export type Status = z.infer<typeof status>;

/**
 * Create bodies are "not shown": `name` is required; `color` defaults to the first
 * predefined color; a status's `position` defaults to the end of the pipeline, and setting
 * it moves the stages after it along. Unknown fields are ignored, as in every v2 body
 * (lib/api/strict-body.ts).
 */
export const tagCreate = z.object({ name: labelName, color: colorValue.optional() });
export type TagCreate = z.infer<typeof tagCreate>;
export const tagPatch = z.object({ name: labelName.optional(), color: colorValue.optional() });
export type TagPatch = z.infer<typeof tagPatch>;

export const statusCreate = z.object({
  name: labelName,
  color: colorValue.optional(),
  position: z.number().int().nonnegative().optional(),
});
export type StatusCreate = z.infer<typeof statusCreate>;
export const statusPatch = z.object({
  name: labelName.optional(),
  color: colorValue.optional(),
  position: z.number().int().nonnegative().optional(),
});
export type StatusPatch = z.infer<typeof statusPatch>;
