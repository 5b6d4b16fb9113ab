import { z } from 'zod';
import { requiredName } from './fields';
import { PERSON_REFERENCE, type ResourceDef } from './resource';
import { ROLES } from './roles';
import { isoDateTime, isoDay } from './wire';

const none = z.strictObject({});

// ---------- Auth ----------
export const loginSchema = z.strictObject({
  email: z.email('Enter a valid email').max(254),
  password: z.string().min(1, 'Password is required').max(256),
});
export const registerSchema = z.strictObject({
  name: requiredName('Name', 120),
  email: z.email('Enter a valid email').max(254),
  password: z.string().min(10, 'Password must be at least 10 characters').max(256),
});
export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1, 'Enter your current password').max(256),
    newPassword: registerSchema.shape.password,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from the current one',
  });
export const twoFactorCodeSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const backupCodeSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,20}$/, 'Enter one of your backup codes'),
});

/** The user as the console sees it: `role` is the spec's role name. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  roleId: z.number().int(),
  twoFactorEnabled: z.boolean(),
  /** The password was chosen by someone else (the first ADMIN's): the console asks for a new one first. */
  mustChangePassword: z.boolean(),
  impersonatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionResultSchema = z.object({ token: z.string(), user: sessionUserSchema });
export const loginResultSchema = z.union([
  sessionResultSchema,
  z.object({ twoFactorRequired: z.literal(true), token: z.string() }),
]);
export type LoginResult = z.infer<typeof loginResultSchema>;
export const twoFactorSetupSchema = z.object({ otpauthUrl: z.string(), qrCodeDataUrl: z.string() });
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

// ---------- Audit ----------
export const AUDIT_ACTIONS = [
  { value: 'create', label: 'Create', color: 'green' },
  { value: 'update', label: 'Update', color: 'blue' },
  { value: 'delete', label: 'Delete', color: 'red' },
  { value: 'upload', label: 'Upload', color: 'grape' },
  { value: 'login', label: 'Login', color: 'gray' },
  { value: 'logout', label: 'Logout', color: 'gray' },
  { value: 'enable2FA', label: 'Enable 2FA', color: 'teal' },
  { value: 'disable2FA', label: 'Disable 2FA', color: 'orange' },
  { value: 'register', label: 'Register', color: 'gray' },
  { value: 'registerExisting', label: 'Register (email taken)', color: 'yellow' },
  { value: 'changePassword', label: 'Change password', color: 'orange' },
  { value: 'impersonate', label: 'Impersonate', color: 'orange' },
  { value: 'stopImpersonation', label: 'Stop impersonating', color: 'gray' },
  { value: 'revert', label: 'Revert', color: 'violet' },
  // A learner's ISA (decision 017): one entry per move, on the ISA and on the learner.
  { value: 'isaAssign', label: 'Assign ISA', color: 'teal' },
  { value: 'isaReplace', label: 'ISA replaced', color: 'gray' },
  { value: 'isaChangeType', label: 'Change ISA type', color: 'blue' },
  { value: 'isaSubmitDocuments', label: 'ISA documents uploaded', color: 'orange' },
  { value: 'isaUploadVideo', label: 'ISA video uploaded', color: 'orange' },
  { value: 'isaVerify', label: 'Verify ISA', color: 'green' },
  { value: 'isaExtend', label: 'Extend ISA', color: 'blue' },
  { value: 'isaResend', label: 'Resend ISA link', color: 'gray' },
  { value: 'isaRequestTermination', label: 'Request ISA termination', color: 'orange' },
  { value: 'isaCancelTermination', label: 'Cancel ISA termination', color: 'blue' },
  { value: 'isaTerminate', label: 'Terminate ISA', color: 'red' },
  { value: 'isaOptOut', label: 'Opt out of ISA', color: 'gray' },
  { value: 'isaRemove', label: 'Remove ISA', color: 'red' },
  { value: 'isaDeadlinePassed', label: 'ISA document deadline passed', color: 'red' },
  { value: 'isaExpire', label: 'ISA expired', color: 'gray' },
  { value: 'queueMail', label: 'Mail written', color: 'gray' },
  // Plans and the placement flows (decision 018).
  { value: 'updatePlacementPayment', label: 'Placement payment', color: 'blue' },
  { value: 'updatePenalty', label: 'Placement penalty', color: 'orange' },
  { value: 'updateProStatus', label: 'Pro status', color: 'blue' },
  { value: 'updateVerification', label: 'Verification', color: 'blue' },
  { value: 'syncPlan', label: 'Plan and upfront status', color: 'gray' },
  { value: 'replace', label: 'Plan replaced', color: 'gray' },
  { value: 'extendExpiration', label: 'Deposit extended', color: 'blue' },
  { value: 'recordPayment', label: 'Deposit paid', color: 'green' },
  { value: 'expire', label: 'Deposit expired', color: 'red' },
  // The CRM and appointments (decision 022).
  { value: 'reopen', label: 'Back in the CRM', color: 'blue' },
  { value: 'crmSync', label: 'Follow-up from the CRM', color: 'gray' },
  { value: 'followUpSync', label: 'Follow-up to the CRM', color: 'gray' },
  { value: 'appointmentSync', label: 'Next appointment', color: 'gray' },
  { value: 'rate', label: 'Rate interview', color: 'teal' },
] as const;

export const auditResource: ResourceDef = {
  path: 'audit',
  permission: 'audit',
  label: 'Audit entry',
  pluralLabel: 'Audit log',
  screens: {
    slug: 'audit-log',
    area: 'Administration',
    empty: { title: 'Nothing recorded yet.', holds: 'Every change made in the console and the API is recorded here.' },
  },
  titleField: 'id',
  createSchema: none,
  updateSchema: none,
  operations: ['list', 'read'],
  defaultSort: { field: 'id', dir: 'desc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'createdAt', label: 'Time', type: 'datetime', list: true, filter: true, sort: true },
    {
      name: 'actorId',
      label: 'Actor',
      type: 'reference',
      reference: PERSON_REFERENCE,
      list: true,
      filter: true,
      sort: true,
    },
    { name: 'actorName', label: 'Actor', type: 'string', list: true },
    {
      name: 'impersonatorId',
      label: 'Impersonated by',
      type: 'reference',
      reference: PERSON_REFERENCE,
      list: true,
      filter: true,
    },
    { name: 'action', label: 'Action', type: 'string', list: true, filter: true, sort: true },
    { name: 'entity', label: 'Entity', type: 'string', list: true, filter: true, sort: true },
    { name: 'entityId', label: 'Entity id', type: 'string', list: true, filter: true, sort: true },
    // The learner the written row belongs to, and the entry a revert undoes (decision 015).
    {
      name: 'subjectUserId',
      label: 'Learner',
      type: 'reference',
      reference: { resource: 'user', labelField: 'name' },
      filter: true,
    },
    { name: 'revertsAuditId', label: 'Reverts entry', type: 'integer', filter: true },
    // Spec §4 "Source": 1 User (a person), 2 System (scheduled work; decision 017).
    { name: 'source', label: 'Source (1 User, 2 System)', type: 'integer', filter: true, sort: true },
    // The request that made the write: its x-request-id and log lines (decision 026).
    { name: 'requestId', label: 'Request id', type: 'string', filter: true },
    { name: 'before', label: 'Before', type: 'json', inList: false },
    { name: 'after', label: 'After', type: 'json', inList: false },
  ],
};

// ---------- Errors ----------
export const frontendErrorCreateSchema = z.strictObject({
  message: z.string().trim().min(1).max(2000),
  stack: z.string().max(20_000).optional(),
  componentStack: z.string().max(20_000).optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(500).optional(),
});

export const backendErrorResource: ResourceDef = {
  path: 'errors',
  permission: 'backendError',
  label: 'Server error',
  pluralLabel: 'Server errors',
  screens: {
    slug: 'server-errors',
    area: 'Administration',
    empty: { title: 'No server errors.', holds: 'Errors the API meets are recorded here.' },
  },
  titleField: 'message',
  createSchema: none,
  updateSchema: none,
  operations: ['list', 'read', 'delete'],
  defaultSort: { field: 'id', dir: 'desc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'createdAt', label: 'Time', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'method', label: 'Method', type: 'string', list: true, filter: true },
    { name: 'url', label: 'Url', type: 'string', list: true, filter: true },
    { name: 'message', label: 'Message', type: 'string', list: true, filter: true },
    { name: 'userId', label: 'User', type: 'reference', reference: PERSON_REFERENCE, list: true, filter: true },
    // The request that failed: its x-request-id and log lines (decision 026).
    { name: 'requestId', label: 'Request id', type: 'string', filter: true },
    { name: 'stack', label: 'Stack', type: 'text', inList: false },
  ],
};

export const frontendErrorResource: ResourceDef = {
  path: 'frontend-errors',
  permission: 'frontendError',
  label: 'Console error',
  pluralLabel: 'Console errors',
  screens: {
    slug: 'console-errors',
    area: 'Administration',
    createdElsewhere: "Reported by the console's error boundary, never typed in by hand.",
    empty: { title: 'No console errors.', holds: 'Errors the console meets in a browser are recorded here.' },
  },
  titleField: 'message',
  createSchema: frontendErrorCreateSchema,
  updateSchema: none,
  operations: ['list', 'read', 'create', 'delete'],
  defaultSort: { field: 'id', dir: 'desc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'createdAt', label: 'Time', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'message', label: 'Message', type: 'string', list: true, filter: true },
    { name: 'url', label: 'Url', type: 'string', list: true, filter: true },
    { name: 'userId', label: 'User', type: 'reference', reference: PERSON_REFERENCE, list: true, filter: true },
    { name: 'userAgent', label: 'Browser', type: 'string' },
    { name: 'stack', label: 'Stack', type: 'text', inList: false },
    { name: 'componentStack', label: 'Component stack', type: 'text', inList: false },
  ],
};

// ---------- Roles ----------
export const roleCreateSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(2, 'Name is required')
    .max(60)
    .regex(/^[A-Za-z0-9 _-]+$/, 'Letters, digits, spaces, - and _ only'),
  description: z.string().trim().max(300).optional(),
});
export const subRoleCreateSchema = roleCreateSchema.extend({ parentRoleId: z.number().int().positive() });
export const roleUpdateSchema = z.strictObject({
  name: roleCreateSchema.shape.name.optional(),
  description: z.string().trim().max(300).optional(),
  version: z.number().int().min(1),
});
export const roleMemberSchema = z.strictObject({
  roleId: z.number().int().positive(),
  userId: z.number().int().positive(),
});
export const ATTENDANCE_STATUSES = ['Present', 'Absent'] as const;
export const attendanceMarkSchema = z.strictObject({
  userId: z.number().int().positive(),
  date: z.iso.date('Must be a date (YYYY-MM-DD)'),
  status: z.enum(ATTENDANCE_STATUSES),
  note: z.string().trim().max(300).optional(),
});
export const BUILT_IN_ROLE_IDS = ROLES.map((r) => r.id);

/** A role as the role calls answer it (`members` only on the list). */
export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  builtIn: z.boolean(),
  parentRoleId: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export const roleListItemSchema = roleSchema.extend({ members: z.number().int() });
/** A member of a role: only what the role screens show. */
export const roleMemberRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleId: z.number().int(),
  status: z.string(),
});
export const attendanceRowSchema = roleMemberRowSchema.extend({
  attendance: z.enum(ATTENDANCE_STATUSES).nullable(),
  note: z.string().nullable(),
});
export const attendanceMarkResultSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  day: isoDay,
  status: z.enum(ATTENDANCE_STATUSES),
  note: z.string().nullable(),
  markedBy: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

// ---------- Dashboard ----------
const countOf = z.number().int();
const statusCount = z.object({ status: z.string(), learners: countOf, color: z.string() });
export const dashboardStatsSchema = z.object({
  home: z.object({
    learners: countOf,
    activeLearners: countOf,
    staff: countOf,
    blogs: countOf,
    upcomingEvents: countOf,
  }),
  studies: z.object({
    byIsaStatus: z.array(z.object({ label: z.string(), value: countOf })),
    averagePoints: z.number(),
    readyForPlacement: countOf,
  }),
  stories: z.object({
    liveBlogs: countOf,
    archivedBlogs: countOf,
    recentBlogs: z.array(z.object({ id: z.number().int(), title: z.string(), createdAt: isoDateTime })),
  }),
  progress: z.object({
    weeks: z.array(z.object({ week: z.string(), registrations: countOf, placed: countOf })),
    /** Learners by ISA status: every status of spec §4 in its order, with its colour (0 included). */
    isaFunnel: z.array(statusCount),
    /** Learners by placement payment flow state: the nine states of spec §4 in the flow's order. */
    placementPayments: z.array(statusCount),
  }),
});
/** What the console receives (timestamps as ISO strings). */
export type DashboardStats = z.input<typeof dashboardStatsSchema>;
