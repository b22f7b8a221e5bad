import "server-only";
import { BlockList, isIP } from "node:net";
import { z } from "zod";

/**
 * The address a request comes from, which the sign-in limit per address counts.
 *
 * - The inbox's server (scripts/server.mjs) writes the socket's peer into `x-inbox-peer-address`
 *   on every request, over whatever a client sent, so that header is the only one trusted as is.
 * - When that peer is one of `INBOX_TRUSTED_PROXIES`, the proxies' `X-Forwarded-For` is walked
 *   from the right past every trusted hop; the first other address is the client's. A hop that
 *   is not an address ends the walk at the last address before it, and a chain of trusted hops
 *   only gives its leftmost: the limit then counts the nearest address known, never a shared
 *   "unknown". A direct client's own `X-Forwarded-For` is never read.
 * - No peer header means the inbox was not started through scripts/server.mjs (a bare
 *   `next start`): null, and the sign-in handler refuses rather than count every client together.
 *
 * better-auth is handed the result in `CLIENT_ADDRESS_HEADER` (lib/server/accounts/sign-in.ts),
 * the one header it is configured to read (lib/server/accounts/auth.ts).
 */
export const PEER_ADDRESS_HEADER = "x-inbox-peer-address";
export const CLIENT_ADDRESS_HEADER = "x-inbox-client-address";

export function clientAddress(headers: Headers, trustedProxies: readonly string[]): string | null {
  const peer = address(headers.get(PEER_ADDRESS_HEADER));
  if (!peer) return null;
  const trusted = blockList(trustedProxies);
  if (!isTrusted(trusted, peer)) return peer;
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim()).filter(Boolean);
  let nearest = peer;
  for (const hop of hops.reverse()) {
    const hopAddress = address(hop);
    if (!hopAddress) return nearest;
    nearest = hopAddress;
    if (!isTrusted(trusted, hopAddress)) return hopAddress;
  }
  return nearest;
}

const ipAddress = z.union([z.ipv4(), z.ipv6()]);

/** An address in the form better-auth accepts: IPv4-mapped IPv6 as IPv4, no zone; else null. */
function address(value: string | null): string | null {
  if (!value) return null;
  const plain = value.trim().replace(/%.*$/, "").replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  return ipAddress.safeParse(plain).success ? plain : null;
}

function blockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [network = "", prefix] = entry.split("/");
    const type = isIP(network) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(network, type);
    else list.addSubnet(network, Number(prefix), type);
  }
  return list;
}

function isTrusted(list: BlockList, value: string): boolean {
  return list.check(value, isIP(value) === 6 ? "ipv6" : "ipv4");
}
