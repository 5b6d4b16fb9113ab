import { type ApiIssue, INT4_MAX, INT4_MIN } from '@cohort/domain';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { badRequest } from './errors';

/**
 * What PostgreSQL cannot store, refused before any SQL runs, for every text, integer and
 * date of every request (one walk over the parsed body, query, params and headers):
 * - text with a NUL character (PostgreSQL text cannot hold U+0000);
 * - integers outside int4, the type of every integer column here;
 * - dates outside the years 1 to 9999 (what a date input, the console and ISO 8601's
 *   four-digit years can say; PostgreSQL would take more, JavaScript's ISO output not).
 */
export function unstorableIssues(value: unknown, path: (string | number)[] = []): ApiIssue[] {
  if (typeof value === 'string') {
    return value.includes('\u0000')
      ? [{ path, message: 'Remove the invisible NUL character (\\u0000) from this text' }]
      : [];
  }
  if (typeof value === 'number') {
    if (Number.isInteger(value) && (value < INT4_MIN || value > INT4_MAX)) {
      return [
        {
          path,
          message: `Must be between ${INT4_MIN.toLocaleString('en-US')} and ${INT4_MAX.toLocaleString('en-US')}`,
        },
      ];
    }
    return [];
  }
  if (value instanceof Date) {
    const year = value.getUTCFullYear();
    return Number.isNaN(year) || year < 1 || year > 9999
      ? [{ path, message: 'Must be a date between the years 1 and 9999' }]
      : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => unstorableIssues(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => unstorableIssues(v, [...path, k]));
  }
  return [];
}

type ValidatorCompiler = typeof validatorCompiler;

/**
 * fastify-type-provider-zod's validator, then the storable check on what it parsed: one
 * place for every route. Its refusal is an AppError, so the error handler answers it as
 * any other 400 with field-level issues.
 */
export const storableValidatorCompiler: ValidatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const result = validate(data) as { value?: unknown; error?: unknown };
    if (result.error) return result as ReturnType<ReturnType<ValidatorCompiler>>;
    const issues = unstorableIssues(result.value);
    if (issues.length) return { error: badRequest(`Invalid ${route.httpPart ?? 'input'}`, issues) };
    return result as ReturnType<ReturnType<ValidatorCompiler>>;
  };
};
