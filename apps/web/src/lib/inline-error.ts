import { ApiError } from './api-client';

/**
 * The server's text for a refusal the user can act on (400 without field issues,
 * 409 conflicts, 429), shown inside the open form or dialog. The api client toasts
 * it as well; sessions (401/403), 404 and 5xx are left to the toast.
 */
export function inlineErrorOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  return [400, 409, 422, 429].includes(err.status) ? err.message : null;
}
