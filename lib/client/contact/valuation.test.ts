import { describe, expect, it } from "vitest";
import { currencySymbol, parseValuation, VALUATION_MAX, valuationText } from "./valuation";

describe("parseValuation", () => {
  it("clears with an empty field", () => {
    expect(parseValuation("")).toEqual({ ok: true, value: null });
    expect(parseValuation("   ")).toEqual({ ok: true, value: null });
  });

  it("reads plain numbers, zero and decimals", () => {
    expect(parseValuation("1500")).toEqual({ ok: true, value: 1500 });
    expect(parseValuation("0")).toEqual({ ok: true, value: 0 });
    expect(parseValuation("12.5")).toEqual({ ok: true, value: 12.5 });
    expect(parseValuation(".5")).toEqual({ ok: true, value: 0.5 });
    expect(parseValuation("12.")).toEqual({ ok: true, value: 12 });
    expect(parseValuation("+40")).toEqual({ ok: true, value: 40 });
  });

  it("forgives grouping, spaces and a currency sign or code", () => {
    expect(parseValuation("12,500.50")).toEqual({ ok: true, value: 12500.5 });
    expect(parseValuation("1 000 000")).toEqual({ ok: true, value: 1_000_000 });
    expect(parseValuation("€ 2,000")).toEqual({ ok: true, value: 2000 });
    expect(parseValuation("$15")).toEqual({ ok: true, value: 15 });
    expect(parseValuation("300 EUR")).toEqual({ ok: true, value: 300 });
  });

  it("refuses negative amounts with a sentence", () => {
    const result = parseValuation("-5");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/can't be negative/);
    expect(parseValuation("$-5").ok).toBe(false);
  });

  it("refuses what is not a number, and ambiguous decimal commas", () => {
    for (const text of ["abc", "12abc34", "1,5", "1,50", "1.2.3", ".", ",", "1e5", "NaN", "Infinity", "0x10"]) {
      const result = parseValuation(text);
      expect(result.ok, text).toBe(false);
      expect(!result.ok && result.error, text).toMatch(/as a number/);
    }
  });

  it("refuses amounts too large to store exactly", () => {
    expect(parseValuation(String(VALUATION_MAX))).toEqual({ ok: true, value: VALUATION_MAX });
    expect(parseValuation("99999999999999999999")).toEqual({ ok: false, error: "That amount is too large." });
  });
});

describe("valuationText", () => {
  it("reads back what parseValuation takes", () => {
    expect(valuationText(null)).toBe("");
    expect(valuationText(undefined)).toBe("");
    for (const value of [0, 1500, 12.5, 1_234_567]) expect(parseValuation(valuationText(value))).toEqual({ ok: true, value });
  });
});

describe("currencySymbol", () => {
  it("gives the sign, or the code when the currency is unknown", () => {
    expect(currencySymbol("EUR", "en")).toBe("€");
    expect(currencySymbol("USD", "en")).toBe("$");
    expect(currencySymbol("not a currency", "en")).toBe("not a currency");
  });
});
