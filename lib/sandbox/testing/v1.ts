import { expect } from "vitest";
import type { z } from "zod";
import { V1_SUNSET_HTTP_DATE, v1ErrorBody, v1ValidationDetails, type V1ErrorBody } from "@/lib/api/v1/errors";
import type { RawResponse, TestSandbox } from "./harness";

/**
 * The version 1 conformance suite's helpers: requests under `/v1` through the same harness,
 * and checks that every answer carries `Sunset` and, when it fails, the v1 error body.
 */
export function v1(t: TestSandbox) {
  return (method: string, path: string, init?: Parameters<TestSandbox["request"]>[2]) => t.request(method, `//v1${path}`, init);
}

export function expectV1Ok<Schema extends z.ZodType>(response: RawResponse, schema: Schema, status = 200): z.output<Schema> {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("sunset")).toBe(V1_SUNSET_HTTP_DATE);
  const parsed = schema.safeParse(response.json);
  if (!parsed.success) throw new Error(`Response does not match the v1 contract: ${parsed.error.message}\n${response.text.slice(0, 500)}`);
  return parsed.data;
}

/** The v1 error body with this status and code (its `status` field equal to the HTTP status), and `Sunset`. */
export function expectV1Error(response: RawResponse, status: number, code: string): V1ErrorBody["error"] {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("sunset")).toBe(V1_SUNSET_HTTP_DATE);
  const parsed = v1ErrorBody.safeParse(response.json);
  if (!parsed.success) throw new Error(`Not the v1 error body: ${response.text.slice(0, 500)}`);
  expect(parsed.data.error.code).toBe(code);
  expect(parsed.data.error.status).toBe(status);
  return parsed.data.error;
}

/** A VALIDATION_ERROR naming the field (and, when given, the issue). */
export function expectV1Validation(response: RawResponse, field: string, issue?: string) {
  const error = expectV1Error(response, 400, "VALIDATION_ERROR");
  const details = v1ValidationDetails.parse(error.details);
  expect(details.field).toBe(field);
  if (issue) expect(details.issue).toBe(issue);
  return details;
}
