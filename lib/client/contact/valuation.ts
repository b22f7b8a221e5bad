/**
 * Reading what a person types as a contact's valuation. The API takes a finite number ≥ 0 or
 * null; anything else is refused here with a sentence, so no request is sent for it.
 */

export type ValuationInput = { ok: true; value: number | null } | { ok: false; error: string };

/**
 * Largest amount accepted: beyond it a double no longer holds every whole number, so what was
 * typed would not be what is stored.
 */
export const VALUATION_MAX = Number.MAX_SAFE_INTEGER;

/**
 * Empty clears (null). Spaces, a leading currency sign and thousands separators are allowed
 * ("€ 12,500.50"); the decimal mark is a point, so "1,5" is refused rather than misread.
 */
export function parseValuation(text: string): ValuationInput {
  let s = text.replace(/[\s\u00a0\u202f_']/g, "");
  if (s === "") return { ok: true, value: null };
  // A sign or code typed out of habit before or after the amount, like "$", "€", "EUR".
  s = s.replace(/^[^\d\-+.,]+/, "").replace(/[^\d.,]+$/, "");
  if (s.startsWith("-")) return { ok: false, error: "The valuation can't be negative. Enter 0 or more, or leave it empty to clear it." };
  if (s.startsWith("+")) s = s.slice(1);
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d*)?$|^\.\d+$/.test(s)) {
    return { ok: false, error: "Enter the valuation as a number, like 1500 or 1,500.50, or leave it empty to clear it." };
  }
  const value = Number(s.replace(/,/g, ""));
  if (!Number.isFinite(value) || value > VALUATION_MAX) return { ok: false, error: "That amount is too large." };
  return { ok: true, value };
}

/** A valuation as it is edited: plain digits, no grouping, so it reads back exactly. */
export function valuationText(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value);
}

/** The currency's sign for the input's prefix ("€", "$"), or the code when it has none. */
export function currencySymbol(currency: string, locale?: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" }).formatToParts(0);
    return parts.find((p) => p.type === "currency")?.value ?? currency;
  } catch {
    return currency;
  }
}
