import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, PEER_ADDRESS_HEADER, clientAddress } from "./client-address";

function headers(peer: string | null, forwardedFor?: string, extra: Record<string, string> = {}): Headers {
  const result = new Headers(extra);
  if (peer !== null) result.set(PEER_ADDRESS_HEADER, peer);
  if (forwardedFor !== undefined) result.set("x-forwarded-for", forwardedFor);
  return result;
}

describe("clientAddress", () => {
  it("is the socket's peer when no proxy is trusted, whatever the client forwarded or claimed", () => {
    expect(clientAddress(headers("203.0.113.7"), [])).toBe("203.0.113.7");
    expect(clientAddress(headers("203.0.113.7", "198.51.100.1"), [])).toBe("203.0.113.7");
    expect(clientAddress(headers("203.0.113.7", undefined, { [CLIENT_ADDRESS_HEADER]: "198.51.100.1" }), [])).toBe("203.0.113.7");
  });

  it("is the peer when the peer is not a trusted proxy, even if others are", () => {
    expect(clientAddress(headers("203.0.113.7", "198.51.100.1"), ["10.0.0.0/8"])).toBe("203.0.113.7");
  });

  it("behind trusted proxies, is the first hop from the right that they did not add", () => {
    const trusted = ["10.0.0.0/8", "192.168.1.10"];
    // The client forged its own leftmost entry; the proxies appended the real address.
    expect(clientAddress(headers("10.0.0.2", "1.2.3.4, 203.0.113.7"), trusted)).toBe("203.0.113.7");
    expect(clientAddress(headers("10.0.0.2", "1.2.3.4, 203.0.113.7, 192.168.1.10"), trusted)).toBe("203.0.113.7");
    // A client-written hop left of the real one is never reached, whatever it holds.
    expect(clientAddress(headers("10.0.0.2", "not-an-address, 203.0.113.7"), trusted)).toBe("203.0.113.7");
  });

  it("never falls back to a bucket shared by everyone: a trusted chain gives its nearest real address", () => {
    const trusted = ["10.0.0.0/8"];
    expect(clientAddress(headers("10.0.0.2"), trusted)).toBe("10.0.0.2");
    expect(clientAddress(headers("10.0.0.2", "10.1.1.1"), trusted)).toBe("10.1.1.1");
    expect(clientAddress(headers("10.0.0.2", "garbage, 10.1.1.1"), trusted)).toBe("10.1.1.1");
  });

  it("reads IPv4 peers of a dual-stack socket as IPv4, for proxies and better-auth alike", () => {
    expect(clientAddress(headers("::ffff:10.0.0.2", "203.0.113.7"), ["10.0.0.0/8"])).toBe("203.0.113.7");
    expect(clientAddress(headers("::ffff:203.0.113.7"), [])).toBe("203.0.113.7");
    expect(clientAddress(headers("2001:db8::1"), [])).toBe("2001:db8::1");
    expect(clientAddress(headers("2001:db8::1", "203.0.113.7"), ["2001:db8::/32"])).toBe("203.0.113.7");
  });

  it("is null without a peer header (the inbox was not started through scripts/server.mjs)", () => {
    expect(clientAddress(headers(null, "203.0.113.7"), [])).toBeNull();
    expect(clientAddress(headers(null, "203.0.113.7", { [CLIENT_ADDRESS_HEADER]: "203.0.113.7" }), ["0.0.0.0/0"])).toBeNull();
    expect(clientAddress(headers("not-an-address"), [])).toBeNull();
  });
});
