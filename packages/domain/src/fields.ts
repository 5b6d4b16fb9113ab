import { z } from 'zod';

/** Request schema pieces shared by resource definitions, with messages written for people. */
export const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);
export const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).nullable().optional();
export const optionalUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Must be a http(s) link' }).max(500)])
  .nullable()
  .optional();
export const optionalEmail = z
  .union([z.literal(''), z.email('Enter a valid email').max(254)])
  .nullable()
  .optional();
export const recordId = (label: string) =>
  z
    .number({ message: `Choose a ${label.toLowerCase()}` })
    .int()
    .min(1, `Choose a ${label.toLowerCase()}`)
    .max(2_147_483_647);
/** Money in minor units (paise, cents): a whole, non-negative number. */
export const moneyMinor = z
  .number({ message: 'Enter an amount' })
  .int('Amounts are whole numbers of the smallest unit (paise, cents)')
  .min(0, 'An amount cannot be negative')
  .max(2_000_000_000, 'That amount is too large');
export const version = z.number().int().min(1);

/** The update schema of a create schema: every field optional, plus the record's version. */
export function updateOf<T extends z.ZodRawShape>(create: z.ZodObject<T>) {
  return create.partial().extend({ version });
}
