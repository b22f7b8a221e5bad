import { describe, expect, it, vi } from "vitest";
import { brandedError, isBranded } from "./branded-error";

class Refused extends brandedError("TestRefused") {
  readonly reason: string;
  constructor(reason: string) {
    super(`Refused: ${reason}`);
    this.reason = reason;
  }
}

describe("brandedError", () => {
  it("recognises an error made by another copy of the module, as Next's separate server bundles have", async () => {
    vi.resetModules();
    const other = await import("./branded-error");
    expect(other.brandedError).not.toBe(brandedError);
    class OtherRefused extends other.brandedError("TestRefused") {}
    const theirs = new OtherRefused("from the other bundle");
    expect(theirs instanceof Refused).toBe(true);
    expect(new Refused("ours") instanceof OtherRefused).toBe(true);
    expect(isBranded(theirs, "TestRefused")).toBe(true);
  });

  it("keeps what an error is: an Error with its name, message, cause and own fields", () => {
    const cause = new Error("underneath");
    const error = new (class extends brandedError("TestWithCause") {})("on top", { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("TestWithCause");
    expect(error.message).toBe("on top");
    expect(error.cause).toBe(cause);
    expect(new Refused("why").reason).toBe("why");
    // The brand stays out of copies and what is serialised.
    expect(Object.getOwnPropertySymbols({ ...new Refused("x") })).toEqual([]);
    expect(JSON.parse(JSON.stringify(new Refused("x")))).toEqual({ name: "TestRefused", reason: "x" });
  });

  it("tells brands, plain errors and look-alikes apart", () => {
    class Other extends brandedError("TestOther") {}
    expect(new Other() instanceof Refused).toBe(false);
    expect(new Refused("x") instanceof Other).toBe(false);
    expect(new Error("plain") instanceof Refused).toBe(false);
    expect({ name: "TestRefused", message: "x", reason: "x" } instanceof Refused).toBe(false);
    for (const value of [null, undefined, "TestRefused", 0]) expect(isBranded(value, "TestRefused")).toBe(false);
  });

  it("leaves a subclass of a branded class the ordinary check, so it never claims its parent's other errors", () => {
    class Narrower extends Refused {}
    expect(new Narrower("x") instanceof Refused).toBe(true);
    expect(new Narrower("x") instanceof Narrower).toBe(true);
    expect(new Refused("x") instanceof Narrower).toBe(false);
  });
});
