/**
 * The one rule for our error classes: each extends `brandedError("Name")`, and `instanceof`
 * checks a brand instead of the prototype chain. Next bundles the server's runtime (made at
 * instrumentation) apart from each route handler, each with its own copy of every module, so
 * an error thrown by the runtime fails a route's `instanceof` of its own copy of the class —
 * and what should have been a 401 or a 404 answered 500 with a stack. A brand is a
 * `Symbol.for` key, the same in every copy. lib/api/branded-error.test.ts fails for a class
 * that does not follow the rule.
 */
export function brandedError(name: string) {
  const brand = brandOf(name);
  class Branded extends Error {
    static override [Symbol.hasInstance](value: unknown): boolean {
      // A subclass of a branded class has no brand of its own: it keeps the ordinary check.
      if (this !== Branded && Object.getPrototypeOf(this) !== Branded) return Function.prototype[Symbol.hasInstance].call(this, value);
      return isBranded(value, name);
    }
    constructor(message?: string, options?: ErrorOptions) {
      super(message, options);
      this.name = name;
      // Not enumerable: the brand stays out of JSON and spreads.
      Object.defineProperty(this, brand, { value: true });
    }
  }
  return Branded;
}

/** Whether a value is an error of the branded class `name`, from whichever copy of its module. */
export function isBranded(value: unknown, name: string): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brandOf(name)] === true;
}

function brandOf(name: string): symbol {
  return Symbol.for(`team-inbox.${name}`);
}
