import type { Color } from "@/lib/api/labels";

/**
 * The predefined colors (GET /colors). A tag or status `color` is either `#rrggbb` or one of
 * these names; the hex values are Tailwind's 600 shades, readable on light and dark themes.
 * The first is the default for a label created without a color.
 */
export const PREDEFINED_COLORS = [
  { name: "gray", hex: "#4b5563" },
  { name: "red", hex: "#dc2626" },
  { name: "orange", hex: "#ea580c" },
  { name: "amber", hex: "#d97706" },
  { name: "yellow", hex: "#ca8a04" },
  { name: "green", hex: "#16a34a" },
  { name: "teal", hex: "#0d9488" },
  { name: "blue", hex: "#2563eb" },
  { name: "indigo", hex: "#4f46e5" },
  { name: "violet", hex: "#7c3aed" },
  { name: "pink", hex: "#db2777" },
  { name: "rose", hex: "#e11d48" },
] as const satisfies readonly Color[];

export type PredefinedColorName = (typeof PREDEFINED_COLORS)[number]["name"];

export const DEFAULT_COLOR: PredefinedColorName = PREDEFINED_COLORS[0].name;

/** Whether a color name is one of the predefined ones (names are exact: `blue`, not `Blue`). */
export function isPredefinedColor(name: string): name is PredefinedColorName {
  return PREDEFINED_COLORS.some((color) => color.name === name);
}
