import { z } from 'zod';
import {
  backupCodeSchema,
  backupCodesSchema,
  changePasswordSchema,
  loginResultSchema,
  loginSchema,
  registerSchema,
  sessionResultSchema,
  sessionUserSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
} from '../platform';
import { messageSchema } from '../wire';
import { AUTH_PATHS } from './auth-paths';
import { defineCall } from './define-call';

const tags = ['Auth'];
const manage2FA = { resource: 'twoFactor', action: 'manage' } as const;
/** A session still owing its 2FA code may finish the login (and log out). */
const pending2FA = { staff: true, allowPending2FA: true } as const;
export const sessionAnswerSchema = z.object({ user: sessionUserSchema });

/** Logging in, out, the session, one's own password and 2FA (decisions 004, 008, 028). */
export const authCalls = {
  /** `/auth/login{suffix}`: any account. */
  login: defineCall({
    method: 'POST',
    path: AUTH_PATHS.login,
    access: 'public',
    tags,
    summary: 'Login',
    body: loginSchema,
    answers: { 200: loginResultSchema },
    errors: [401, 403, 429],
  }),
  /** The console's staff-only login: a learner's correct password answers 403 (decision 004). */
  loginStaff: defineCall({
    method: 'POST',
    path: AUTH_PATHS.loginStaff,
    access: 'public',
    tags,
    summary: 'Staff login (the console)',
    body: loginSchema,
    answers: { 200: loginResultSchema },
    errors: [401, 403, 429],
  }),
  register: defineCall({
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    tags,
    summary: 'Register a learner account (the same answer whether or not the email is known)',
    body: registerSchema,
    answers: { 202: messageSchema },
    errors: [429],
  }),
  logoutStaff: defineCall({
    method: 'POST',
    path: AUTH_PATHS.logoutStaff,
    access: pending2FA,
    beforePasswordChange: true,
    tags,
    summary: 'Log out (the token stops working at once)',
    answers: { 200: messageSchema },
  }),
  logout: defineCall({
    method: 'POST',
    path: '/auth/logout',
    access: 'session',
    beforePasswordChange: true,
    tags,
    summary: 'Log out any account, learners too',
    answers: { 200: messageSchema },
  }),
  staffSession: defineCall({
    method: 'GET',
    path: '/admin/auth/session',
    access: 'staff',
    beforePasswordChange: true,
    tags,
    summary: 'The current session user',
    answers: { 200: sessionAnswerSchema },
  }),
  /** Any session's user, learners' and impersonations' included. */
  session: defineCall({
    method: 'GET',
    path: '/auth/session',
    access: 'session',
    tags,
    summary: "Any session's user, learners' and impersonations' included (who is acting, and for whom)",
    answers: { 200: sessionAnswerSchema },
  }),
  changePassword: defineCall({
    method: 'POST',
    path: '/admin/auth/change-password',
    access: 'staff',
    beforePasswordChange: true,
    tags,
    summary: "Change one's own password; every other session of the account ends, and every impersonation it started",
    body: changePasswordSchema,
    answers: { 200: messageSchema },
    errors: [429],
  }),
  setup2FA: defineCall({
    method: 'POST',
    path: '/admin/auth/setup2FA',
    access: manage2FA,
    tags,
    summary: 'Start 2FA setup: a new secret as otpauth URL and QR code',
    answers: { 200: twoFactorSetupSchema },
    errors: [409],
  }),
  enable2FA: defineCall({
    method: 'POST',
    path: '/admin/auth/enable2FA',
    access: manage2FA,
    tags,
    summary: 'Turn 2FA on with a first code; answers 10 backup codes, shown once',
    body: twoFactorCodeSchema,
    answers: { 200: backupCodesSchema },
    errors: [409, 429],
  }),
  disable2FA: defineCall({
    method: 'POST',
    path: '/admin/auth/disable2FA',
    access: manage2FA,
    tags,
    summary: 'Turn 2FA off (needs a current code)',
    body: twoFactorCodeSchema,
    answers: { 200: messageSchema },
    errors: [429],
  }),
  verify2FA: defineCall({
    method: 'POST',
    path: AUTH_PATHS.verify2FA,
    access: pending2FA,
    tags,
    summary: 'Finish login with a TOTP code',
    body: twoFactorCodeSchema,
    answers: { 200: sessionResultSchema },
    errors: [429],
  }),
  verifyBackupCode: defineCall({
    method: 'POST',
    path: AUTH_PATHS.verifyBackupCode,
    access: pending2FA,
    tags,
    summary: 'Finish login with a backup code (each works once)',
    body: backupCodeSchema,
    answers: { 200: sessionResultSchema },
    errors: [429],
  }),
};
