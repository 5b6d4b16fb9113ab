import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { baseColumns, versioned } from './columns';

export const roles = pgTable(
  'roles',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    description: text('description'),
    /** Built-in roles (ids 1-10) cannot be renamed or deleted. */
    builtIn: boolean('built_in').notNull().default(false),
    /** A sub-role inherits the permissions of the built-in role it descends from. */
    parentRoleId: integer('parent_role_id'),
  },
  (t) => [uniqueIndex('roles_name_unique').on(sql`lower(${t.name})`)],
);

export const colleges = pgTable('colleges', {
  ...baseColumns,
  ...versioned,
  name: text('name').notNull(),
  city: text('city'),
  state: text('state'),
});

export const batches = pgTable('batches', {
  ...baseColumns,
  ...versioned,
  name: text('name').notNull(),
  collegeId: integer('college_id').references(() => colleges.id),
  startDate: date('start_date'),
});

export const users = pgTable(
  'users',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** "User Status" (spec §3): Active or Inactive. */
    userStatus: text('status').notNull().default('Active'),
    // The learner's facts behind the 31 filters of spec §3 (decision 013).
    collegeId: integer('college_id').references(() => colleges.id),
    batchId: integer('batch_id').references(() => batches.id),
    motivatorId: integer('motivator_id'),
    ownerId: integer('owner_id'),
    isaStatus: text('isa_status').notNull().default('Not Assigned'),
    isaExpiryDate: date('isa_expiry_date'),
    proStatus: text('pro_status').notNull().default('Not Eligible'),
    proPlanId: integer('pro_plan_id'),
    planId: integer('plan_id'),
    alumniStatus: text('alumni_status').notNull().default('Not Started'),
    mobileNumberStatus: text('mobile_number_status').notNull().default('Not Verified'),
    followUpStatus: text('follow_up_status'),
    followUpDate: date('follow_up_date'),
    followUpReason: text('follow_up_reason'),
    appointmentDate: timestamp('appointment_at', { withTimezone: true }),
    panVerificationStatus: text('pan_verification_status').notNull().default('Not Verified'),
    placementPenaltyPaymentStatus: text('placement_penalty_status').notNull().default('Not Required'),
    // The placement flows (decision 018), each moved only along its machine.
    placementPenaltyReason: text('placement_penalty_reason'),
    placementPaymentStatus: text('placement_payment_status').notNull().default('NOT_OPTED'),
    verificationStep: text('verification_step').notNull().default('pan'),
    // Verification Pending or Completed (spec §4); it completes from the step unlock (decision 031).
    verificationStatus: text('verification_status').notNull().default('Verification Pending'),
    upfrontStatus: text('upfront_status').notNull().default('Not Required'),
    fastTrackStatus: text('fast_track_status').notNull().default('Not Applied'),
    excludeFromCrm: boolean('exclude_from_crm').notNull().default(false),
    totalPoints: integer('total_points').notNull().default(0),
    readyForPlacements: boolean('ready_for_placement').notNull().default(false),
    alreadyPlaced: boolean('already_placed').notNull().default(false),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    lastActivity: timestamp('last_activity_at', { withTimezone: true }),
    /**
     * The learner's latest task submission, kept by a trigger on `task_submissions` in the
     * submission's own transaction (it cannot drift); the window filters read it.
     */
    lastTaskSubmitDate: timestamp('last_task_submit_at', { withTimezone: true }),
    // Set by the learner page's actions (decision 013).
    placementBlacklistDate: date('placement_blacklist_until'),
    qualificationDeadline: date('qualification_deadline'),
    sharpenerPlusStatus: text('sharpener_plus_status'),
    billingCycle: text('billing_cycle'),
    campusNexa: boolean('campus_nexa').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    // The learner's resume (a PDF staff upload; served only through GET /admin/user/resume/get).
    resumeKey: text('resume_key'),
    resumeName: text('resume_name'),
    resumeSize: integer('resume_size'),
    resumeUploadedAt: timestamp('resume_uploaded_at', { withTimezone: true }),
    // The last credit check (POST /admin/user/check-cibil-score, decision 013).
    cibilScore: integer('cibil_score'),
    cibilReport: text('cibil_report'),
    cibilCheckedAt: timestamp('cibil_checked_at', { withTimezone: true }),
    cibilProvider: text('cibil_provider'),
    // two-factor authentication
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** Last TOTP time step accepted: a code is accepted once. */
    totpLastStep: integer('totp_last_step').notNull().default(0),
    /** A password someone else chose (the first ADMIN's, decision 028): every call but changing it is refused. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId, t.id),
    index('users_college_idx').on(t.collegeId),
    index('users_batch_idx').on(t.batchId),
    index('users_motivator_idx').on(t.motivatorId),
    index('users_created_idx').on(t.createdAt),
    // Learner list filters and sorts that a million rows need an index for (decision 013).
    index('users_learner_isa_idx').on(t.roleId, t.isaStatus, t.id),
    // The three statuses staff filter on together, ending with the list's default order (decision 016).
    index('users_learner_statuses_idx').on(t.roleId, t.isaStatus, t.userStatus, t.proStatus, t.id),
    index('users_learner_points_idx').on(t.roleId, t.totalPoints, t.id),
    index('users_learner_activity_idx').on(t.roleId, t.lastActivity, t.id),
    index('users_learner_last_submit_idx').on(t.roleId, t.lastTaskSubmitDate, t.id),
    index('users_owner_idx').on(t.ownerId),
    // The negotiator's placement queue (decision 018; the same condition as the learner's derived `placementQueue`).
    index('users_placement_queue_idx')
      .on(t.id)
      .where(
        sql`${t.placementPaymentStatus} in ('MOCK_COMPLETED', 'PAYMENT_HOLD', 'INITIAL_PAYMENT_DONE') or ${t.placementPenaltyPaymentStatus} in ('Required and Pending', 'Pending CIBIL check')`,
      ),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Search by phone in any format: its last 10 digits (decision 039; the same expression as the engine's `phoneDigits`).
    index('users_phone_digits_idx').on(sql`right(regexp_replace(${t.phone}, '[^0-9]', '', 'g'), 10)`),
  ],
);

/**
 * How many users each role has, kept exact by triggers on `users` in the writing transaction
 * (migration 0014): the unfiltered learner list's `totalItems` reads it instead of counting a
 * million rows (decision 016).
 */
export const userRoleCounts = pgTable('user_role_counts', {
  roleId: integer('role_id').primaryKey(),
  users: integer('users').notNull().default(0),
});

/**
 * A learner's submission of a task (the curriculum builds tasks and reviews on it). The
 * window filters of spec §3 ("tasks submitted in last 7 days") count these rows.
 */
export const taskSubmissions = pgTable(
  'task_submissions',
  {
    ...baseColumns,
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull(),
    assignmentId: integer('assignment_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('Submitted'),
  },
  (t) => [index('task_submissions_user_time_idx').on(t.userId, t.submittedAt)],
);

export const batchMentors = pgTable(
  'batch_mentors',
  {
    ...baseColumns,
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    mentorId: integer('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('batch_mentors_unique').on(t.batchId, t.mentorId),
    index('batch_mentors_mentor_idx').on(t.mentorId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    ...baseColumns,
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Issued after a correct password for a 2FA account: reaches only the verify calls and logout. */
    twoFactorPending: boolean('two_factor_pending').notNull().default(false),
    impersonatorId: integer('impersonator_id').references(() => users.id),
    /** An impersonation: the admin's session that started it; it ends with that session (decision 029). */
    startedBySessionId: integer('started_by_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_unique').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_started_by_idx').on(t.startedBySessionId),
  ],
);

export const backupCodes = pgTable(
  'backup_codes',
  {
    ...baseColumns,
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);

/** Failed-login counters per account and per IP (fixed window). */
export const loginThrottle = pgTable('login_throttle', {
  ...baseColumns,
  key: text('key').notNull().unique(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const staffAttendance = pgTable(
  'staff_attendance',
  {
    ...baseColumns,
    ...versioned,
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    status: text('status', { enum: ['Present', 'Absent'] }).notNull(),
    note: text('note'),
    markedBy: integer('marked_by').references(() => users.id),
  },
  (t) => [uniqueIndex('staff_attendance_unique').on(t.userId, t.day)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * A staff member's console preferences (columns, page size, theme, saved list views): kept
 * here, per user, because logging out clears the browser's storage (spec §4). One row a user.
 */
export const userPreferences = pgTable('user_preferences', {
  ...baseColumns,
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull().default({}),
});
