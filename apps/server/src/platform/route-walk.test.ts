import { ROLES } from '@cohort/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Access } from './access';

let t: TestApp;
beforeAll(async () => {
  // Optional integrations set up, so every call can answer as it would on a server that has them.
  t = await createTestApp({ CHAT_TOKEN_SECRET: 'route-walk-chat-secret-32-characters-long' });
});
afterAll(() => t.close());

function concrete(url: string): string {
  return url
    .replace(':bucket', 'miscellaneous')
    .replace(':key', 'missing.png')
    .replace(/:[A-Za-z]+/g, '999999');
}

/** Routes owned by plugins (docs UI) are public by construction; the walk covers the app's own. */
function appRoutes() {
  return t.app.routeTable.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
}

describe('every route declares its access', () => {
  it('the route table has a declaration for each route', () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('registering a route without a declaration fails', async () => {
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    expect(() => app.get('/admin/undeclared', async () => ({ ok: true }))).toThrow(/declares no access/);
    await app.close();
  });
});

/**
 * Who may make each kind of call, written out by hand from decision 003 (not read from the
 * matrix in code): the walk below holds the server's real answers to it. ADMIN may do
 * everything and USER nothing under /admin, so only the other staff roles are listed.
 */
const STAFF = [
  'MENTOR',
  'HR',
  'MARKETING',
  'STRATEGIC_PARTNERSHIP',
  'KEY_ACCOUNT_MANAGER',
  'MOTIVATOR',
  'NEGOTIATOR',
  'COLLEGE_ADMIN',
];
const EXPECTED: Record<string, Partial<Record<string, string[]>>> = {
  dashboard: { read: STAFF },
  twoFactor: { manage: STAFF },
  audit: {},
  impersonation: {},
  backendError: {},
  frontendError: { create: STAFF },
  upload: { create: STAFF },
  role: { list: ['MENTOR', 'HR', 'MOTIVATOR'], read: ['MENTOR', 'HR', 'MOTIVATOR'] },
  // Only ADMIN marks staff attendance (decision 030); the leads read it.
  roleAttendance: { list: ['MENTOR', 'HR', 'MOTIVATOR'], create: [] },
  user: {
    list: ['MENTOR', 'HR', 'MOTIVATOR', 'NEGOTIATOR', 'COLLEGE_ADMIN', 'KEY_ACCOUNT_MANAGER', 'STRATEGIC_PARTNERSHIP'],
    read: ['MENTOR', 'HR', 'MOTIVATOR', 'NEGOTIATOR', 'COLLEGE_ADMIN', 'KEY_ACCOUNT_MANAGER', 'STRATEGIC_PARTNERSHIP'],
    export: ['HR', 'MOTIVATOR', 'COLLEGE_ADMIN', 'NEGOTIATOR'],
    changeStatus: ['MOTIVATOR', 'NEGOTIATOR'],
    reject: ['MOTIVATOR', 'NEGOTIATOR'],
    updateFollowUp: ['MOTIVATOR', 'NEGOTIATOR'],
    updateDetails: ['MOTIVATOR', 'NEGOTIATOR'],
    addPoints: ['MENTOR', 'MOTIVATOR'],
    assignBatch: ['STRATEGIC_PARTNERSHIP', 'MOTIVATOR'],
    updatePlacement: ['HR', 'KEY_ACCOUNT_MANAGER', 'NEGOTIATOR'],
    updatePayments: ['NEGOTIATOR'],
    verifyPan: ['NEGOTIATOR'],
    uploadResume: ['MOTIVATOR', 'HR', 'NEGOTIATOR', 'KEY_ACCOUNT_MANAGER'],
    checkCredit: ['NEGOTIATOR'],
    // The placement flows (decision 018).
    updatePlacementPayment: ['NEGOTIATOR'],
    updatePenalty: ['NEGOTIATOR'],
    updateProStatus: ['NEGOTIATOR'],
    updateVerification: ['NEGOTIATOR'],
  },
  blog: { read: ['MARKETING'], write: ['MARKETING'] },
  event: { read: ['MARKETING', 'MENTOR'], write: ['MARKETING', 'MENTOR'] },
  testimonial: { read: ['MARKETING'], write: ['MARKETING'] },
  company: {
    read: ['MARKETING', 'HR', 'KEY_ACCOUNT_MANAGER', 'STRATEGIC_PARTNERSHIP'],
    write: ['HR', 'KEY_ACCOUNT_MANAGER', 'STRATEGIC_PARTNERSHIP'],
  },
  product: { read: ['MARKETING'], write: ['MARKETING'] },
  order: { read: ['MARKETING', 'NEGOTIATOR'], write: ['NEGOTIATOR'] },
  degree: { read: STAFF, write: ['STRATEGIC_PARTNERSHIP'] },
  jobRole: { read: ['HR', 'KEY_ACCOUNT_MANAGER'], write: ['HR', 'KEY_ACCOUNT_MANAGER'] },
  location: { read: STAFF, write: ['HR'] },
  aiPrompt: { read: ['MENTOR'], write: [] },
  enquiry: { read: ['MARKETING', 'MOTIVATOR'], write: ['MARKETING', 'MOTIVATOR'] },
  websiteConfiguration: { read: ['MARKETING'], write: ['MARKETING'] },
  question: { read: ['MENTOR'], write: ['MENTOR'] },
  card: { read: ['MARKETING'], write: ['MARKETING'] },
  userType: { read: ['MARKETING'], write: [] },
  hold: { read: ['NEGOTIATOR', 'MOTIVATOR'], write: ['NEGOTIATOR', 'MOTIVATOR'] },
  holdType: { read: ['NEGOTIATOR', 'MOTIVATOR'], write: [] },
  // Plans, a learner's subscriptions and deposits (decision 018).
  plan: { read: ['NEGOTIATOR', 'MARKETING', 'MOTIVATOR'], write: [] },
  subscription: { read: ['NEGOTIATOR', 'MOTIVATOR'], write: ['NEGOTIATOR'] },
  // A learner's ISA and its terms, the mail outbox (decision 017).
  isa: {
    read: ['NEGOTIATOR', 'HR', 'MOTIVATOR'],
    write: ['NEGOTIATOR'],
    upload: ['NEGOTIATOR', 'MOTIVATOR'],
    resend: ['NEGOTIATOR', 'MOTIVATOR'],
  },
  isaType: { read: ['NEGOTIATOR', 'HR', 'MOTIVATOR'], write: [] },
  mailOutbox: { read: ['NEGOTIATOR', 'MOTIVATOR'] },
  submission: { read: ['MENTOR', 'COLLEGE_ADMIN'], write: ['MENTOR'] },
  message: { read: ['MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR'], write: ['MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR'] },
  // A learner's own records (decision 014).
  userFlag: { read: ['MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR'], write: ['MOTIVATOR', 'MENTOR', 'HR'] },
  strike: { read: ['MOTIVATOR', 'MENTOR', 'HR', 'COLLEGE_ADMIN'], write: ['MENTOR', 'HR'] },
  notWorkingWarning: { read: ['MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR', 'COLLEGE_ADMIN'], write: ['MOTIVATOR'] },
  reactivation: { read: ['MOTIVATOR', 'NEGOTIATOR', 'HR'], create: ['MOTIVATOR', 'NEGOTIATOR'], update: [] },
  mentorTeam: { read: ['MENTOR', 'MOTIVATOR', 'HR'], write: ['MENTOR'] },
  studentTeam: { read: ['MENTOR', 'MOTIVATOR', 'HR'] },
  lead: { read: ['MARKETING', 'MOTIVATOR', 'STRATEGIC_PARTNERSHIP'], write: ['MARKETING', 'MOTIVATOR'] },
  callHistory: { read: ['MOTIVATOR', 'MARKETING', 'NEGOTIATOR'], write: ['MOTIVATOR'] },
  appointment: {
    read: ['MENTOR', 'MOTIVATOR', 'HR', 'KEY_ACCOUNT_MANAGER'],
    write: ['MENTOR', 'MOTIVATOR'],
    rate: ['MENTOR'],
  },
};
const READS = new Set(['list', 'read', 'export']);
/** Calls that can end the caller's session: each gets a session of its own. */
const ENDS_SESSION = /logout|change-password|2FA|backup-code/i;

function expectedAllowed(access: Access, role: string): boolean {
  if (access === 'public' || access === 'session') return true;
  if (role === 'USER') return false;
  if (role === 'ADMIN') return true;
  if (access === 'staff' || 'staff' in access) return true;
  const grants = EXPECTED[access.resource];
  if (!grants) throw new Error(`no written expectation for ${access.resource}: add it to EXPECTED`);
  const roles = grants[access.action] ?? grants[READS.has(access.action) ? 'read' : 'write'] ?? [];
  return roles.includes(role);
}

describe('walking every route as every role', () => {
  it('answers 401 without a token on every non-public route', async () => {
    for (const r of appRoutes()) {
      if (r.access === 'public') continue;
      const res = await t.call({ method: r.method as 'GET', url: concrete(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 exactly where the written expectation refuses, and nowhere else', async () => {
    const mismatches: string[] = [];
    for (const role of ROLES) {
      // One session per role; a call that may end its session (logout, a security change) gets its own.
      const shared = await t.tokenFor(role.key);
      for (const r of appRoutes()) {
        const token = ENDS_SESSION.test(r.url) ? await t.tokenFor(role.key) : shared;
        const res = await t.call({
          method: r.method as 'GET',
          url: concrete(r.url),
          token,
          ...(r.method === 'POST' || r.method === 'PUT' ? { payload: {} } : {}),
        });
        const allowed = expectedAllowed(r.access as Access, role.key);
        const refused = res.statusCode === 403;
        if (allowed === refused || res.statusCode === 401 || res.statusCode >= 500) {
          mismatches.push(`${role.key} ${r.method} ${r.url}: ${res.statusCode} (allowed=${allowed})`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Every route as every role: it grows with the API (263 calls x 10 roles when complete).
  }, 120_000);
});

describe('staff attendance: who may mark whom (decision 030)', () => {
  const mark = async (token: string, userId: number) =>
    t.call({
      method: 'POST',
      url: '/admin/role/attendance',
      token,
      payload: { userId, date: '2026-11-20', status: 'Present' },
    });

  it('no one but ADMIN marks, so no one but ADMIN marks an ADMIN, themselves or a colleague', async () => {
    const adminId = await t.userId('ADMIN');
    const mentorId = await t.userId('MENTOR');
    const refused: string[] = [];
    for (const role of STAFF) {
      const token = await t.tokenFor(role as never);
      const self = await t.userId(role as never);
      for (const [whom, id] of [
        ['themselves', self],
        ['the ADMIN', adminId],
        ['a mentor', mentorId],
      ] as const) {
        const res = await mark(token, id);
        if (res.statusCode !== 403) refused.push(`${role} marking ${whom}: ${res.statusCode}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('ADMIN marks staff, but not themselves', async () => {
    const admin = await t.tokenFor('ADMIN');
    expect((await mark(admin, await t.userId('MENTOR'))).statusCode).toBe(200);
    const self = await mark(admin, await t.userId('ADMIN'));
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot mark your own attendance; another admin marks it');
  });
});
