import type { RoleKey } from '@cohort/domain';

export const DEMO_PASSWORD = 'cohort-demo-2026';

/** One staff account per role, printed at start. */
export const STAFF_ACCOUNTS: { role: RoleKey; email: string; name: string }[] = [
  { role: 'ADMIN', email: 'admin@cohort.test', name: 'Asha Admin' },
  { role: 'MENTOR', email: 'mentor@cohort.test', name: 'Milan Mentor' },
  { role: 'HR', email: 'hr@cohort.test', name: 'Hema HR' },
  { role: 'MARKETING', email: 'marketing@cohort.test', name: 'Manav Marketing' },
  { role: 'MOTIVATOR', email: 'motivator@cohort.test', name: 'Mira Motivator' },
  { role: 'NEGOTIATOR', email: 'negotiator@cohort.test', name: 'Neel Negotiator' },
  { role: 'STRATEGIC_PARTNERSHIP', email: 'strategic-partnership@cohort.test', name: 'Sara Partnerships' },
  { role: 'KEY_ACCOUNT_MANAGER', email: 'key-account-manager@cohort.test', name: 'Kabir Accounts' },
  { role: 'COLLEGE_ADMIN', email: 'college-admin@cohort.test', name: 'Chitra College' },
];
