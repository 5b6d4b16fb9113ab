/** Error answer of every failed call: `{ message, code, issues? }` (BLUEPRINT §3). */
export type ApiIssue = { path: (string | number)[]; message: string };
export type ApiError = { message: string; code: ErrorCode; issues?: ApiIssue[] };

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TWO_FACTOR_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
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
