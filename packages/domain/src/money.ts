import { z } from 'zod';
import { CURRENCIES } from './enums';
import { moneyMinor } from './fields';

/**
 * Money is a whole number of the currency's smallest unit (paise, cents) with its ISO 4217
 * code: never a float, so sums and comparisons are exact (decision 018).
 */
export type CurrencyCode = (typeof CURRENCIES)[number]['value'];
export type Money = { amountMinor: number; currency: CurrencyCode };

export const currencyCode = z.enum(CURRENCIES.map((c) => c.value) as [CurrencyCode, ...CurrencyCode[]], {
  message: `Choose a currency (${CURRENCIES.map((c) => c.value).join(', ')})`,
});
export const moneySchema = z.strictObject({ amountMinor: moneyMinor, currency: currencyCode });

/** Digits after the decimal point of a currency (2 for INR and USD; 0 for JPY). */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount for people, in its own currency: 1999900 INR -> "₹19,999.00". */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-IN'): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountMinor / 10 ** digits);
}
