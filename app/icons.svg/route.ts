import { iconSprite } from "@/components/ui/icon-sprite";
import * as icons from "@/components/ui/icons";

/**
 * The icons' sprite (components/ui/icons), rendered once at build time into a static file. Its
 * address carries the icons' version, so browsers keep it for good.
 */
export const dynamic = "force-static";

export async function GET() {
  const names = Object.values(icons).flatMap((entry) => (typeof entry === "function" && "iconName" in entry ? [entry.iconName] : []));
  return new Response(await iconSprite(names), {
    headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=31536000, immutable" },
  });
}
