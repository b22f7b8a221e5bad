import { describe, expect, it } from "vitest";
import { userPassword } from "@/lib/api/users";
import { generatePassword } from "./password";

describe("generatePassword", () => {
  it("gives four groups of four unambiguous symbols, which the server accepts", () => {
    const password = generatePassword();
    expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{4}(-[a-km-zA-HJ-NP-Z2-9]{4}){3}$/);
    expect(userPassword.safeParse(password).success).toBe(true);
  });

  it("differs each time", () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()));
    expect(seen.size).toBe(200);
  });

  it("skips bytes that would bias the first symbols", () => {
    // 255 is past the last whole multiple of the alphabet, so it never picks a symbol.
    let call = 0;
    const password = generatePassword((bytes) => bytes.fill(call++ === 0 ? 255 : 0));
    expect(password).toBe("aaaa-aaaa-aaaa-aaaa");
    expect(call).toBe(2);
  });
});
