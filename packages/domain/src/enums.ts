/** Enumerations of spec §4, with labels and colours where the spec gives them. */
export const ISA_STATUSES = [
  { value: 'Not Assigned', label: 'Not Assigned', color: 'gray' },
  { value: 'Documents Not Submitted', label: 'Documents Not Submitted', color: 'red' },
  { value: 'Document Submission Overdue', label: 'Document Submission Overdue', color: 'red' },
  { value: 'ISA Submitted', label: 'ISA Submitted', color: 'orange' },
  { value: 'ISA Acceptance Video Uploaded', label: 'ISA Acceptance Video Uploaded', color: 'orange' },
  { value: 'ISA Verified', label: 'ISA Verified', color: 'green' },
  { value: 'Termination Pending', label: 'Termination Pending', color: 'gray' },
  { value: 'ISA Terminated', label: 'ISA Terminated', color: 'red' },
  { value: 'ISA Expired', label: 'ISA Expired', color: 'gray' },
  { value: 'Opted out from ISA', label: 'Opted out from ISA', color: 'gray' },
] as const;

export const PRO_STATUSES = [
  { value: 'Not Eligible', label: 'Not Eligible' },
  { value: 'Payment Pending', label: 'Payment Pending', color: 'orange' },
  { value: 'Pro User', label: 'Pro User', color: 'green' },
  { value: 'Did not pay', label: 'Did not pay', color: 'red' },
] as const;

export const ALUMNI_STATUSES = [
  'Not Started',
  'Not Eligible',
  'Payment Pending',
  'Payment Done',
  'ISA Signed',
  'Details Submitted',
  'Mock Completed',
  'Placed',
].map((v) => ({ value: v, label: v }));

export const ACTIVE_STATUSES = [
  { value: 'Active', label: 'Active', color: 'green' },
  { value: 'Inactive', label: 'Inactive', color: 'gray' },
] as const;

export const ATTENDANCE = [
  { value: 'Present', label: 'Present', color: 'green' },
  { value: 'Absent', label: 'Absent', color: 'red' },
] as const;

export const JOB_APPLICATION_STATUSES = [
  { value: 1, label: 'Applied' },
  { value: 2, label: 'Screening' },
  { value: 3, label: 'Interviewing' },
  { value: 4, label: 'HR Round' },
  { value: 5, label: 'Offer Given' },
  { value: 6, label: 'Offer Accepted' },
  { value: 7, label: 'Offer Rejected' },
  { value: 8, label: 'Rejected' },
  { value: 9, label: 'Not Shortlisted' },
  { value: 10, label: 'Assessment' },
  { value: 11, label: 'Self Placed' },
] as const;

export const JOB_OPENING_STATUSES = [
  { value: 1, label: 'Dormant' },
  { value: 2, label: 'Accepting applications' },
  { value: 3, label: 'Interviewing' },
  { value: 4, label: 'Closed' },
] as const;

/** Date format of spec §9 ("Do MMM yyyy, hh:mm A" in dayjs tokens). */
export const DATE_FORMAT = 'Do MMM YYYY, hh:mm A';

/** Client constants of spec §9. */
export const REQUEST_TIMEOUT_MS = 200_000;
export const PERSISTED_STATE_TIMEOUT_MS = 5_000;
export const TOAST_AUTO_CLOSE_MS = 5_000;

/** Request status (spec §4): enquiries and other requests. */
export const REQUEST_STATUSES = [
  { value: 'Pending', label: 'Pending', color: 'orange' },
  { value: 'Fulfilled', label: 'Fulfilled', color: 'green' },
  { value: 'Rejected', label: 'Rejected', color: 'red' },
] as const;

/** Order status: not shown in the spec; the states a payment for a product goes through. */
export const ORDER_STATUSES = [
  { value: 'Pending', label: 'Pending', color: 'orange' },
  { value: 'Paid', label: 'Paid', color: 'green' },
  { value: 'Cancelled', label: 'Cancelled', color: 'gray' },
  { value: 'Refunded', label: 'Refunded', color: 'grape' },
] as const;

/** AI models of spec §9. */
export const AI_MODELS = [
  { value: 'gpt-3.5-turbo', label: 'gpt-3.5-turbo' },
  { value: 'gpt-4', label: 'gpt-4' },
] as const;

/** Interview types of spec §9. */
export const INTERVIEW_TYPES = [
  'Project Demo',
  'Mentor Mock',
  'Mentor Final Mock',
  'Dev Final Mock',
  'Substitute Mock',
  'Alumni Mock',
  'Google Sheet',
  'Fast Track Mock',
  'Mentor Review',
  'Upfront Mock',
  'Webinar',
  'AI Interview',
].map((v) => ({ value: v, label: v }));

/** Currencies money is kept in (integer minor units). */
export const CURRENCIES = [
  { value: 'INR', label: 'INR' },
  { value: 'USD', label: 'USD' },
] as const;

/** The Q&A filter of spec §4, in its order: Archive, Answered, Un-Answered. */
export const QUESTION_STATUSES = [
  { value: 'Archive', label: 'Archive', color: 'gray' },
  { value: 'Answered', label: 'Answered', color: 'green' },
  { value: 'Un-Answered', label: 'Un-Answered', color: 'orange' },
] as const;

// ---------- The learner's statuses (spec §4; where the spec gives no values, decision 013) ----------
/** Mobile number Status: whether the learner's number was confirmed (OTP or a call). */
export const MOBILE_NUMBER_STATUSES = [
  { value: 'Verified', label: 'Verified', color: 'green' },
  { value: 'Not Verified', label: 'Not Verified', color: 'gray' },
] as const;

/** Follow-up status of a learner or a lead (spec §4 "Lead follow-up"). */
export const FOLLOW_UP_STATUSES = [
  { value: 'Follow up', label: 'Follow up', color: 'blue' },
  { value: 'In Progress', label: 'In Progress', color: 'orange' },
  { value: 'Done', label: 'Done', color: 'green' },
  { value: 'Rejected', label: 'Rejected', color: 'red' },
] as const;

/**
 * PAN verification (spec §4 "PAN/lead: Applied, Rejected, Verified, Not Verified"), in the
 * spec's order; a learner starts at Not Verified (the flow's `initial`).
 */
export const PAN_VERIFICATION_STATUSES = [
  { value: 'Applied', label: 'Applied', color: 'orange' },
  { value: 'Rejected', label: 'Rejected', color: 'red' },
  { value: 'Verified', label: 'Verified', color: 'green' },
  { value: 'Not Verified', label: 'Not Verified', color: 'gray' },
] as const;

/** Placement penalty (spec §4). */
export const PLACEMENT_PENALTY_STATUSES = [
  { value: 'Not Required', label: 'Not Required', color: 'gray' },
  { value: 'Required and Pending', label: 'Required and Pending', color: 'red' },
  { value: 'Paid', label: 'Paid', color: 'green' },
  { value: 'Pending CIBIL check', label: 'Pending CIBIL check', color: 'orange' },
] as const;

/** Upfront deposit status (not shown in the spec; decision 013). */
export const UPFRONT_STATUSES = [
  { value: 'Not Required', label: 'Not Required', color: 'gray' },
  { value: 'Pending', label: 'Pending', color: 'orange' },
  { value: 'Paid', label: 'Paid', color: 'green' },
  { value: 'Expired', label: 'Expired', color: 'red' },
] as const;

/** Fast Track Status (not shown in the spec; decision 013). */
export const FAST_TRACK_STATUSES = [
  { value: 'Not Applied', label: 'Not Applied', color: 'gray' },
  { value: 'Applied', label: 'Applied', color: 'orange' },
  { value: 'Approved', label: 'Approved', color: 'green' },
  { value: 'Rejected', label: 'Rejected', color: 'red' },
] as const;

/** ISA statuses in which an assigned ISA still waits for the learner or staff ("ISA pending"). */
export const ISA_PENDING_STATUSES = [
  'Documents Not Submitted',
  'Document Submission Overdue',
  'ISA Submitted',
  'ISA Acceptance Video Uploaded',
  'Termination Pending',
] as const;

/** A learner's task submission (spec: submissions, undo-task-submission, review). */
export const SUBMISSION_STATUSES = [
  { value: 'Submitted', label: 'Submitted', color: 'blue' },
  { value: 'Reviewed', label: 'Reviewed', color: 'green' },
] as const;

/** Sharpener-plus status (spec §4). */
export const SHARPENER_PLUS_STATUSES = [
  { value: 'Plus User', label: 'Plus User', color: 'blue' },
  { value: 'Mock Completed', label: 'Mock Completed', color: 'orange' },
  { value: 'Eligible for ISA', label: 'Eligible for ISA', color: 'green' },
  { value: 'ISA Eligibility Failed', label: 'ISA Eligibility Failed', color: 'red' },
  { value: 'Placed', label: 'Placed', color: 'green' },
] as const;

/** How often a learner on a paid plan is billed (not shown in the spec; decision 013). */
export const BILLING_CYCLES = [
  { value: 'Monthly', label: 'Monthly' },
  { value: 'Quarterly', label: 'Quarterly' },
  { value: 'Half-yearly', label: 'Half-yearly' },
  { value: 'Yearly', label: 'Yearly' },
] as const;
