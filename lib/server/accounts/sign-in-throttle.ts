import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Sign-in attempts per account, beside better-auth's limit per client address: one client
 * with many addresses (a botnet, IPv6 ranges) still gets 20 guesses at an account. Counted in
 * a hook on better-auth's sign-in endpoint (lib/server/accounts/auth), so every attempt that
 * endpoint parses counts, whatever its encoding. A successful sign-in clears the count.
 */
export const ACCOUNT_ATTEMPTS = { points: 20, durationSeconds: 15 * 60 } as const;

export type SignInThrottle = {
  /** Null when allowed, else the seconds to wait. */
  attempt(email: string): Promise<number | null>;
  succeeded(email: string): Promise<void>;
};

export function createSignInThrottle(options: { points: number; durationSeconds: number } = ACCOUNT_ATTEMPTS): SignInThrottle {
  const limiter = new RateLimiterMemory({ keyPrefix: "sign-in", points: options.points, duration: options.durationSeconds });
  const key = (email: string) => email.trim().toLowerCase();
  return {
    async attempt(email) {
      try {
        await limiter.consume(key(email));
        return null;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw rejection;
      }
    },
    async succeeded(email) {
      await limiter.delete(key(email));
    },
  };
}
