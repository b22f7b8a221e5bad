import type { IconName, DynamicIconModule } from "lucide-react/dynamic";
import dynamicIconImports from "lucide-react/dynamicIconImports";

type IconNode = NonNullable<DynamicIconModule["__iconData"]>["node"][number];

/**
 * The sprite components/ui/icons draws from: one `<symbol>` per icon, its id the icon's name, its
 * shapes lucide's own data for it (the same lucide-react would draw). Built once, at build time
 * (app/icons.svg/route.ts).
 */
export async function iconSprite(names: Iterable<IconName>): Promise<string> {
  const symbols = await Promise.all(
    [...new Set(names)].sort().map(async (name) => {
      const { __iconData: data } = (await dynamicIconImports[name]()) as DynamicIconModule;
      if (!data) throw new Error(`lucide-react has no shapes for the icon "${name}"`);
      const width = data.width ?? data.size ?? 24;
      const height = data.height ?? data.size ?? 24;
      return `<symbol id="${name}" viewBox="0 0 ${width} ${height}">${data.node.map(shape).join("")}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}

function shape([tag, attributes, children = []]: IconNode): string {
  const written = Object.entries(attributes)
    // `key` is React's, not the shape's; lucide's names are SVG's, React's camelCase written back.
    .filter(([name, value]) => name !== "key" && value !== undefined)
    .map(([name, value]) => ` ${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeAttribute(String(value))}"`)
    .join("");
  return `<${tag}${written}>${children.map(shape).join("")}</${tag}>`;
}

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");
