/**
 * The paths of the calls that log in and out, without zod: the console's request machinery is
 * part of its first paint and tells these calls from others by their path (a 401 on a login is
 * a wrong credential, not an expired session). Their declarations (`calls.auth`) take their
 * path from here, so each path is still written once.
 */
export const AUTH_PATHS = {
  login: '/auth/login',
  loginStaff: '/auth/login/admin',
  logoutStaff: '/admin/logout',
  verify2FA: '/admin/auth/verify2FA',
  verifyBackupCode: '/admin/auth/verify-backup-code',
} as const;
