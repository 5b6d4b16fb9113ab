import { z } from 'zod';
import {
  ACTIVE_STATUSES,
  ALUMNI_STATUSES,
  FAST_TRACK_STATUSES,
  FOLLOW_UP_STATUSES,
  ISA_STATUSES,
  MOBILE_NUMBER_STATUSES,
  PAN_VERIFICATION_STATUSES,
  PLACEMENT_PENALTY_STATUSES,
  PRO_STATUSES,
  UPFRONT_STATUSES,
} from './enums';
import { recordId, requiredText } from './fields';
import type { FieldDef, ResourceDef } from './resource';

// ---------- Learners: the record and the 31 filters of spec §3 (decision 013) ----------
const none = z.strictObject({});

/** "tasks submitted in last N days" (spec §3): counted from the learner's task submissions. */
export const SUBMISSION_WINDOWS = [3, 7, 14, 21] as const;
export const submissionWindowKey = (days: number) => `tasksSubmittedLast${days}Days`;

const windowFields: FieldDef[] = SUBMISSION_WINDOWS.map((days) => ({
  name: submissionWindowKey(days),
  label: `tasks submitted in last ${days} days`,
  type: 'integer',
  filter: true,
  sort: true,
  list: days === 7,
}));

export const userResource: ResourceDef = {
  path: 'user',
  permission: 'user',
  label: 'Learner',
  pluralLabel: 'Learners',
  titleField: 'name',
  createSchema: none,
  updateSchema: none,
  operations: ['list', 'read'],
  defaultSort: { field: 'id', dir: 'desc' },
  routes: {
    list: [
      { method: 'GET', path: 'all' },
      { method: 'GET', path: 'get' },
      { method: 'GET', path: 'placed', where: [{ field: 'alreadyPlaced', operator: '=', value: true }] },
      { method: 'GET', path: 'batch/', query: { batch: 'batchId' } },
    ],
    read: { method: 'GET', path: 'details', idQuery: 'user' },
  },
  fields: [
    { name: 'userId', label: 'User Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true },
    { name: 'email', label: 'Email', type: 'email', list: true, filter: true, sort: true },
    { name: 'phone', label: 'Mobile number', type: 'string', list: true, filter: true },
    {
      name: 'mobileNumberStatus',
      label: 'Mobile number Status',
      type: 'enum',
      options: MOBILE_NUMBER_STATUSES,
      filter: true,
    },
    {
      name: 'userStatus',
      label: 'User Status',
      type: 'enum',
      options: ACTIVE_STATUSES,
      list: true,
      filter: true,
      sort: true,
    },
    {
      name: 'isaStatus',
      label: 'ISA Status',
      type: 'enum',
      options: ISA_STATUSES,
      list: true,
      filter: true,
      sort: true,
    },
    { name: 'isaPending', label: 'ISA pending', type: 'boolean', filter: true },
    { name: 'isaExpiryDate', label: 'Isa Expiry Date', type: 'date', filter: true, sort: true },
    { name: 'proStatus', label: 'Pro Status', type: 'enum', options: PRO_STATUSES, filter: true, sort: true },
    { name: 'proPlanId', label: 'Pro Plan', type: 'integer', filter: true },
    { name: 'planId', label: 'Plans', type: 'integer', filter: true },
    { name: 'alumniStatus', label: 'Alumni Status', type: 'enum', options: ALUMNI_STATUSES, filter: true },
    { name: 'followUpStatus', label: 'Follow-up Status', type: 'enum', options: FOLLOW_UP_STATUSES, filter: true },
    { name: 'followUpDate', label: 'Follow Up Date', type: 'date', filter: true, sort: true },
    { name: 'followUpReason', label: 'Follow Up Reason', type: 'string', filter: true },
    { name: 'ownerId', label: 'OwnerId', type: 'integer', filter: true },
    { name: 'motivatorId', label: 'MotivatorId', type: 'integer', filter: true },
    { name: 'totalPoints', label: 'Total points', type: 'integer', list: true, filter: true, sort: true },
    ...windowFields,
    { name: 'lastTaskSubmitDate', label: 'Last Task Submit Date', type: 'datetime', filter: true, sort: true },
    { name: 'readyForPlacements', label: 'Ready for placements', type: 'boolean', filter: true },
    { name: 'alreadyPlaced', label: 'Already placed', type: 'boolean', filter: true },
    {
      name: 'panVerificationStatus',
      label: 'Pan Verification Status',
      type: 'enum',
      options: PAN_VERIFICATION_STATUSES,
      filter: true,
    },
    {
      name: 'placementPenaltyPaymentStatus',
      label: 'Placement Penalty Payment Status',
      type: 'enum',
      options: PLACEMENT_PENALTY_STATUSES,
      filter: true,
    },
    { name: 'upfrontStatus', label: 'Upfront Status', type: 'enum', options: UPFRONT_STATUSES, filter: true },
    { name: 'appointmentDate', label: 'Appointment Date', type: 'datetime', filter: true, sort: true },
    { name: 'lastActivity', label: 'Last Activity', type: 'datetime', filter: true, sort: true },
    { name: 'excludeFromCrm', label: 'Exclude from CRM', type: 'boolean', filter: true },
    { name: 'fastTrackStatus', label: 'Fast Track Status', type: 'enum', options: FAST_TRACK_STATUSES, filter: true },
    { name: 'collegeId', label: 'College id', type: 'integer', filter: true },
    { name: 'batchId', label: 'Batch id', type: 'integer', filter: true },
    { name: 'registrationDate', label: 'Registration Date', type: 'datetime', list: true, filter: true, sort: true },
  ],
};

// ---------- Messages from staff to a learner (POST /admin/message/add) ----------
/**
 * A message is history: once sent it is never edited or deleted, so the calls are list,
 * read and add. The server records who sent it; a scoped role (a motivator, a mentor)
 * messages and reads the messages of its own learners only.
 */
export const messageCreateSchema = z.strictObject({
  userId: recordId('Learner'),
  subject: requiredText('Subject', 200),
  body: requiredText('Message', 5000),
});

export const messageResource: ResourceDef = {
  path: 'message',
  permission: 'message',
  label: 'Message',
  pluralLabel: 'Messages',
  titleField: 'subject',
  createSchema: messageCreateSchema,
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'createdAt', dir: 'desc' },
  operations: ['list', 'read', 'create'],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    {
      name: 'userId',
      label: 'Learner',
      type: 'reference',
      reference: { resource: 'user', labelField: 'name' },
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    {
      name: 'subject',
      label: 'Subject',
      type: 'string',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    { name: 'body', label: 'Message', type: 'text', filter: true, form: true, required: true },
    { name: 'senderName', label: 'Sent by', type: 'string', list: true, filter: true, sort: true },
    { name: 'senderId', label: 'Sender id', type: 'integer', filter: true },
    { name: 'createdAt', label: 'Sent at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};
