import { can, type PermissionResource, ROW_SCOPES, type RoleKey, roleByKey, rowScopeEntries } from '@cohort/domain';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  auditLog,
  callHistory,
  holdTypes,
  leads,
  learnerHolds,
  learnerIsas,
  mailOutbox,
  mentorTeamMembers,
  messages,
  notWorkingWarnings,
  reactivationRequests,
  strikes,
  studentTeamMembers,
  studentTeams,
  subscriptions,
  taskSubmissions,
  upfrontDeposits,
  userFlagComments,
  userFlags,
  users,
} from '../db/schema';
import { issueNotWorkingWarning } from '../modules/users/issue-not-working-warning';
import { multipart } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Access } from './access';
import { checkScopeColumns, rowScopesRead } from './row-scopes';

/**
 * The row-scope walk (decision 034), built from the route table: every route whose access names
 * a resource with a row scope is called, as each scoped role that may call it, against rows
 * OUTSIDE that role's scope. A list or export must not show them (while ADMIN's same call does);
 * a read, write, delete or action on one is a 404 (a create naming an outside learner the
 * engine's 400) and changes nothing. A scoped route with no probe below fails the walk by name.
 *
 * Who sees whom comes from the fixtures (test/fixtures.ts), not from the code under test:
 * College A holds Learner One and Two; the MOTIVATOR motivates One and Four; the MENTOR
 * mentors Batch A, where One and Three are.
 */
const LEARNERS = ['l1@test.local', 'l2@test.local', 'l3@test.local', 'l4@test.local'] as const;
const NAMES: Record<string, string> = {
  'l1@test.local': 'Learner One',
  'l2@test.local': 'Learner Two',
  'l3@test.local': 'Learner Three',
  'l4@test.local': 'Learner Four',
};
const VISIBLE: Partial<Record<RoleKey, string[]>> = {
  COLLEGE_ADMIN: ['l1@test.local', 'l2@test.local'],
  MOTIVATOR: ['l1@test.local', 'l4@test.local'],
  MENTOR: ['l1@test.local', 'l3@test.local'],
};

/** One learner's rows of every scoped resource, by kind. */
type Rows = {
  learner: { id: number; version: number; name: string; email: string };
  message: number;
  mail: number;
  flag: number;
  comment: number;
  strike: number;
  warning: number;
  reactivation: number;
  mentorTeam: number;
  hold: number;
  subscription: number;
  deposit: number;
  lead: { id: number; version: number };
  call: number;
  appointment: { id: number; version: number };
  team: number;
  audit: number;
};

type Probe =
  /** A list or export: the outside rows are absent (ADMIN's same call shows them, unless `empty` says why not). */
  | { kind: 'list'; url?: (o: Rows) => string; empty?: string }
  /** A read of one outside row (or of one outside learner's records): 404. */
  | { kind: 'read'; url: (o: Rows) => string }
  /** A write on an outside row: refused (404, or `refuse`), and nothing in any scoped table changes. */
  | {
      kind: 'write';
      url?: (o: Rows) => string;
      payload?: (o: Rows) => Record<string, unknown>;
      multipart?: boolean;
      /** Other refusals than 404 this call may answer (a create naming an outside learner: the engine's 400). */
      refuse?: number[];
    };

const list: Probe = { kind: 'list' };
const byLearner = (path: string, param = 'userId'): Probe => ({
  kind: 'list',
  url: (o) => `${path}?${param}=${o.learner.id}&page_size=100`,
});
const read = (url: (o: Rows) => string): Probe => ({ kind: 'read', url });
const write = (payload: (o: Rows) => Record<string, unknown>, url?: (o: Rows) => string, refuse?: number[]): Probe => ({
  kind: 'write',
  payload,
  url,
  refuse,
});
const learnerAction = (body: Record<string, unknown> = {}) =>
  write((o) => ({ userId: o.learner.id, version: o.learner.version, ...body }));
const learnerCreate = (body: Record<string, unknown> = {}) =>
  write((o) => ({ userId: o.learner.id, ...body }), undefined, [400]);
const upload = (url: (o: Rows) => string): Probe => ({ kind: 'write', url, multipart: true });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** An EBML header naming the WebM doc type, then bytes: what the magic-byte check reads. */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251)),
]);

const RATINGS = {
  OverallRating: 8,
  Communication: 4,
  Coding: 5,
  Explanation: 4,
  Punctuality: 5,
  TechnicalKnowledge: 4,
};

/** Every scoped route, by `METHOD url` as registered. */
const PROBES: Record<string, Probe> = {
  // Learners.
  'GET /admin/user/all': list,
  'GET /admin/user/get': list,
  'GET /admin/user/placed': { kind: 'list', empty: 'no learner is placed in the fixtures' },
  'GET /admin/user/batch': list,
  'GET /admin/user/placement-queue': { kind: 'list', empty: 'no learner is ready for placement in the fixtures' },
  'GET /admin/user/download-csv': list,
  'GET /admin/user/team-members': { kind: 'list', empty: 'active staff that learners can be given, never learners' },
  'GET /admin/user/details': read((o) => `/admin/user/details?user=${o.learner.id}`),
  'GET /admin/card/user/dashboard-cards': read((o) => `/admin/card/user/dashboard-cards?userId=${o.learner.id}`),
  'GET /admin/user/history': read((o) => `/admin/user/history?userId=${o.learner.id}`),
  'GET /admin/user/progress-report': read((o) => `/admin/user/progress-report?userId=${o.learner.id}`),
  'GET /admin/user/assignments': read((o) => `/admin/user/assignments?userId=${o.learner.id}`),
  'GET /admin/user/resume/get': read((o) => `/admin/user/resume/get?userId=${o.learner.id}`),
  'POST /admin/user/history/revert': write((o) => ({ auditId: o.audit, field: 'name', version: o.learner.version })),
  'POST /admin/user/status/update': learnerAction({ userStatus: 'Inactive' }),
  'POST /admin/user/reject': learnerAction({ rejectionReason: 'Outside' }),
  'POST /admin/user/points/add': write((o) => ({ userId: o.learner.id, points: 5 })),
  'POST /admin/user/update': learnerAction({ followUpDate: '2026-12-24' }),
  'POST /admin/user/user-details/update': learnerAction({ name: 'Renamed Outside' }),
  'POST /admin/user/assign-batch': learnerAction({ batchId: 1 }),
  'POST /admin/user/status/update-multiple': write(
    (o) => ({ userStatus: 'Inactive', userIds: [o.learner.id] }),
    undefined,
    [400],
  ),
  'POST /admin/user/resume/upload': upload((o) => `/admin/user/resume/upload?userId=${o.learner.id}`),
  // A learner's task submissions.
  'GET /admin/user/tasks': list,
  'GET /admin/user/task-submission/all': list,
  'GET /admin/user/task-submission/download-csv': list,
  // Subscriptions and deposits.
  'GET /admin/subscription/all': list,
  'GET /admin/subscription/get': list,
  'GET /admin/subscription/download-csv': list,
  'GET /admin/subscription/get/:id': read((o) => `/admin/subscription/get/${o.subscription}`),
  'GET /admin/subscription/upfront-deposit': list,
  'GET /admin/subscription/upfront-deposit/download-csv': list,
  'GET /admin/subscription/upfront-deposit/:id': read((o) => `/admin/subscription/upfront-deposit/${o.deposit}`),
  // Holds.
  'GET /admin/user/hold/all': list,
  'GET /admin/user/hold': byLearner('/admin/user/hold'),
  'GET /admin/user/hold/download-csv': list,
  'GET /admin/user/hold/get/:id': read((o) => `/admin/user/hold/get/${o.hold}`),
  'POST /admin/user/hold': learnerCreate({
    holdTypeId: 1,
    startDate: '2026-02-01',
    endDate: '2026-02-10',
    reason: 'Outside',
  }),
  'PUT /admin/user/hold/update/:id': write(
    () => ({ endDate: '2026-01-12', version: 1 }),
    (o) => `/admin/user/hold/update/${o.hold}`,
  ),
  'DELETE /admin/user/hold/delete/:id': write(
    () => ({}),
    (o) => `/admin/user/hold/delete/${o.hold}`,
  ),
  // The mail outbox (decision 017).
  'GET /admin/mail/outbox/get': list,
  'GET /admin/mail/outbox/download-csv': list,
  'GET /admin/mail/outbox/get/:id': read((o) => `/admin/mail/outbox/get/${o.mail}`),
  // Messages.
  'GET /admin/message/get': list,
  'GET /admin/message/download-csv': list,
  'GET /admin/message/get/:id': read((o) => `/admin/message/get/${o.message}`),
  'POST /admin/message/add': learnerCreate({ subject: 'Outside', body: 'Checking in.' }),
  // Flags and their comments.
  'GET /admin/user/flag/all': list,
  'GET /admin/user/flag/get': byLearner('/admin/user/flag/get'),
  'GET /admin/user/flag/download-csv': list,
  'POST /admin/user/flag/add': learnerCreate({ title: 'Outside', description: 'Checking in.' }),
  'GET /admin/user/flag/comment/all': list,
  'GET /admin/user/flag/comment/get': {
    kind: 'list',
    url: (o) => `/admin/user/flag/comment/get?flagId=${o.flag}&page_size=100`,
  },
  'GET /admin/user/flag/comment/download-csv': list,
  'POST /admin/user/flag/add-comment': write((o) => ({ flagId: o.flag, comment: 'Outside' })),
  'DELETE /admin/user/flag/delete/:id': write(
    () => ({}),
    (o) => `/admin/user/flag/delete/${o.flag}`,
  ),
  // Strikes and warnings.
  'GET /admin/user/strike/all': list,
  'GET /admin/user/strike': byLearner('/admin/user/strike'),
  'GET /admin/user/strike/download-csv': list,
  'POST /admin/user/strike': learnerCreate({ type: 'Discipline', reason: 'Outside' }),
  'DELETE /admin/user/strike': write((o) => ({ id: o.strike })),
  'GET /admin/user/not-working-alert/warnings/all': list,
  'GET /admin/user/not-working-alert/warnings/history': byLearner('/admin/user/not-working-alert/warnings/history'),
  'GET /admin/user/not-working-alert/warnings/download-csv': list,
  'DELETE /admin/user/not-working-alert/warnings/remove': write((o) => ({ id: o.warning, reason: 'Outside' })),
  // Reactivation requests.
  'GET /admin/user/reactivation/all': list,
  // By status (Learner Two, the motivator's first outside learner, has no request: see the fixtures).
  'GET /admin/user/reactivation': { kind: 'list', url: () => '/admin/user/reactivation?status=Pending&page_size=100' },
  'GET /admin/user/reactivation/download-csv': list,
  'POST /admin/user/reactivation': learnerCreate({ reason: 'Outside' }),
  // Mentor and student teams.
  // Another mentor than the fixtures' (each learner already has that one): the pair is new, the learner is not the role's.
  'POST /admin/user/mentor-team': write(
    (o) => ({ userId: o.learner.id, mentorId: adminId, role: 'member' }),
    undefined,
    [400],
  ),
  'DELETE /admin/user/mentor-team/:id': write(
    () => ({}),
    (o) => `/admin/user/mentor-team/${o.mentorTeam}`,
  ),
  'GET /admin/user/mentor-team/:id': read((o) => `/admin/user/mentor-team/${o.learner.id}`),
  'GET /admin/user/student/team/get': read((o) => `/admin/user/student/team/get?userId=${o.learner.id}`),
  'GET /admin/user/student/team/details': read((o) => `/admin/user/student/team/details?teamId=${o.team}`),
  // The CRM (decision 022).
  'GET /admin/leads/get': list,
  'GET /admin/leads/download-csv': list,
  'GET /admin/leads/get/:id': read((o) => `/admin/leads/get/${o.lead.id}`),
  'PUT /admin/leads/edit': write((o) => ({ id: o.lead.id, version: o.lead.version, note: 'Outside' })),
  'POST /admin/user/crm/add': write((o) => ({
    userId: o.learner.id,
    followUpDate: '2026-12-01',
    followUpReason: 'Outside',
  })),
  'GET /admin/user/crm/getLeadSummary': read((o) => `/admin/user/crm/getLeadSummary?userId=${o.learner.id}`),
  'GET /admin/call/history/all': list,
  'GET /admin/call/history/download-csv': list,
  'GET /admin/call/history/get/:id': read((o) => `/admin/call/history/get/${o.call}`),
  'POST /admin/call/history/add': write((o) => ({ leadId: o.lead.id, outcome: 'Busy' })),
  // Appointments.
  'GET /admin/mentor/appointment/all': list,
  'GET /admin/user/appointment/ratings/all': list,
  'GET /admin/mentor/appointment/download-csv': list,
  'GET /admin/mentor/appointment/get/:id': read((o) => `/admin/mentor/appointment/get/${o.appointment.id}`),
  'POST /admin/mentor/appointment/add': write(
    (o) => ({ userId: o.learner.id, mentorId, interviewType: 'Project Demo', scheduledAt: '2027-01-05T10:00:00.000Z' }),
    undefined,
    [400],
  ),
  'PUT /admin/mentor/appointment/update': write((o) => ({
    id: o.appointment.id,
    version: o.appointment.version,
    notes: 'Outside',
  })),
  'DELETE /admin/mentor/appointment/delete': write((o) => ({ id: o.appointment.id })),
  'POST /admin/mentor/appointment/rate': write((o) => ({
    id: o.appointment.id,
    version: o.appointment.version,
    ...RATINGS,
  })),
  // The ISA (decision 017).
  'GET /admin/user/isa/get': read((o) => `/admin/user/isa/get?userId=${o.learner.id}`),
  'GET /admin/user/isa/get-document': read((o) => `/admin/user/isa/get-document?userId=${o.learner.id}`),
  'GET /admin/user/isa/get-document-file': read((o) => `/admin/user/isa/get-document-file?userId=${o.learner.id}`),
  'GET /admin/user/isa/get-isa-video': read((o) => `/admin/user/isa/get-isa-video?userId=${o.learner.id}`),
  'POST /admin/user/isa/resend': write((o) => ({ userId: o.learner.id })),
  'POST /admin/user/isa/upload-document': upload((o) => `/admin/user/isa/upload-document?userId=${o.learner.id}`),
  'POST /admin/user/isa/upload-video': upload((o) => `/admin/user/isa/upload-video?userId=${o.learner.id}`),
};

/** The tables a refused write must leave as they were. */
const WATCHED: PgTable[] = [
  users,
  messages,
  mailOutbox,
  userFlags,
  userFlagComments,
  strikes,
  notWorkingWarnings,
  reactivationRequests,
  mentorTeamMembers,
  studentTeamMembers,
  learnerHolds,
  subscriptions,
  upfrontDeposits,
  learnerIsas,
  leads,
  callHistory,
  appointments,
  taskSubmissions,
  auditLog,
];

type Route = { method: string; url: string; access: Access };

let t: TestApp;
let admin: string;
const rows = new Map<string, Rows>();
const PROSPECT = { name: 'Prospect Elsewhere', email: 'prospect.elsewhere@test.local' };
let adminId: number;
let mentorId: number;
let prospectId: number;

async function post(url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') {
  const res = await t.call({ method, url, token: admin, payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  adminId = await t.userId('ADMIN');
  mentorId = await t.userId('MENTOR');
  const [holdType] = await t.db.insert(holdTypes).values({ name: 'Exams', maxDays: 30 }).returning();
  const isaType = await post('/admin/isa/add', {
    name: 'Standard 15%',
    salaryPercent: 15,
    currency: 'INR',
    monthlyCapMinor: 2_500_000,
    totalCapMinor: 30_000_000,
    durationMonths: 24,
    minimumSalaryMinor: 50_000_000,
  });
  const plan = await post('/admin/plan/add', {
    name: 'Pro Placement',
    kind: 'Pro',
    priceMinor: 4999900,
    currency: 'INR',
    durationMonths: 12,
    upfrontDepositMinor: 500000,
    depositValidityDays: 9,
  });
  for (const email of LEARNERS) {
    const [l] = await t.db.select().from(users).where(eq(users.email, email));
    const name = NAMES[email];
    const message = await post('/admin/message/add', { userId: l.id, subject: `Hello ${name}`, body: 'Welcome.' });
    const flag = await post('/admin/user/flag/add', { userId: l.id, title: `Flag on ${name}`, description: 'Calls.' });
    const comment = await post('/admin/user/flag/add-comment', { flagId: flag.id, comment: 'Called back.' });
    const strike = await post('/admin/user/strike', { userId: l.id, type: 'Discipline', reason: 'Late.' });
    await issueNotWorkingWarning(t.db, l.id, 'No task submitted for 7 days');
    const [warning] = await t.db.select().from(notWorkingWarnings).where(eq(notWorkingWarnings.userId, l.id));
    await t.db.insert(taskSubmissions).values({ userId: l.id, taskId: 7, assignmentId: 2 });
    const hold = await post('/admin/user/hold', {
      userId: l.id,
      holdTypeId: holdType.id,
      startDate: '2026-01-01',
      endDate: '2026-01-10',
      reason: 'Exams',
    });
    // Not for Learner Two: a new request for them must meet the scope, not the one-pending-request rule.
    const [reactivation] =
      email === 'l2@test.local'
        ? [{ id: 0 }]
        : await t.db
            .insert(reactivationRequests)
            .values({ userId: l.id, reason: 'Back', requestedByName: 'Admin' })
            .returning();
    const mentorTeam = await post('/admin/user/mentor-team', { userId: l.id, mentorId, role: 'member' });
    const sub = await post('/admin/user/plan/add', { userId: l.id, planId: plan.id, startDate: '2026-01-01' });
    const [deposit] = await t.db.select().from(upfrontDeposits).where(eq(upfrontDeposits.userId, l.id));
    await post('/admin/user/isa/assign', { userId: l.id, isaTypeId: isaType.id });
    await post('/admin/user/isa/resend', { userId: l.id });
    for (const [kind, file, type] of [
      ['document', PDF, 'application/pdf'],
      ['video', WEBM, 'video/webm'],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: `/admin/user/isa/upload-${kind}?userId=${l.id}`,
        token: admin,
        ...multipart('file', `isa.${kind === 'video' ? 'webm' : 'pdf'}`, file, type),
      });
      if (res.statusCode !== 200) throw new Error(`upload-${kind}: ${res.statusCode} ${res.body}`);
    }
    const resume = await t.call({
      method: 'POST',
      url: `/admin/user/resume/upload?userId=${l.id}`,
      token: admin,
      ...multipart('file', 'cv.pdf', PDF, 'application/pdf'),
    });
    if (resume.statusCode !== 200) throw new Error(`resume: ${resume.statusCode} ${resume.body}`);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, l.id));
    // Owned by ADMIN, so a motivator's lead rule (their learners, or leads they own) decides alone.
    const crm = await post('/admin/user/crm/add', {
      userId: l.id,
      followUpDate: '2026-12-01',
      followUpReason: 'Pro plan interest',
      ownerId: adminId,
    });
    const call = await post('/admin/call/history/add', { leadId: crm.id, outcome: 'Busy' });
    const [appointment] = await t.db
      .insert(appointments)
      .values({
        userId: l.id,
        mentorId,
        interviewType: 'Project Demo',
        scheduledAt: new Date('2026-01-02T10:00:00Z'),
        status: 'Completed',
        ...RATINGS,
        ratedAt: new Date(),
        ratedByName: 'Test Mentor',
      })
      .returning();
    const [team] = await t.db
      .insert(studentTeams)
      .values({ name: `Team of ${name}` })
      .returning();
    await t.db.insert(studentTeamMembers).values({ teamId: team.id, userId: l.id, role: 'manager' });
    const [entry] = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.subjectUserId} = ${l.id} and ${auditLog.entity} = 'user'`)
      .limit(1);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, crm.id));
    rows.set(email, {
      learner: { id: l.id, version: l.version, name, email },
      message: message.id,
      mail: mail.id,
      flag: flag.id,
      comment: comment.id,
      strike: strike.id,
      warning: warning.id,
      reactivation: reactivation.id,
      mentorTeam: mentorTeam.id,
      hold: hold.id,
      subscription: sub.id,
      deposit: deposit.id,
      lead: { id: lead.id, version: lead.version },
      call: call.id,
      appointment: { id: appointment.id, version: appointment.version },
      team: team.id,
      audit: entry?.id ?? 0,
    });
  }
  // A lead for someone who is not a learner yet, owned by ADMIN: no scoped role's.
  const [prospect] = await t.db
    .insert(leads)
    .values({ ...PROSPECT, ownerId: adminId, addedByName: 'Admin', status: 'Follow up' })
    .returning();
  prospectId = prospect.id;
  await post('/admin/call/history/add', { leadId: prospect.id, outcome: 'Busy', notes: PROSPECT.name });
}, 120_000);
afterAll(() => t.close());

function appRoutes(): Route[] {
  return t.app.routeTable
    .filter((r) => r.method !== 'HEAD')
    .map((r) => ({ method: r.method, url: r.url, access: r.access as Access }));
}
function resourceOf(access: Access): { resource: PermissionResource; action: string } | undefined {
  return typeof access === 'object' && 'resource' in access
    ? { resource: access.resource as PermissionResource, action: access.action }
    : undefined;
}
/** The scoped roles that may make this call: each must be walked. */
function scopedCallers(route: Route): RoleKey[] {
  const a = resourceOf(route.access);
  if (!a) return [];
  return (Object.keys(ROW_SCOPES[a.resource] ?? {}) as RoleKey[]).filter((role) => can(role, a.resource, a.action));
}

/** What a list must not show a role: its outside learners (name, email, id) and the prospect. */
function leaks(role: RoleKey, body: string): string[] {
  const found: string[] = [];
  for (const email of LEARNERS) {
    if (VISIBLE[role]!.includes(email)) continue;
    const o = rows.get(email)!;
    if (body.includes(o.learner.name)) found.push(o.learner.name);
    if (body.includes(email)) found.push(email);
    if (new RegExp(`"userId":${o.learner.id}\\b`).test(body)) found.push(`userId ${o.learner.id}`);
  }
  for (const text of [PROSPECT.name, PROSPECT.email]) if (body.includes(text)) found.push(text);
  return found;
}

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of WATCHED) {
    const name = getTableName(table);
    const where = table === users ? sql` where t.role_id = ${roleByKey('USER')!.id}` : sql``;
    const r = await t.db.execute<{ h: string | null }>(
      sql`select md5(string_agg(t::text, '|' order by t.id)) as h from ${sql.identifier(name)} t${where}`,
    );
    parts.push(`${name}:${(r.rows ?? r)[0]?.h}`);
  }
  return parts.join(',');
}

async function fresh(o: Rows): Promise<Rows> {
  const [l] = await t.db.select({ version: users.version }).from(users).where(eq(users.id, o.learner.id));
  const [lead] = await t.db.select({ version: leads.version }).from(leads).where(eq(leads.id, o.lead.id));
  const [a] = await t.db
    .select({ version: appointments.version })
    .from(appointments)
    .where(eq(appointments.id, o.appointment.id));
  return {
    ...o,
    learner: { ...o.learner, version: l.version },
    lead: { ...o.lead, version: lead.version },
    appointment: { ...o.appointment, version: a.version },
  };
}

describe('the row-scope walk covers every scoped route (decision 034)', () => {
  it('every route whose resource has a row scope, callable by a scoped role, has a probe; no probe names a route that is gone', () => {
    const scoped = appRoutes()
      .filter((r) => scopedCallers(r).length > 0)
      .map((r) => `${r.method} ${r.url}`);
    expect(scoped.length).toBeGreaterThan(50);
    expect(scoped.filter((k) => !(k in PROBES))).toEqual([]);
    expect(Object.keys(PROBES).filter((k) => !scoped.includes(k))).toEqual([]);
  });

  for (const role of Object.keys(VISIBLE) as RoleKey[]) {
    it(`${role}: rows outside the scope are absent from lists and 404 to reads and writes, nothing changed`, async () => {
      const token = await t.tokenFor(role);
      const outside = LEARNERS.filter((e) => !VISIBLE[role]!.includes(e));
      const failures: string[] = [];
      let walked = 0;
      for (const route of appRoutes()) {
        if (!scopedCallers(route).includes(role)) continue;
        const key = `${route.method} ${route.url}`;
        const probe = PROBES[key];
        if (!probe) continue; // the coverage test names it
        walked++;
        const o = await fresh(rows.get(outside[0])!);
        const method = route.method as 'GET';
        if (probe.kind === 'list') {
          const url = probe.url?.(o) ?? `${route.url}?page_size=100`;
          const mine = await t.call({ method, url, token });
          if (mine.statusCode === 404 && probe.url) continue; // a list by an outside learner: not found
          if (mine.statusCode !== 200) failures.push(`${key}: ${mine.statusCode} ${mine.body.slice(0, 200)}`);
          const leaked = leaks(role, mine.body);
          if (leaked.length) failures.push(`${key} shows ${role} ${leaked.join(', ')}`);
          if (!probe.empty) {
            const all = await t.call({ method, url, token: admin });
            if (leaks(role, all.body).length === 0) failures.push(`${key}: ADMIN's answer has no outside row to hide`);
          }
        } else if (probe.kind === 'read') {
          const url = probe.url(o);
          const res = await t.call({ method, url, token });
          if (res.statusCode !== 404) failures.push(`${key} ${url}: ${res.statusCode}, not 404`);
          const all = await t.call({ method, url, token: admin });
          if (all.statusCode === 404) failures.push(`${key} ${url}: 404 to ADMIN too (no outside row to hide)`);
        } else {
          const url = probe.url?.(o) ?? route.url;
          const before = await snapshot();
          const body = probe.multipart
            ? multipart('file', 'a.pdf', PDF, 'application/pdf')
            : { payload: probe.payload?.(o) ?? {}, headers: {} };
          const res = await t.call({ method, url, token, payload: body.payload, headers: body.headers });
          const allowed = [404, ...(probe.refuse ?? [])];
          if (!allowed.includes(res.statusCode))
            failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}, not ${allowed.join(' or ')}`);
          else if (res.statusCode === 400 && !/within your own scope|not learners you can change/.test(res.body))
            failures.push(`${key}: 400 for another reason: ${res.body.slice(0, 200)}`);
          if ((await snapshot()) !== before) failures.push(`${key}: a refused call changed data`);
        }
      }
      expect(failures).toEqual([]);
      expect(walked).toBeGreaterThan(10);
    }, 120_000);
  }

  it('a rule naming a column its table lacks stops the server at start', () => {
    expect(() => checkScopeColumns('callHistory', users)).toThrow(/table users has no column leadId/);
    expect(() => checkScopeColumns('callHistory', callHistory)).not.toThrow();
  });

  it('every ROW_SCOPES entry was read by a route the walk called (no dead entries)', () => {
    const read = rowScopesRead();
    expect(rowScopeEntries().filter((e) => !read.has(`${e.resource}.${e.role}`))).toEqual([]);
  });
});

describe("an owner scope: a motivator's leads are their learners' and the ones they own (decision 034)", () => {
  it('a lead for someone not yet a learner is seen, called and edited by its owner, and by no other motivator once it moves', async () => {
    const motivator = await t.tokenFor('MOTIVATOR');
    const [mine] = await t.db
      .insert(leads)
      .values({
        name: 'Prospect Mine',
        email: 'prospect.mine@test.local',
        ownerId: await t.userId('MOTIVATOR'),
        addedByName: 'Admin',
        status: 'Follow up',
      })
      .returning();
    const listed = await t.call({ method: 'GET', url: '/admin/leads/get?page_size=100', token: motivator });
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().data.map((l: { id: number }) => l.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(prospectId);
    expect((await t.call({ method: 'GET', url: `/admin/leads/get/${mine.id}`, token: motivator })).statusCode).toBe(
      200,
    );
    // Their call on it: logged, shown back to them, and the lead moves on its first connected call.
    const call = await t.call({
      method: 'POST',
      url: '/admin/call/history/add',
      token: motivator,
      payload: { leadId: mine.id, outcome: 'Connected' },
    });
    expect(call.statusCode, call.body).toBe(201);
    const calls = await t.call({ method: 'GET', url: `/admin/call/history/all?leadId=${mine.id}`, token: motivator });
    expect(calls.json().data.map((c: { id: number }) => c.id)).toEqual([call.json().id]);
    const [moved] = await t.db.select().from(leads).where(eq(leads.id, mine.id));
    expect(moved.status).toBe('In Progress');
    const edited = await t.call({
      method: 'PUT',
      url: '/admin/leads/edit',
      token: motivator,
      payload: { id: mine.id, version: moved.version, note: 'Wants the Pro plan' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Given to someone else: no longer theirs, nor its calls.
    const given = await t.call({
      method: 'PUT',
      url: '/admin/leads/edit',
      token: admin,
      payload: { id: mine.id, version: edited.json().version, ownerId: adminId },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((await t.call({ method: 'GET', url: `/admin/leads/get/${mine.id}`, token: motivator })).statusCode).toBe(
      404,
    );
    const after = await t.call({ method: 'GET', url: `/admin/call/history/all?leadId=${mine.id}`, token: motivator });
    expect(after.json().data).toEqual([]);
  });
});
