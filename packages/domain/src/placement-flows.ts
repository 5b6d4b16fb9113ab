import {
  ALUMNI_STATUSES,
  PAN_VERIFICATION_STATUSES,
  PLACEMENT_PENALTY_STATUSES,
  PRO_STATUSES,
  SHARPENER_PLUS_STATUSES,
} from './enums';
import { setFlow } from './flows';

// ---------- The placement flows of spec §4, as data (decision 018) ----------

/**
 * Placement payment flow (spec §4): the nine states in the spec's order (MOCK_COMPLETED is the
 * seventh, after NOT_QUALIFIED); the order a learner meets them is the machine's `moves`.
 */
export const PLACEMENT_PAYMENT_STATUSES = [
  { value: 'NOT_OPTED', label: 'NOT_OPTED', color: 'gray' },
  { value: 'QUALIFICATION_STARTED', label: 'QUALIFICATION_STARTED', color: 'blue' },
  { value: 'QUALIFIED_AND_MOCK_PENDING', label: 'QUALIFIED_AND_MOCK_PENDING', color: 'blue' },
  { value: 'INITIAL_PAYMENT_DONE', label: 'INITIAL_PAYMENT_DONE', color: 'orange' },
  { value: 'PLACEMENT_PAYMENT_DONE', label: 'PLACEMENT_PAYMENT_DONE', color: 'green' },
  { value: 'NOT_QUALIFIED', label: 'NOT_QUALIFIED', color: 'red' },
  { value: 'MOCK_COMPLETED', label: 'MOCK_COMPLETED', color: 'orange' },
  { value: 'PAYMENT_SKIPPED', label: 'PAYMENT_SKIPPED', color: 'gray' },
  { value: 'PAYMENT_HOLD', label: 'PAYMENT_HOLD', color: 'red' },
] as const;
export type PlacementPaymentStatus = (typeof PLACEMENT_PAYMENT_STATUSES)[number]['value'];

/** Penalty reasons (spec §9), exact. */
export const PENALTY_REASONS = [
  'Misbehaved with HR',
  'Negotiating Salary with HR',
  'Missed Interview',
  'Cheating',
  'Shared Contact Details Of HR',
  'Negotiated Location with HR',
  'Bond Negotiation',
  'Not Available',
].map((v) => ({ value: v, label: v }));

/** Verification steps (spec §9 "pan, cibil, unlock"): the step a learner's verification is at. */
export const VERIFICATION_STEPS = [
  { value: 'pan', label: 'pan', color: 'orange' },
  { value: 'cibil', label: 'cibil', color: 'orange' },
  { value: 'unlock', label: 'unlock', color: 'blue' },
] as const;

/**
 * Verification (spec §4 "Verification Pending, Verification Completed"): whether the learner's
 * verification is done. It completes from the last step, unlock (decision 031).
 */
export const VERIFICATION_STATUSES = [
  { value: 'Verification Pending', label: 'Verification Pending', color: 'orange' },
  { value: 'Verification Completed', label: 'Verification Completed', color: 'green' },
] as const;

const valuesOf = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as T[number]['value'][];

type PaymentState = PlacementPaymentStatus;
export const PLACEMENT_PAYMENT_MACHINE = setFlow<PaymentState>({
  name: 'placementPayment',
  label: 'Placement payment',
  field: 'placementPaymentStatus',
  states: valuesOf(PLACEMENT_PAYMENT_STATUSES),
  initial: 'NOT_OPTED',
  next: {
    NOT_OPTED: ['QUALIFICATION_STARTED'],
    QUALIFICATION_STARTED: ['QUALIFIED_AND_MOCK_PENDING', 'NOT_QUALIFIED', 'NOT_OPTED'],
    QUALIFIED_AND_MOCK_PENDING: ['MOCK_COMPLETED', 'NOT_QUALIFIED'],
    MOCK_COMPLETED: ['INITIAL_PAYMENT_DONE', 'PAYMENT_SKIPPED', 'PAYMENT_HOLD'],
    PAYMENT_HOLD: ['INITIAL_PAYMENT_DONE', 'PAYMENT_SKIPPED'],
    INITIAL_PAYMENT_DONE: ['PLACEMENT_PAYMENT_DONE', 'PAYMENT_HOLD'],
    NOT_QUALIFIED: ['QUALIFICATION_STARTED'],
    PLACEMENT_PAYMENT_DONE: [],
    PAYMENT_SKIPPED: [],
  },
  moveLabels: {
    QUALIFICATION_STARTED: 'Start qualification',
    QUALIFIED_AND_MOCK_PENDING: 'Qualified',
    NOT_QUALIFIED: 'Not qualified',
    NOT_OPTED: 'Opted out',
    MOCK_COMPLETED: 'Mock completed',
    INITIAL_PAYMENT_DONE: 'Initial payment received',
    PLACEMENT_PAYMENT_DONE: 'Placement payment received',
    PAYMENT_SKIPPED: 'Skip payment',
    PAYMENT_HOLD: 'Hold payment',
  },
});

type PenaltyState = (typeof PLACEMENT_PENALTY_STATUSES)[number]['value'];
export const PLACEMENT_PENALTY_MACHINE = setFlow<PenaltyState>({
  name: 'placementPenalty',
  label: 'Placement penalty',
  field: 'placementPenaltyPaymentStatus',
  states: valuesOf(PLACEMENT_PENALTY_STATUSES),
  initial: 'Not Required',
  next: {
    'Not Required': ['Required and Pending'],
    'Required and Pending': ['Paid', 'Pending CIBIL check', 'Not Required'],
    'Pending CIBIL check': ['Paid', 'Required and Pending', 'Not Required'],
    // A later offence starts a new penalty.
    Paid: ['Required and Pending'],
  },
  moveLabels: {
    'Required and Pending': 'Require a penalty',
    Paid: 'Record payment',
    'Pending CIBIL check': 'Send to CIBIL check',
    'Not Required': 'Waive',
  },
});

type ProState = (typeof PRO_STATUSES)[number]['value'];
export const PRO_STATUS_MACHINE = setFlow<ProState>({
  name: 'proStatus',
  label: 'Pro status',
  field: 'proStatus',
  states: valuesOf(PRO_STATUSES),
  initial: 'Not Eligible',
  next: {
    'Not Eligible': ['Payment Pending'],
    'Payment Pending': ['Pro User', 'Did not pay', 'Not Eligible'],
    'Did not pay': ['Payment Pending'],
    'Pro User': [],
  },
  moveLabels: {
    'Payment Pending': 'Offer Pro',
    'Pro User': 'Payment received',
    'Did not pay': 'Did not pay',
    'Not Eligible': 'Withdraw offer',
  },
});

type SharpenerState = (typeof SHARPENER_PLUS_STATUSES)[number]['value'];
export const SHARPENER_PLUS_MACHINE = setFlow<SharpenerState>({
  name: 'sharpenerPlus',
  label: 'Sharpener-plus status',
  field: 'sharpenerPlusStatus',
  states: valuesOf(SHARPENER_PLUS_STATUSES),
  initial: 'Plus User',
  fromEmpty: ['Plus User'],
  next: {
    'Plus User': ['Mock Completed'],
    'Mock Completed': ['Eligible for ISA', 'ISA Eligibility Failed'],
    'ISA Eligibility Failed': ['Mock Completed'],
    'Eligible for ISA': ['Placed'],
    Placed: [],
  },
});

type AlumniState = (typeof ALUMNI_STATUSES)[number]['value'];
export const ALUMNI_MACHINE = setFlow<AlumniState>({
  name: 'alumni',
  label: 'Alumni status',
  field: 'alumniStatus',
  states: valuesOf(ALUMNI_STATUSES),
  initial: 'Not Started',
  next: {
    'Not Started': ['Not Eligible', 'Payment Pending'],
    'Not Eligible': ['Not Started'],
    'Payment Pending': ['Payment Done', 'Not Eligible'],
    'Payment Done': ['ISA Signed'],
    'ISA Signed': ['Details Submitted'],
    'Details Submitted': ['Mock Completed'],
    'Mock Completed': ['Placed'],
    Placed: [],
  },
});

type PanState = (typeof PAN_VERIFICATION_STATUSES)[number]['value'];
export const PAN_VERIFICATION_MACHINE = setFlow<PanState>({
  name: 'panVerification',
  label: 'PAN verification',
  field: 'panVerificationStatus',
  states: valuesOf(PAN_VERIFICATION_STATUSES),
  initial: 'Not Verified',
  next: {
    'Not Verified': ['Applied'],
    Applied: ['Verified', 'Rejected'],
    Rejected: ['Applied'],
    Verified: [],
  },
});

/** A completed verification stays at its last step. */
const stepsDone = (row: Readonly<Record<string, unknown>>) =>
  row.verificationStatus === 'Verification Completed' ? 'the verification is completed' : undefined;

type StepState = (typeof VERIFICATION_STEPS)[number]['value'];
export const VERIFICATION_STEP_MACHINE = setFlow<StepState>({
  name: 'verificationStep',
  label: 'Verification step',
  field: 'verificationStep',
  states: valuesOf(VERIFICATION_STEPS),
  initial: 'pan',
  next: {
    pan: ['cibil'],
    cibil: ['unlock', 'pan'],
    unlock: ['pan'],
  },
  moveLabels: {
    cibil: 'PAN done: check CIBIL',
    unlock: 'CIBIL done: unlock',
    pan: 'Start over from PAN',
  },
  locked: stepsDone,
  guards: {
    cibil: (row) => (row.panVerificationStatus === 'Verified' ? undefined : 'the PAN is not verified'),
    unlock: (row) => (row.cibilScore == null ? 'no CIBIL score has been checked' : undefined),
  },
});

type VerificationState = (typeof VERIFICATION_STATUSES)[number]['value'];
export const VERIFICATION_MACHINE = setFlow<VerificationState>({
  name: 'verification',
  label: 'Verification',
  field: 'verificationStatus',
  states: valuesOf(VERIFICATION_STATUSES),
  initial: 'Verification Pending',
  next: {
    'Verification Pending': ['Verification Completed'],
    'Verification Completed': [],
  },
  moveLabels: { 'Verification Completed': 'Complete verification' },
  guards: {
    'Verification Completed': (row) =>
      row.verificationStep === 'unlock' ? undefined : 'the verification has not reached its last step, unlock',
  },
});

/** Every placement flow of a learner, in the order the learner page shows them. */
export const LEARNER_FLOWS = [
  PLACEMENT_PAYMENT_MACHINE,
  PLACEMENT_PENALTY_MACHINE,
  PRO_STATUS_MACHINE,
  SHARPENER_PLUS_MACHINE,
  ALUMNI_MACHINE,
  PAN_VERIFICATION_MACHINE,
  VERIFICATION_STEP_MACHINE,
  VERIFICATION_MACHINE,
] as const;

/** Payment states in which a negotiator has something to do (the placement queue). */
export const PAYMENT_QUEUE_STATES: readonly PaymentState[] = ['MOCK_COMPLETED', 'PAYMENT_HOLD', 'INITIAL_PAYMENT_DONE'];
/** Penalty states in which a negotiator has something to do. */
export const PENALTY_QUEUE_STATES: readonly PenaltyState[] = ['Required and Pending', 'Pending CIBIL check'];
