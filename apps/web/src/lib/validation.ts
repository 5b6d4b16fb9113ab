import type { z } from 'zod';
import { ApiError } from './api-client';

export type FieldErrors = Record<string, string>;

/** First issue message per top-level field of a failed zod parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    const name = key === undefined ? '_form' : String(key);
    if (out[name] === undefined) out[name] = issue.message;
  }
  return out;
}

/** Validates with a zod schema; null when valid. */
export function validate(schema: z.ZodType, value: unknown): FieldErrors | null {
  const result = schema.safeParse(value);
  return result.success ? null : zodFieldErrors(result.error);
}

/** Server-side 400 issues as field errors (path[0] is the field name); empty for other failures. */
export function serverFieldErrors(err: unknown): FieldErrors {
  return err instanceof ApiError && err.status === 400 ? err.fieldErrors() : {};
}
