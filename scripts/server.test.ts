import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type ServerModule = {
  PEER_ADDRESS_HEADER: string;
  stampPeerAddress(request: IncomingMessage): void;
  refuseForbiddenMethod(request: IncomingMessage, response: ServerResponse): boolean;
};

describe("scripts/server.mjs: the peer address header", () => {
  let server: Server;
  let port: number;
  let peer: ServerModule;

  beforeAll(async () => {
    // A plain .mjs file (it runs with `node`): imported by a specifier TypeScript does not resolve.
    peer = (await import("./server.mjs" as string)) as ServerModule;
    // Answers with the headers Next would have been handed.
    server = createServer((request, response) => {
      if (peer.refuseForbiddenMethod(request, response)) return;
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

  it("answers TRACE, which the Fetch standard forbids, with the spec's 405 before Next fails on it", async () => {
    for (const method of ["TRACE"]) {
      const answer = await new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const outgoing = httpRequest({ host: "127.0.0.1", port, path: "/api/v2/threads", method }, (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }));
        });
        outgoing.on("error", reject);
        outgoing.end();
      });
      expect(answer.status).toBe(405);
      expect(answer.body).toMatchObject({ code: "methodNotAllowed", details: null, requestId: expect.stringMatching(/^inbox/) });
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });
});
