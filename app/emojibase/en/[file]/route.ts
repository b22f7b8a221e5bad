import data from "emojibase-data/en/data.json";
import messages from "emojibase-data/en/messages.json";
import emojibasePackage from "emojibase-data/package.json";

/**
 * The emoji picker's data (Emojibase, English), served by the inbox itself: the picker would
 * otherwise fetch it from a public CDN, which neither the browser nor the machine may need.
 * It is a route rather than a copy under public/ so no build step has to make that copy: the
 * JSON is bundled from the installed `emojibase-data` and rendered once, at build time, into a
 * static file. The picker asks for `${emojibaseUrl}/en/data.json` and `…/en/messages.json`
 * (components/thread/emoji-picker.tsx), and checks its cached copy with a HEAD for the ETag,
 * which names the package's version, so an upgrade reaches browsers that hold the old one.
 */
const FILES = { "data.json": data, "messages.json": messages } as const;

export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return Object.keys(FILES).map((file) => ({ file }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (!(file in FILES)) return new Response(null, { status: 404 });
  return new Response(JSON.stringify(FILES[file as keyof typeof FILES]), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=86400",
      etag: `"emojibase-data-${emojibasePackage.version}-en-${file}"`,
    },
  });
}
