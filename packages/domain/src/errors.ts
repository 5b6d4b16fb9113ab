// No zod here: the console's first-load chunk imports this file (domain-alias.ts); the
// answer's schema lives in wire.ts.

/** Error answer of every failed call: `{ message, code, issues? }` (BLUEPRINT §3). */
export type ApiIssue = { path: (string | number)[]; message: string };
export type ApiError = { message: string; code: ErrorCode; issues?: ApiIssue[] };

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TWO_FACTOR_REQUIRED',
  /** 403: the account's password was chosen by someone else; only changing it, the session and logout answer (decision 028). */
  'PASSWORD_CHANGE_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  /** 416: a Range header outside the file (the answer names the file's size in Content-Range). */
  'RANGE_NOT_SATISFIABLE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  /** 503: a feature that needs an outside service this server is not set up for. */
  'NOT_CONFIGURED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Console texts of the error catalogue (spec §8), exact. */
export const MESSAGES = {
  serverError: 'Something went wrong. Please try again !!!',
  noConnection: 'Check your Connection',
  tokenExpired: 'Token Expired. Login Again!!!',
  errorPageHeading: 'Something Went Wrong',
  errorPageText: "It's not you it's us. Something broke on our our side",
  errorPageLink: 'Click Here',
} as const;

/**
 * A save on a stale version (409): the toast and the form's own alert say this one thing,
 * and the form offers "Load latest version" beside it, keeping the user's edits.
 */
export const STALE_VERSION_MESSAGE =
  'Someone else saved this record after you opened it. Your changes are kept: load the latest version, then save again.';
