import { z } from 'zod';
// Person-facing texts for zod's own failures, installed wherever the domain is loaded.
import './zod-messages';
import { ERROR_CODES } from './errors';

/**
 * A timestamp on the wire: an ISO 8601 string; on the server a Date. The server's
 * serializer encodes (Date -> string), so a route's response schema is the truth about
 * the JSON, and `z.input<>` of a response schema is the type the console receives.
 */
export const isoDateTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});

/** A calendar day on the wire and in PostgreSQL's `date` columns: YYYY-MM-DD. */
export const isoDay = z.iso.date();

/** `{ message }`: the answer of calls that only confirm. */
export const messageSchema = z.object({ message: z.string() });

/** Every list answers `{ data, totalItems }` (BLUEPRINT §3). */
export function listResultSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), totalItems: z.number().int() });
}

/** PostgreSQL `integer` (int4): every integer the API stores. Wider values would travel as strings. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number written in plain decimal digits, as ids, page numbers and sizes arrive
 * in paths, query strings and headers. `0x10`, `1.0`, `1e2`, ` 1` and `+1` are refused
 * (z.coerce.number would take them all).
 */
export function decimalInt({ min = 0, max = INT4_MAX }: { min?: number; max?: number } = {}) {
  const range = `a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  return z
    .string()
    .regex(/^[0-9]{1,10}$/, `Must be ${range}, written in digits`)
    .transform(Number)
    .pipe(z.number().int().min(min, `Must be ${range}`).max(max, `Must be ${range}`));
}

/** A record id in a path or query: 1 .. 2,147,483,647. */
export const idParam = decimalInt({ min: 1 });

/** The storage key of an image's thumbnail (made at upload with sharp): beside it, always WebP. */
export function thumbnailKey(key: string): string {
  return key.replace(/\.[a-z0-9]+$/, '-thumb.webp');
}

/**
 * The thumbnail of an image this server stores (`/files/{bucket}/{key}`), for list cells and
 * pickers; any other URL (an image hosted elsewhere) is itself.
 */
export function thumbnailUrl(url: string): string {
  const m = /^(\/files\/[a-z0-9-]+\/)([A-Za-z0-9_-]+\.[a-z0-9]+)$/.exec(url);
  return m ? `${m[1]}${thumbnailKey(m[2])}` : url;
}

/** The error answer as a schema: every route declares it for each error status it can give. */
export const apiIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export const apiErrorSchema = z
  .object({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    issues: z.array(apiIssueSchema).optional(),
  })
  .meta({
    id: 'ApiError',
    description: 'A failed call: a message for people, a stable code, field-level issues on 400',
  });
