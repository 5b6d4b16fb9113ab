import {
  backupCodeSchema,
  backupCodesSchema,
  changePasswordSchema,
  loginResultSchema,
  loginSchema,
  messageSchema,
  registerSchema,
  roleByKey,
  sessionResultSchema,
  sessionUserSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
} from '@cohort/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupCodes, users } from '../../db/schema';
import { effectiveRole, requireActor } from '../../platform/access';
import { anonymousActor, audit } from '../../platform/audit';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors';
import { errors } from '../../platform/openapi';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords';
import { createSession, endSessions } from '../../platform/sessions';
import { clearAttempts, releaseAttempts, reserveAttempts } from '../../platform/throttle';
import {
  consumeTotp,
  hashBackupCode,
  newBackupCode,
  newTotpSecret,
  otpauthUrl,
  totpContext,
} from '../../platform/totp';
import { sessionUser } from './session-user';

const BAD_LOGIN = 'Invalid email or password';
const REGISTERED = 'Thanks. If this email was not registered yet, the account is ready: log in with it.';
const tags = ['Auth'];

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function registerAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, secrets } = app;

  /**
   * POST /auth/login{suffix}: {suffix} is '' (any account) or '/admin' (the console's
   * staff-only login: a learner's correct password answers 403). See decision 004.
   */
  for (const suffix of ['', '/admin'] as const) {
    r.post(
      `/auth/login${suffix}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: suffix ? 'Staff login (the console)' : 'Login',
          body: loginSchema,
          response: { 200: loginResultSchema, ...errors(401, 403, 429) },
        },
      },
      async (request) => {
        const email = request.body.email.toLowerCase();
        const accountKey = `login:account:${email}`;
        const ipKey = `login:ip:${request.ip}`;
        const window = config.LOGIN_WINDOW_MINUTES;
        // Reserved before the password is checked: concurrent guesses cannot all pass (decision 008).
        await reserveAttempts(
          db,
          [
            { key: accountKey, max: config.LOGIN_MAX_FAILURES_PER_ACCOUNT },
            { key: ipKey, max: config.LOGIN_MAX_FAILURES_PER_IP },
          ],
          window,
        );
        const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
        const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), request.body.password);
        if (!user || !ok || user.userStatus !== 'Active') throw new AppError(401, 'UNAUTHORIZED', BAD_LOGIN);
        await clearAttempts(db, [accountKey]);
        await releaseAttempts(db, [ipKey]);
        const role = await effectiveRole(db, user.roleId);
        if (suffix === '/admin' && role === 'USER') throw forbidden('This console is for staff only');
        const actor = { user, impersonatorId: null, requestId: request.id };
        if (user.twoFactorEnabled) {
          const token = await createSession(db, config, user.id, { ...clientOf(request), twoFactorPending: true });
          return { twoFactorRequired: true as const, token };
        }
        const token = await createSession(db, config, user.id, clientOf(request));
        await audit(db, actor, { action: 'login', entity: 'session', entityId: user.id });
        return { token, user: await sessionUser(db, user) };
      },
    );
  }

  r.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Register a learner account (the same answer whether or not the email is known)',
        body: registerSchema,
        response: { 202: messageSchema, ...errors(429) },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      await reserveAttempts(
        db,
        [{ key: `register:ip:${request.ip}`, max: config.REGISTER_MAX_PER_IP }],
        config.REGISTER_WINDOW_MINUTES,
      );
      // The same work and the same answer whether the email is new or known (decision 008).
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ name, email, passwordHash, roleId: roleByKey('USER')!.id })
          .onConflictDoNothing()
          .returning();
        if (created) {
          await audit(
            tx,
            { user: created, impersonatorId: null, requestId: request.id },
            { action: 'register', entity: 'user', entityId: created.id, after: created },
          );
          return;
        }
        // Someone tried to register an existing email: recorded on its owner (who can be told by mail).
        const [owner] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
        if (owner) {
          await audit(tx, anonymousActor(request.id), {
            action: 'registerExisting',
            entity: 'user',
            entityId: owner.id,
            after: { ip: request.ip, name },
          });
        }
      });
      reply.code(202);
      return { message: REGISTERED };
    },
  );

  const logout = async (request: FastifyRequest) => {
    const actor = requireActor(request);
    await endSessions(db, { session: actor.session.id });
    await audit(db, actor, { action: 'logout', entity: 'session', entityId: actor.user.id });
    return { message: 'Logged out' };
  };
  r.post(
    '/admin/logout',
    {
      config: { access: { staff: true, allowPending2FA: true }, beforePasswordChange: true },
      schema: { tags, summary: 'Log out (the token stops working at once)', response: { 200: messageSchema } },
    },
    logout,
  );
  r.post(
    '/auth/logout',
    {
      config: { access: 'session', beforePasswordChange: true },
      schema: { tags, summary: 'Log out any account, learners too', response: { 200: messageSchema } },
    },
    logout,
  );

  r.get(
    '/admin/auth/session',
    {
      config: { access: 'staff', beforePasswordChange: true },
      schema: {
        tags,
        summary: 'The current session user',
        response: { 200: z.object({ user: sessionUserSchema }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return { user: await sessionUser(db, actor.user, actor.impersonatorId) };
    },
  );

  r.post(
    '/admin/auth/change-password',
    {
      config: { access: 'staff', beforePasswordChange: true },
      schema: {
        tags,
        summary:
          "Change one's own password; every other session of the account ends, and every impersonation it started",
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errors(429) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const key = `password:user:${actor.user.id}`;
      await reserveAttempts(db, [{ key, max: config.LOGIN_MAX_FAILURES_PER_ACCOUNT }], config.LOGIN_WINDOW_MINUTES);
      const [user] = await db.select().from(users).where(eq(users.id, actor.user.id));
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        throw badRequest('Your current password is not right', [
          { path: ['currentPassword'], message: 'This is not your current password' },
        ]);
      }
      await clearAttempts(db, [key]);
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false, updatedAt: new Date(), version: sql`${users.version} + 1` })
          .where(eq(users.id, user.id));
        await audit(tx, actor, { action: 'changePassword', entity: 'user', entityId: user.id });
        await endSessions(tx, { user: user.id, except: actor.session.id });
      });
      return { message: 'Your password is changed. Other sessions of your account have ended.' };
    },
  );

  // ---------- two-factor authentication ----------
  const manage2FA = { resource: 'twoFactor', action: 'manage' } as const;

  /**
   * Every call that checks a 2FA or backup code reserves an attempt on the account first
   * (one budget for verify, enable and disable), so neither a burst nor a stolen session
   * can guess its way through; a right code gives the budget back.
   */
  async function checkCode(userId: number, check: () => Promise<boolean>): Promise<void> {
    const key = `2fa:user:${userId}`;
    await reserveAttempts(db, [{ key, max: config.LOGIN_MAX_FAILURES_PER_ACCOUNT }], config.LOGIN_WINDOW_MINUTES);
    if (!(await check())) {
      throw badRequest('That code is not valid', [{ path: ['code'], message: 'That code is not valid' }]);
    }
    await clearAttempts(db, [key]);
  }

  r.post(
    '/admin/auth/setup2FA',
    {
      config: { access: manage2FA },
      schema: {
        tags,
        summary: 'Start 2FA setup: a new secret as otpauth URL and QR code',
        response: { 200: twoFactorSetupSchema, ...errors(409) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (actor.user.twoFactorEnabled) throw conflict('Two-factor authentication is already on');
      const secret = newTotpSecret();
      await db
        .update(users)
        .set({ twoFactorPendingSecret: secrets.seal(secret, totpContext(actor.user.id)), updatedAt: new Date() })
        .where(eq(users.id, actor.user.id));
      const url = otpauthUrl(secret, actor.user.email);
      return { otpauthUrl: url, qrCodeDataUrl: await (await import('qrcode')).default.toDataURL(url) };
    },
  );

  r.post(
    '/admin/auth/enable2FA',
    {
      config: { access: manage2FA },
      schema: {
        tags,
        summary: 'Turn 2FA on with a first code; answers 10 backup codes, shown once',
        body: twoFactorCodeSchema,
        response: { 200: backupCodesSchema, ...errors(409, 429) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const [user] = await db.select().from(users).where(eq(users.id, actor.user.id));
      if (user.twoFactorEnabled) throw conflict('Two-factor authentication is already on');
      if (!user.twoFactorPendingSecret)
        throw badRequest('Start the setup first', [{ path: ['code'], message: 'Set up 2FA first' }]);
      const pendingSecret = secrets.open(user.twoFactorPendingSecret, totpContext(user.id));
      await checkCode(user.id, () => consumeTotp(db, user.id, pendingSecret, request.body.code));
      const codes = Array.from({ length: 10 }, newBackupCode);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            twoFactorEnabled: true,
            twoFactorSecret: user.twoFactorPendingSecret,
            twoFactorPendingSecret: null,
            updatedAt: new Date(),
            version: sql`${users.version} + 1`,
          })
          .where(eq(users.id, user.id));
        await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
        await tx.insert(backupCodes).values(codes.map((c) => ({ userId: user.id, codeHash: hashBackupCode(c) })));
        await audit(tx, actor, {
          action: 'enable2FA',
          entity: 'user',
          entityId: user.id,
          before: { twoFactorEnabled: false },
          after: { twoFactorEnabled: true },
        });
        // A security change ends every other session of the account (a stolen one included).
        await endSessions(tx, { user: user.id, except: actor.session.id });
      });
      return { backupCodes: codes };
    },
  );

  r.post(
    '/admin/auth/disable2FA',
    {
      config: { access: manage2FA },
      schema: {
        tags,
        summary: 'Turn 2FA off (needs a current code)',
        body: twoFactorCodeSchema,
        response: { 200: messageSchema, ...errors(429) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const [user] = await db.select().from(users).where(eq(users.id, actor.user.id));
      if (!user.twoFactorEnabled || !user.twoFactorSecret) throw badRequest('Two-factor authentication is not on');
      const secret = secrets.open(user.twoFactorSecret, totpContext(user.id));
      await checkCode(user.id, () => consumeTotp(db, user.id, secret, request.body.code));
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            twoFactorEnabled: false,
            twoFactorSecret: null,
            updatedAt: new Date(),
            version: sql`${users.version} + 1`,
          })
          .where(eq(users.id, user.id));
        await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
        await audit(tx, actor, {
          action: 'disable2FA',
          entity: 'user',
          entityId: user.id,
          before: { twoFactorEnabled: true },
          after: { twoFactorEnabled: false },
        });
        await endSessions(tx, { user: user.id, except: actor.session.id });
      });
      return { message: 'Two-factor authentication is off' };
    },
  );

  /** Finishes a 2FA login: the limited token is revoked and a new full one issued. */
  async function completeTwoFactor(
    request: FastifyRequest,
    check: (userId: number, secret: string) => Promise<boolean>,
  ) {
    const actor = requireActor(request);
    if (!actor.session.twoFactorPending) throw badRequest('No two-factor check is pending for this session');
    // The sealed secret is read here, for this one step: requests never carry it.
    const [{ sealed }] = await db
      .select({ sealed: users.twoFactorSecret })
      .from(users)
      .where(eq(users.id, actor.user.id));
    await checkCode(actor.user.id, async () =>
      sealed ? check(actor.user.id, secrets.open(sealed, totpContext(actor.user.id))) : false,
    );
    await endSessions(db, { session: actor.session.id });
    const token = await createSession(db, config, actor.user.id, clientOf(request));
    await audit(db, actor, { action: 'login', entity: 'session', entityId: actor.user.id });
    return { token, user: await sessionUser(db, actor.user) };
  }

  const pending = { staff: true, allowPending2FA: true } as const;
  r.post(
    '/admin/auth/verify2FA',
    {
      config: { access: pending },
      schema: {
        tags,
        summary: 'Finish login with a TOTP code',
        body: twoFactorCodeSchema,
        response: { 200: sessionResultSchema, ...errors(429) },
      },
    },
    (request) => completeTwoFactor(request, (userId, secret) => consumeTotp(db, userId, secret, request.body.code)),
  );
  r.post(
    '/admin/auth/verify-backup-code',
    {
      config: { access: pending },
      schema: {
        tags,
        summary: 'Finish login with a backup code (each works once)',
        body: backupCodeSchema,
        response: { 200: sessionResultSchema, ...errors(429) },
      },
    },
    (request) =>
      completeTwoFactor(request, async (userId) => {
        const used = await db
          .update(backupCodes)
          .set({ usedAt: new Date(), updatedAt: new Date() })
          .where(
            and(
              eq(backupCodes.userId, userId),
              eq(backupCodes.codeHash, hashBackupCode(request.body.code)),
              isNull(backupCodes.usedAt),
            ),
          )
          .returning({ id: backupCodes.id });
        return used.length === 1;
      }),
  );
}
