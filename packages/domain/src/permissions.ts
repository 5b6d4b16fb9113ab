import { type RoleKey, STAFF_ROLE_KEYS } from './roles';

/**
 * The permission matrix: resource x action -> roles, plus row scopes.
 * The spec does not say who may do what (§6 "not shown"); the reasoning for each
 * row is in docs/decisions/003-roles-and-permissions.md. The server enforces this
 * table on every route (each route declares { resource, action }); the console
 * reads the same table to hide what the server would refuse.
 *
 * ADMIN may do everything, USER nothing under /admin. Roles listed per action are
 * the other staff roles that may do it.
 */
export const ACTIONS = ['list', 'read', 'create', 'update', 'delete', 'export', 'manage', 'reorder', 'import'] as const;
/** The calls every resource may have. */
export type StandardAction = (typeof ACTIONS)[number];
/**
 * An action of the matrix: a standard one, or a resource's own call beyond CRUD, named where
 * the resource declares it (a learner's `changeStatus`, `addPoints`): granted like any other.
 */
export type Action = StandardAction | (string & {});

type Grants = Partial<Record<string, readonly RoleKey[]>>;

const ALL_STAFF = STAFF_ROLE_KEYS.filter((r) => r !== 'ADMIN');
const CONTENT = ['MARKETING'] as const;
const PLACEMENT = ['HR', 'KEY_ACCOUNT_MANAGER'] as const;
/** The people who talk to learners day to day. */
const MESSAGE_SENDERS = ['MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR'] as const;
const LEARNER_READERS = [
  'MENTOR',
  'HR',
  'MOTIVATOR',
  'NEGOTIATOR',
  'COLLEGE_ADMIN',
  'KEY_ACCOUNT_MANAGER',
  'STRATEGIC_PARTNERSHIP',
] as const;

function readWrite(readers: readonly RoleKey[], writers: readonly RoleKey[]): Grants {
  return {
    list: readers,
    read: readers,
    create: writers,
    update: writers,
    delete: writers,
    export: readers,
    reorder: writers,
    import: writers,
  };
}

export const PERMISSIONS = {
  // Platform
  dashboard: { read: ALL_STAFF },
  twoFactor: { manage: ALL_STAFF },
  audit: {},
  // Acting as a learner: ADMIN only (BLUEPRINT §4, decision 015).
  impersonation: {},
  role: { list: ['MENTOR', 'HR', 'MOTIVATOR'] as RoleKey[], read: ['MENTOR', 'HR', 'MOTIVATOR'] },
  // Staff attendance (decision 030): team leads read it; only ADMIN marks it, and never their own.
  roleAttendance: { list: ['MENTOR', 'HR', 'MOTIVATOR'], create: [] },
  backendError: {},
  frontendError: { create: ALL_STAFF },
  upload: { create: ALL_STAFF },
  // Learners
  user: {
    list: LEARNER_READERS,
    read: LEARNER_READERS,
    update: ['MOTIVATOR', 'NEGOTIATOR'],
    export: ['HR', 'MOTIVATOR', 'COLLEGE_ADMIN', 'NEGOTIATOR'],
    // The learner page's actions (decision 013): who does what with a learner, day to day.
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
    // The placement flows (decision 018): negotiators work payments and penalties.
    updatePlacementPayment: ['NEGOTIATOR'],
    updatePenalty: ['NEGOTIATOR'],
    updateProStatus: ['NEGOTIATOR'],
    updateVerification: ['NEGOTIATOR'],
  },
  // A learner's own records (decision 014); each follows its learner's row scope.
  userFlag: readWrite(['MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR'], ['MOTIVATOR', 'MENTOR', 'HR']),
  strike: readWrite(['MOTIVATOR', 'MENTOR', 'HR', 'COLLEGE_ADMIN'], ['MENTOR', 'HR']),
  // Issued by the system; the motivator removes one (the learner had a reason), kept as history.
  notWorkingWarning: {
    list: ['MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR', 'COLLEGE_ADMIN'],
    read: ['MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR', 'COLLEGE_ADMIN'],
    export: ['MOTIVATOR', 'MENTOR', 'HR', 'NEGOTIATOR', 'COLLEGE_ADMIN'],
    delete: ['MOTIVATOR'],
  },
  // Motivators and negotiators ask; only ADMIN decides (update: Pending -> Fulfilled | Rejected).
  reactivation: {
    list: ['MOTIVATOR', 'NEGOTIATOR', 'HR'],
    read: ['MOTIVATOR', 'NEGOTIATOR', 'HR'],
    export: ['MOTIVATOR', 'NEGOTIATOR', 'HR'],
    create: ['MOTIVATOR', 'NEGOTIATOR'],
  },
  mentorTeam: readWrite(['MENTOR', 'MOTIVATOR', 'HR'], ['MENTOR']),
  studentTeam: { list: ['MENTOR', 'MOTIVATOR', 'HR'], read: ['MENTOR', 'MOTIVATOR', 'HR'] },
  // A learner's ISA (decision 017): negotiators run it; motivators upload on the learner's
  // behalf and resend the link; HR reads it for placements. Its terms are set by ADMIN.
  isa: {
    read: ['NEGOTIATOR', 'HR', 'MOTIVATOR'],
    assign: ['NEGOTIATOR'],
    update: ['NEGOTIATOR'],
    extend: ['NEGOTIATOR'],
    verify: ['NEGOTIATOR'],
    remove: ['NEGOTIATOR'],
    upload: ['NEGOTIATOR', 'MOTIVATOR'],
    resend: ['NEGOTIATOR', 'MOTIVATOR'],
  },
  isaType: readWrite(['NEGOTIATOR', 'HR', 'MOTIVATOR'], []),
  // Every mail the server wrote, sent or not: read by those who send learners mail (decision 017).
  mailOutbox: {
    list: ['NEGOTIATOR', 'MOTIVATOR'],
    read: ['NEGOTIATOR', 'MOTIVATOR'],
    export: ['NEGOTIATOR', 'MOTIVATOR'],
  },
  hold: readWrite(['NEGOTIATOR', 'MOTIVATOR'], ['NEGOTIATOR', 'MOTIVATOR']),
  // The reasons a hold may have: read by whoever places holds, set by ADMIN (decision 013).
  holdType: readWrite(['NEGOTIATOR', 'MOTIVATOR'], []),
  plan: readWrite(['NEGOTIATOR', 'MARKETING', 'MOTIVATOR'], []),
  // A learner's subscriptions and deposits (decision 018): negotiators handle the money.
  subscription: {
    ...readWrite(['NEGOTIATOR', 'MOTIVATOR'], ['NEGOTIATOR']),
    extendExpiration: ['NEGOTIATOR'],
    recordPayment: ['NEGOTIATOR'],
  },
  lead: readWrite(['MARKETING', 'MOTIVATOR', 'STRATEGIC_PARTNERSHIP'], ['MARKETING', 'MOTIVATOR']),
  callHistory: readWrite(['MOTIVATOR', 'MARKETING', 'NEGOTIATOR'], ['MOTIVATOR']),
  // Messages are history: sent and read, never edited or deleted (decision 012).
  message: {
    list: MESSAGE_SENDERS,
    read: MESSAGE_SENDERS,
    create: MESSAGE_SENDERS,
    export: MESSAGE_SENDERS,
  },
  // Curriculum
  course: readWrite(['MENTOR', 'COLLEGE_ADMIN', 'MOTIVATOR'], ['MENTOR']),
  track: readWrite(['MENTOR', 'MOTIVATOR'], []),
  assignment: readWrite(['MENTOR'], ['MENTOR']),
  task: readWrite(['MENTOR'], ['MENTOR']),
  submission: readWrite(['MENTOR', 'COLLEGE_ADMIN'], ['MENTOR']),
  category: readWrite(['MENTOR'], ['MENTOR']),
  // Colleges, mentors
  college: readWrite(['STRATEGIC_PARTNERSHIP', 'COLLEGE_ADMIN', 'HR'], ['STRATEGIC_PARTNERSHIP']),
  batch: readWrite(['STRATEGIC_PARTNERSHIP', 'COLLEGE_ADMIN', 'MENTOR'], ['STRATEGIC_PARTNERSHIP']),
  degree: readWrite(ALL_STAFF, ['STRATEGIC_PARTNERSHIP']),
  mentor: readWrite(['MENTOR', 'STRATEGIC_PARTNERSHIP', 'MOTIVATOR'], []),
  // Motivators book appointments, mentors hold and rate them; placement staff read the ratings
  // (decision 022). Rating is its own action, the mentors' only.
  appointment: {
    ...readWrite(['MENTOR', 'MOTIVATOR', 'HR', 'KEY_ACCOUNT_MANAGER'], ['MENTOR', 'MOTIVATOR']),
    rate: ['MENTOR'],
  },
  team: readWrite(['MENTOR', 'MOTIVATOR'], ['MENTOR']),
  // Jobs
  jobOpening: readWrite([...PLACEMENT, 'NEGOTIATOR'], PLACEMENT),
  applicant: readWrite([...PLACEMENT, 'NEGOTIATOR'], PLACEMENT),
  jobRole: readWrite(PLACEMENT, PLACEMENT),
  referral: readWrite(PLACEMENT, PLACEMENT),
  placementStats: readWrite([...PLACEMENT, 'MARKETING', 'NEGOTIATOR'], PLACEMENT),
  // Content
  blog: readWrite(CONTENT, CONTENT),
  event: readWrite([...CONTENT, 'MENTOR'], [...CONTENT, 'MENTOR']),
  testimonial: readWrite(CONTENT, CONTENT),
  company: readWrite([...CONTENT, ...PLACEMENT, 'STRATEGIC_PARTNERSHIP'], [...PLACEMENT, 'STRATEGIC_PARTNERSHIP']),
  product: readWrite(CONTENT, CONTENT),
  order: readWrite([...CONTENT, 'NEGOTIATOR'], ['NEGOTIATOR']),
  // Configuration
  // Cards are marketing copy (like blogs and website settings); placing them on user types is
  // campaign work too. User types and their conditions are rules over learner data marketing
  // may not read, so only ADMIN writes them (decision 012).
  card: readWrite(['MARKETING'], ['MARKETING']),
  userType: readWrite(['MARKETING'], []),
  websiteConfiguration: readWrite(['MARKETING'], ['MARKETING']),
  aiPrompt: readWrite(['MENTOR'], []),
  location: readWrite(ALL_STAFF, ['HR']),
  // Support
  enquiry: readWrite(['MARKETING', 'MOTIVATOR'], ['MARKETING', 'MOTIVATOR']),
  question: readWrite(['MENTOR'], ['MENTOR']),
} satisfies Record<string, Grants>;

export type PermissionResource = keyof typeof PERMISSIONS;

/** True when `role` may perform `action` on `resource`. */
export function can(role: RoleKey, resource: PermissionResource, action: Action): boolean {
  if (role === 'USER') return false;
  if (role === 'ADMIN') return true;
  const grants = PERMISSIONS[resource] as Grants;
  return grants[action]?.includes(role) ?? false;
}
