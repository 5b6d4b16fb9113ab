import { z } from 'zod';

/** Request schema pieces shared by resource definitions, with messages written for people. */
export const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);
export const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).nullable().optional();

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): they reorder what follows,
 * so "Admin\u202Egpj.exe" shows as "Adminexe.jpg". A name never needs one: Arabic and Hebrew
 * names run in their own direction without them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Characters that show nothing: whitespace, format characters (zero-width ones, joiners, BOM), fillers. */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]+$/u;
/** Zero-width characters with no meaning in a name: removed. ZWJ and ZWNJ stay (Indic scripts, emoji need them). */
const STRAY_ZERO_WIDTH = /[\u200B\u2060\uFEFF]/g;

/**
 * A person's name or another text that identifies someone or something to other people
 * (decision 030): NFC-normalised, refused with a bidirectional control or when it is only
 * invisible characters, stray zero-width spaces removed, trimmed. `label` names the field in
 * its messages. Chain `.min` / `.max` / `.optional()` as on any string.
 */
export const nameText = (label: string, base: z.ZodString = z.string()) =>
  base
    .normalize('NFC')
    .refine((v) => !BIDI_CONTROLS.test(v), {
      message: `${label} cannot contain hidden direction characters`,
      abort: true,
    })
    .refine(
      (v) => {
        const trimmed = v.trim();
        return trimmed === '' || !INVISIBLE_ONLY.test(trimmed);
      },
      {
        message: `Enter ${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label.toLowerCase()} with visible characters`,
        abort: true,
      },
    )
    .overwrite((v) => v.replace(STRAY_ZERO_WIDTH, ''))
    .trim();
/** A required name: `requiredText` for names and identifying texts. */
export const requiredName = (label: string, max: number) =>
  nameText(label).min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);
/** An optional name (null or '' clears it): `optionalText` for names and identifying texts. */
export const optionalName = (label: string, max: number) =>
  nameText(label).max(max, `At most ${max} characters`).nullable().optional();

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

/**
 * The dates a field may hold: from a fixed first day to some years after today. The schema
 * below refuses the rest on the server; the console's date pickers take the same bounds.
 */
export type DateBounds = { min: string; yearsAhead: number };

/** Content dates (a blog's publication, an event): nothing before 2000, at most 5 years ahead. */
export const CONTENT_DATE_BOUNDS: DateBounds = { min: '2000-01-01', yearsAhead: 5 };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
/** A day in the spec's words ("Do MMM yyyy"): 1st Jan 2000. */
export function dayInWords(d: Date): string {
  return `${ordinal(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The first and last instants a field with these bounds accepts, as of `now`. */
export function dateRange(bounds: DateBounds, now: Date = new Date()): { min: Date; max: Date } {
  const min = new Date(`${bounds.min}T00:00:00.000Z`);
  const max = new Date(
    Date.UTC(now.getUTCFullYear() + bounds.yearsAhead, now.getUTCMonth(), now.getUTCDate(), 23, 59, 59, 999),
  );
  return { min, max };
}

/** Why a date is outside its field's bounds, or undefined when it is inside. */
export function dateBoundsIssue(
  label: string,
  value: Date,
  bounds: DateBounds,
  now: Date = new Date(),
): string | undefined {
  const { min, max } = dateRange(bounds, now);
  if (Number.isNaN(value.getTime())) return `${label} must be a date`;
  if (value < min || value > max) return `${label} must be between ${dayInWords(min)} and ${dayInWords(max)}`;
  return undefined;
}

/** An ISO date-time with an offset, inside the field's bounds (checked as of the moment of parsing). */
export function boundedDateTime(label: string, bounds: DateBounds) {
  return z.iso.datetime({ offset: true, message: `${label} must be a date and time` }).superRefine((v, ctx) => {
    const at = new Date(v);
    // Not a date at all: the format's own message says so.
    if (Number.isNaN(at.getTime())) return;
    const issue = dateBoundsIssue(label, at, bounds);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });
}

/** A calendar day (YYYY-MM-DD) inside the field's bounds. */
export function boundedDay(label: string, bounds: DateBounds) {
  return z.iso.date({ message: `${label} must be a date` }).superRefine((v, ctx) => {
    const issue = dateBoundsIssue(label, new Date(`${v}T00:00:00.000Z`), bounds);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });
}

/** A learner's dates (follow-ups, deadlines, a placement blacklist): from 2015 to 3 years ahead. */
export const LEARNER_DATE_BOUNDS: DateBounds = { min: '2015-01-01', yearsAhead: 3 };
