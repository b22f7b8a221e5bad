import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { Faults } from "./simulator/faults";
import type { Settler } from "./simulator/settle";
import type { RateLimiter, RateLimits } from "./rate-limit";
import type { teams } from "./schema";
import type { MediaUrlSigner } from "./model/serialize";
import type { SandboxStore } from "./store";

/** What every sandbox route module is given. */
export type SandboxContext = {
  store: SandboxStore;
  faults: Faults;
  rateLimiter: RateLimiter;
  /** Settles sends answered 502 sendUnconfirmed (simulator/settle.ts). */
  settler: Settler;
  config: SandboxConfig;
  /** Signs expiring media URLs relative to the sandbox's public origin. */
  mediaSigner(c: Context): MediaUrlSigner;
  verifyMedia(mediaKey: string, exp: string | undefined, sig: string | undefined): "ok" | "expired" | "invalid";
};

export type SandboxConfig = {
  /** The `/_sandbox` control API; off when a real deployment must not expose it. */
  control: boolean;
  rateLimits: RateLimits;
  /** The origin media URLs are built on; defaults to the request's own origin. */
  publicBaseUrl: string | null;
  mediaSecret: string;
  /** How long a media URL stays valid. */
  mediaUrlTtlMs: number;
  /** How long an Idempotency-Key is remembered (our choice: 24 hours). */
  idempotencyTtlMs: number;
  /** Webhook targets allowed besides loopback: the embedding inbox's own receiver (rules: events/webhook-subscriptions). */
  webhookUrls: readonly string[];
  /**
   * Whether advancing the clock (POST /_sandbox/clock/advance) runs the active campaigns for
   * the time jumped. The embedded demo turns it off, so what a test or a visitor sees changes
   * only when asked (POST /_sandbox/campaigns/run), whatever the hour on the sandbox's clock.
   */
  campaignsOnClockAdvance: boolean;
};

export type SandboxEnv = {
  Variables: {
    requestId: string;
    team: typeof teams.$inferSelect;
    /** The bearer token the request came with (injected faults may belong to it alone). */
    token: string;
  };
};

export function createMediaSigning(config: SandboxConfig, now: () => Date) {
  const signature = (key: string, exp: number) =>
    createHmac("sha256", config.mediaSecret).update(`${key}.${exp}`).digest("base64url");
  return {
    mediaSigner(c: Context): MediaUrlSigner {
      const origin = config.publicBaseUrl ?? new URL(c.req.url).origin;
      return (mediaKey, expiresAt) => {
        const exp = Math.floor(expiresAt.getTime() / 1000);
        return `${origin}/media/${encodeURIComponent(mediaKey)}?exp=${exp}&sig=${signature(mediaKey, exp)}`;
      };
    },
    verifyMedia(mediaKey: string, exp: string | undefined, sig: string | undefined): "ok" | "expired" | "invalid" {
      if (!exp || !sig || !/^\d+$/.test(exp)) return "invalid";
      const expected = Buffer.from(signature(mediaKey, Number(exp)));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
      return Number(exp) * 1000 > now().getTime() ? "ok" : "expired";
    },
  };
}
