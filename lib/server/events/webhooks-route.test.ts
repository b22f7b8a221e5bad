import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as webhooksRoute from "@/app/api/webhooks/route";
import { errorBody } from "@/lib/api/error-schemas";
import { log } from "../runtime/log";
import { ORIGIN, startTestBff, type TestBff } from "../testing/bff";

// POST /api/webhooks refuses what is not the API's with the spec body, and never as a failure of ours.
const SECRET = `whsec_${Buffer.from("the-route-test-secret-32-bytes!!").toString("base64")}`;
let bff: TestBff;

beforeAll(async () => {
  bff = await startTestBff({ INBOX_WEBHOOK_SECRET: SECRET });
  await bff.runtime.gateway.index.ready();
}, 60_000);
afterAll(() => bff.close());
afterEach(() => vi.restoreAllMocks());

function signed(body: string, { secret = SECRET, at = new Date(), id = "msg_route_test" }: { secret?: string; at?: Date; id?: string } = {}): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

async function post(body: string, headers: Record<string, string>): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/webhooks`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return webhooksRoute.POST(request, { params: Promise.resolve({}) });
}

async function expectRefused(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = errorBody.parse(await response.json());
  expect(body.code).toBe(code);
  expect(body.details).toBeNull();
  expect(body.requestId).toBeTruthy();
  expect(response.headers.get("x-request-id")).toBe(body.requestId);
}

describe("POST /api/webhooks refusals", () => {
  it("a missing, malformed, forged or stale signature is 401 unauthorized, logged as a refusal and not as a failure", async () => {
    const errors = vi.spyOn(log, "error");
    const warnings = vi.spyOn(log, "warn");
    const body = JSON.stringify({ id: "evt1" });
    const other = `whsec_${Buffer.from("another-secret-of-thirty-two-bytes").toString("base64")}`;
    const cases: Record<string, string>[] = [
      {},
      { "webhook-id": "msg_1" },
      { ...signed(body), "webhook-signature": "" },
      { ...signed(body), "webhook-signature": "v1,not-base64-at-all" },
      { ...signed(body), "webhook-signature": "v2,abc v1" },
      { ...signed(body), "webhook-timestamp": "yesterday" },
      { ...signed(body), "webhook-timestamp": "99999999999999999999" },
      signed(body, { secret: other }),
      signed(body, { at: new Date(Date.now() - 10 * 60_000) }),
      signed(body, { at: new Date(Date.now() + 10 * 60_000) }),
    ];
    for (const headers of cases) await expectRefused(await post(body, headers), 401, "unauthorized");
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).toHaveBeenCalledTimes(cases.length);
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ reason: "signature" }), expect.stringMatching(/^webhook rejected/));
  });

  it("a signed body that is not an event is 400 invalidRequest, and not logged as a failure", async () => {
    const errors = vi.spyOn(log, "error");
    for (const body of ["", "not json", "{", "null", "42", '"text"', "[]", "{}", JSON.stringify({ id: "evt1", type: "message.received" })]) {
      await expectRefused(await post(body, signed(body)), 400, "invalidRequest");
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it("a refusal raised by another copy of the verifier (the runtime's bundle) is still answered as a refusal", async () => {
    vi.resetModules();
    const other = await import("./webhook-verify");
    const errors = vi.spyOn(log, "error");
    for (const [reason, status, code] of [["signature", 401, "unauthorized"], ["body", 400, "invalidRequest"]] as const) {
      vi.spyOn(bff.runtime.events, "receiveWebhook").mockImplementationOnce(() => {
        throw new other.WebhookRejected(reason, "Refused by the runtime's copy.");
      });
      await expectRefused(await post("{}", signed("{}")), status, code);
    }
    expect(errors).not.toHaveBeenCalled();
  });
});
