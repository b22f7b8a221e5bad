/**
 * The simulated platforms' pictures: small SVGs derived from a key, so every media
 * attachment and avatar has an image without files on disk or a network call.
 */

export const MEDIA_WIDTH = 320;
export const MEDIA_HEIGHT = 200;

/** A 320×200 gradient with one shape; colors and shape follow from the media key. */
export function renderMediaSvg(mediaKey: string): string {
  const hash = hashString(mediaKey);
  const hue = hash % 360;
  const hue2 = (hue + 40 + ((hash >>> 9) % 100)) % 360;
  const shape = SHAPES[(hash >>> 17) % SHAPES.length] ?? circle;
  const cx = 90 + ((hash >>> 5) % 140);
  const cy = 60 + ((hash >>> 13) % 80);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MEDIA_WIDTH}" height="${MEDIA_HEIGHT}" viewBox="0 0 ${MEDIA_WIDTH} ${MEDIA_HEIGHT}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 70% 58%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 42%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="${MEDIA_WIDTH}" height="${MEDIA_HEIGHT}" fill="url(#g)"/>` +
    shape(cx, cy) +
    `</svg>`
  );
}

/** The member's or person's initials, white on a circle whose color follows from the name. */
export function renderAvatarSvg(name: string): string {
  const hue = hashString(name) % 360;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue} 55% 45%)"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="24" font-weight="600" fill="#fff">` +
    escapeXml(initials(name)) +
    `</text></svg>`
  );
}

/** An avatar as a `data:` URI, so it shows everywhere without a server. */
export function avatarDataUri(name: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(renderAvatarSvg(name), "utf8").toString("base64")}`;
}

const circle = (cx: number, cy: number) => `<circle cx="${cx}" cy="${cy}" r="46" fill="#fff" fill-opacity="0.35"/>`;
const SHAPES: ((cx: number, cy: number) => string)[] = [
  circle,
  (cx, cy) => `<rect x="${cx - 50}" y="${cy - 36}" width="100" height="72" rx="12" fill="#fff" fill-opacity="0.3"/>`,
  (cx, cy) => `<polygon points="${cx},${cy - 50} ${cx + 56},${cy + 40} ${cx - 56},${cy + 40}" fill="#fff" fill-opacity="0.3"/>`,
  (_cx, cy) => `<path d="M0 ${cy + 40} Q 80 ${cy - 20} 160 ${cy + 30} T 320 ${cy}" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="14"/>`,
];

function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const first = words[0]?.[0] ?? "?";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** FNV-1a: a stable 32-bit hash, so a key always draws the same picture. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
