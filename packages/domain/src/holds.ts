import { z } from 'zod';
import {
  boundedDay,
  LEARNER_DATE_BOUNDS,
  optionalText,
  recordId,
  requiredName,
  requiredText,
  updateOf,
} from './fields';
import type { ResourceDef } from './resource';

// ---------- Hold types (/admin/hold/*) and a learner's holds (POST /admin/user/hold) ----------
/**
 * A hold pauses a learner's programme for a while (illness, exams, a family event): their
 * deadlines wait and they show as "On Hold" on the learner list. Hold types are the reasons
 * the programme accepts, each with the longest hold it allows (decision 013).
 */
export const holdTypeCreateSchema = z.strictObject({
  name: requiredName('Name', 120),
  description: optionalText(1000),
  maxDays: z
    .number({ message: 'Enter the longest hold in days' })
    .int('Days are a whole number')
    .min(1, 'At least 1 day')
    .max(365, 'At most 365 days'),
  active: z.boolean().optional(),
});

export const holdTypeResource: ResourceDef = {
  path: 'hold',
  permission: 'holdType',
  label: 'Hold type',
  pluralLabel: 'Hold types',
  screens: {
    slug: 'hold-types',
    area: 'Configuration',
    empty: { holds: "The kinds of hold staff can put on a learner's account appear here." },
  },
  titleField: 'name',
  createSchema: holdTypeCreateSchema,
  updateSchema: updateOf(holdTypeCreateSchema),
  defaultSort: { field: 'name', dir: 'asc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'description', label: 'Description', type: 'text', form: true, inList: false },
    {
      name: 'maxDays',
      label: 'Longest hold (days)',
      type: 'integer',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    { name: 'active', label: 'Offered', type: 'boolean', list: true, filter: true, form: true },
  ],
};

const DAY = 86_400_000;
const day = (label: string) => boundedDay(label, LEARNER_DATE_BOUNDS);
export const learnerHoldCreateSchema = z
  .strictObject({
    userId: recordId('Learner'),
    holdTypeId: recordId('Hold type'),
    startDate: day('From'),
    endDate: day('Until'),
    reason: requiredText('Reason', 1000),
  })
  .refine((h) => h.endDate >= h.startDate, { path: ['endDate'], message: 'Until must be on or after From' })
  .refine((h) => (Date.parse(h.endDate) - Date.parse(h.startDate)) / DAY < 366, {
    path: ['endDate'],
    message: 'A hold lasts at most a year',
  });

export const learnerHoldResource: ResourceDef = {
  path: 'user/hold',
  permission: 'hold',
  label: 'Hold',
  pluralLabel: 'Holds',
  screens: {
    slug: 'holds',
    area: 'Learners',
    empty: { title: 'No learner is on hold.', holds: "Holds put on a learner's page appear here." },
  },
  titleField: 'reason',
  createSchema: learnerHoldCreateSchema,
  updateSchema: z.strictObject({ endDate: day('Until').optional(), version: z.number().int().min(1) }),
  defaultSort: { field: 'startDate', dir: 'desc' },
  operations: ['list', 'read', 'create', 'update', 'delete'],
  routes: {
    list: [
      { method: 'GET', path: 'all' },
      { method: 'GET', path: '/admin/user/hold', query: { userId: 'userId' } },
    ],
    create: { method: 'POST', path: '/admin/user/hold' },
  },
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
      name: 'holdTypeId',
      label: 'Hold type',
      type: 'reference',
      reference: { resource: 'hold', labelField: 'name' },
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    {
      name: 'startDate',
      label: 'From',
      type: 'date',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    { name: 'endDate', label: 'Until', type: 'date', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'reason', label: 'Reason', type: 'text', list: true, filter: true, form: true, required: true },
    { name: 'placedByName', label: 'Placed by', type: 'string', list: true, filter: true },
  ],
};
