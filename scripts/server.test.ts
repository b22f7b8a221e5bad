import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type ServerModule = { PEER_ADDRESS_HEADER: string; stampPeerAddress(request: IncomingMessage): void };

describe("scripts/server.mjs: the peer address header", () => {
  let server: Server;
  let port: number;
  let peer: ServerModule;

  beforeAll(async () => {
    // A plain .mjs file (it runs with `node`): imported by a specifier TypeScript does not resolve.
    peer = (await import("./server.mjs" as string)) as ServerModule;
    // Answers with the headers Next would have been handed.
    server = createServer((request, response) => {
      peer.stampPeerAddress(request);
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(request.headers));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function headersSeen(headers: Record<string, string | string[]>): Promise<Record<string, string>> {
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest({ host: "127.0.0.1", port, path: "/api/auth/sign-in/email", headers }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve(JSON.parse(body)));
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
  }

  it("names the socket's address, whatever the client sent under that name", async () => {
    const seen = await headersSeen({ [peer.PEER_ADDRESS_HEADER]: ["203.0.113.7", "198.51.100.1"], "x-forwarded-for": "203.0.113.8" });
    expect(seen[peer.PEER_ADDRESS_HEADER]).toBe("127.0.0.1");
    // X-Forwarded-For is left for the trusted-proxy rule to judge (lib/server/accounts/client-address).
    expect(seen["x-forwarded-for"]).toBe("203.0.113.8");
  });

  it("is there without the client sending anything", async () => {
    expect((await headersSeen({}))[peer.PEER_ADDRESS_HEADER]).toBe("127.0.0.1");
  });
});
