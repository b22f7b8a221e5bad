import "server-only";
import { apiError } from "./route";

/**
 * A request's body as text, refused with 413 payloadTooLarge (`details.maxBytes`) past
 * `maxBytes`: at once when `Content-Length` says so, else as soon as the bytes read pass it,
 * so an oversized body is never held whole. Next's proxy.ts cuts bodies it buffers at
 * next.config's `proxyClientMaxBodySize`, which is larger than any limit given here: a body it
 * cut is still over the limit, and refused, never parsed half.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString("utf8");
}

function tooLarge(maxBytes: number) {
  return apiError("payloadTooLarge", `The request body is larger than the ${maxBytes} bytes it may be.`, { maxBytes });
}
