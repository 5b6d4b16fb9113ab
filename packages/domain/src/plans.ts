import { z } from 'zod';
import { CURRENCIES } from './enums';
import {
  boundedDay,
  LEARNER_DATE_BOUNDS,
  moneyMinor,
  optionalText,
  recordId,
  requiredName,
  requiredText,
  updateOf,
} from './fields';
import { setFlow } from './flows';
import { currencyCode } from './money';
import type { ResourceDef } from './resource';

// ---------- Plans (/admin/plan/*), subscriptions and upfront deposits (decision 018) ----------

/** A plan's kind: a Pro plan is what the learner list's "Pro Plan" filter names. */
export const PLAN_KINDS = [
  { value: 'Standard', label: 'Standard', color: 'blue' },
  { value: 'Pro', label: 'Pro', color: 'grape' },
] as const;

/**
 * What a learner can buy: a price for a number of months, and optionally an upfront deposit
 * the learner pays within some days of subscribing (it expires otherwise). Amounts are whole
 * minor units (paise, cents) of the plan's currency.
 */
export const planCreateSchema = z.strictObject({
  name: requiredName('Name', 120),
  description: optionalText(2000),
  kind: z.enum(['Standard', 'Pro'], { message: 'Choose Standard or Pro' }),
  priceMinor: moneyMinor,
  currency: currencyCode,
  durationMonths: z
    .number({ message: 'Enter the duration in months' })
    .int('Months are a whole number')
    .min(1, 'At least 1 month')
    .max(60, 'At most 60 months'),
  upfrontDepositMinor: moneyMinor.optional(),
  depositValidityDays: z
    .number({ message: 'Enter the days a learner has to pay the deposit' })
    .int('Days are a whole number')
    .min(1, 'At least 1 day')
    .max(365, 'At most 365 days')
    .optional(),
  active: z.boolean().optional(),
});

/** A deposit larger than the price makes no sense (create and update alike, on the row as it will be). */
export function planIssues(row: Record<string, unknown>): { path: string[]; message: string }[] {
  return Number(row.upfrontDepositMinor ?? 0) > Number(row.priceMinor ?? 0)
    ? [{ path: ['upfrontDepositMinor'], message: 'The upfront deposit cannot be more than the price' }]
    : [];
}

const money = (name: string, label: string, description?: string) =>
  ({
    name,
    label,
    type: 'integer',
    currencyField: 'currency',
    list: true,
    filter: true,
    sort: true,
    form: true,
    required: true,
    description,
  }) as const;

export const planResource: ResourceDef = {
  path: 'plan',
  permission: 'plan',
  label: 'Plan',
  pluralLabel: 'Plans',
  screens: { slug: 'plans', area: 'Configuration', empty: { holds: 'Plans learners can subscribe to appear here.' } },
  titleField: 'name',
  createSchema: planCreateSchema,
  updateSchema: updateOf(planCreateSchema),
  defaultSort: { field: 'name', dir: 'asc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    {
      name: 'kind',
      label: 'Kind',
      type: 'enum',
      options: PLAN_KINDS,
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    money('priceMinor', 'Price (paise/cents)', 'In the smallest unit: ₹49,999 is 4999900'),
    {
      name: 'currency',
      label: 'Currency',
      type: 'enum',
      options: CURRENCIES,
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    {
      name: 'durationMonths',
      label: 'Duration (months)',
      type: 'integer',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    {
      ...money('upfrontDepositMinor', 'Upfront deposit (paise/cents)', 'Paid within the days below; 0: none'),
      required: false,
    },
    {
      name: 'depositValidityDays',
      label: 'Days to pay the deposit',
      type: 'integer',
      filter: true,
      sort: true,
      form: true,
    },
    { name: 'description', label: 'Description', type: 'text', form: true, inList: false },
    {
      name: 'active',
      label: 'Offered',
      type: 'boolean',
      list: true,
      filter: true,
      form: true,
      description: 'Only offered plans can be added to a learner',
    },
  ],
};

/** A subscription's life: Active until it ends, or is cancelled (or replaced by another plan). */
export const SUBSCRIPTION_STATUSES = [
  { value: 'Active', label: 'Active', color: 'green' },
  { value: 'Ended', label: 'Ended', color: 'gray' },
  { value: 'Cancelled', label: 'Cancelled', color: 'red' },
] as const;

export const SUBSCRIPTION_MACHINE = setFlow<(typeof SUBSCRIPTION_STATUSES)[number]['value']>({
  name: 'subscription',
  label: 'Subscription',
  field: 'status',
  states: ['Active', 'Ended', 'Cancelled'],
  initial: 'Active',
  next: { Active: ['Ended', 'Cancelled'], Ended: [], Cancelled: [] },
  moveLabels: { Ended: 'End', Cancelled: 'Cancel' },
});

/** An upfront deposit: Pending until paid; Expired when its day passes unpaid (until extended). */
export const DEPOSIT_STATUSES = [
  { value: 'Pending', label: 'Pending', color: 'orange' },
  { value: 'Paid', label: 'Paid', color: 'green' },
  { value: 'Expired', label: 'Expired', color: 'red' },
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number]['value'];

export const DEPOSIT_MACHINE = setFlow<DepositStatus>({
  name: 'upfrontDeposit',
  label: 'Upfront deposit',
  field: 'status',
  states: ['Pending', 'Paid', 'Expired'],
  initial: 'Pending',
  // Extending a Pending deposit only moves its date; an Expired one becomes Pending again.
  next: { Pending: ['Paid', 'Expired'], Expired: ['Pending', 'Paid'], Paid: [] },
  moveLabels: { Paid: 'Record payment', Expired: 'Expire', Pending: 'Extend expiration' },
  // Time expires a deposit: the daily sweep, never a person.
  system: ['Expired'],
});

const day = (label: string) => boundedDay(label, LEARNER_DATE_BOUNDS);

/**
 * `POST /admin/user/plan/add` and `POST /admin/subscription`: a learner subscribes to a plan.
 * The price and currency are the plan's at that moment. A learner has one Active subscription:
 * with one already, the call is refused (409) unless `replaceActive` ends it the day before.
 */
export const addPlanSchema = z.strictObject({
  userId: recordId('Learner'),
  planId: recordId('Plan'),
  startDate: day('Start date').optional(),
  replaceActive: z.boolean().optional(),
  notes: optionalText(1000),
});
export type AddPlanInput = z.input<typeof addPlanSchema>;

export const subscriptionUpdateSchema = z.strictObject({
  status: z.enum(['Active', 'Ended', 'Cancelled'], { message: 'Choose a status' }).optional(),
  endDate: day('End date').optional(),
  notes: optionalText(1000),
  version: z.number().int().min(1),
});

export const subscriptionResource: ResourceDef = {
  path: 'subscription',
  permission: 'subscription',
  label: 'Subscription',
  pluralLabel: 'Subscriptions',
  screens: {
    slug: 'subscriptions',
    area: 'Learners',
    createdElsewhere:
      'Added by "Add plan" on the learner\'s page (with the deposit and the plan it replaces); ended or cancelled here.',
    empty: { holds: 'Plans learners subscribe to appear here.' },
  },
  titleField: 'planLabel',
  createSchema: addPlanSchema,
  updateSchema: subscriptionUpdateSchema,
  defaultSort: { field: 'startDate', dir: 'desc' },
  // Created by `plan/add` and `POST /admin/subscription` (a workflow: the deposit, the replaced plan).
  operations: ['list', 'read', 'update'],
  routes: {
    list: [
      { method: 'GET', path: 'all', query: { userId: 'userId' } },
      { method: 'GET', path: 'get' },
    ],
    update: { method: 'PUT', path: ':id' },
  },
  flows: [SUBSCRIPTION_MACHINE],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    {
      name: 'userId',
      label: 'Learner',
      type: 'reference',
      reference: { resource: 'user', labelField: 'name' },
      list: true,
      filter: true,
    },
    {
      name: 'planId',
      label: 'Plan',
      type: 'reference',
      reference: { resource: 'plan', labelField: 'name' },
      list: true,
      filter: true,
    },
    {
      name: 'status',
      label: 'Status',
      type: 'enum',
      options: SUBSCRIPTION_STATUSES,
      list: true,
      filter: true,
      sort: true,
      form: true,
    },
    { name: 'startDate', label: 'Start date', type: 'date', list: true, filter: true, sort: true },
    { name: 'endDate', label: 'End date', type: 'date', list: true, filter: true, sort: true, form: true },
    {
      name: 'priceMinor',
      label: 'Price',
      type: 'integer',
      currencyField: 'currency',
      list: true,
      filter: true,
      sort: true,
    },
    { name: 'currency', label: 'Currency', type: 'enum', options: CURRENCIES, filter: true },
    { name: 'depositId', label: 'Upfront deposit', type: 'integer' },
    {
      name: 'depositStatus',
      label: 'Deposit status',
      type: 'enum',
      options: DEPOSIT_STATUSES,
      list: true,
      filter: true,
    },
    { name: 'notes', label: 'Notes', type: 'text', form: true, inList: false },
    { name: 'createdByName', label: 'Added by', type: 'string', filter: true },
  ],
};

export const extendExpirationSchema = z.strictObject({
  expiresOn: day('New expiry date'),
  reason: requiredText('Reason', 500),
});

/**
 * A subscription's upfront deposit: `GET /admin/subscription/upfront-deposit/{id}` (the
 * deposit's id), `POST .../upfront-deposit/{id}/extend-expiration`, `.../record-payment`.
 */
export const upfrontDepositResource: ResourceDef = {
  path: 'subscription/upfront-deposit',
  permission: 'subscription',
  label: 'Upfront deposit',
  pluralLabel: 'Upfront deposits',
  screens: {
    slug: 'upfront-deposits',
    area: 'Learners',
    createdElsewhere: "Added with a plan on the learner's page.",
    empty: { title: 'No upfront deposits yet.', holds: 'Deposits learners pay before a plan starts appear here.' },
  },
  titleField: 'id',
  createSchema: z.strictObject({}),
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'expiresOn', dir: 'asc' },
  operations: ['list', 'read'],
  routes: {
    list: [{ method: 'GET', path: '/admin/subscription/upfront-deposit', query: { userId: 'userId' } }],
    read: { method: 'GET', path: ':id' },
  },
  flows: [DEPOSIT_MACHINE],
  actions: [
    {
      name: 'extendExpiration',
      route: { method: 'POST', path: ':id/extend-expiration' },
      label: 'Extend expiration',
      description: 'Gives the learner until a later day to pay; an expired deposit becomes Pending again.',
      inputs: [
        { name: 'expiresOn', label: 'New expiry date', type: 'date', form: true, required: true },
        { name: 'reason', label: 'Reason', type: 'text', form: true, required: true },
      ],
      body: extendExpirationSchema,
      sets: { status: 'Pending' },
      confirm: 'Extend this deposit to the new date?',
    },
    {
      name: 'recordPayment',
      route: { method: 'POST', path: ':id/record-payment' },
      label: 'Record payment',
      inputs: [{ name: 'paidOn', label: 'Paid on', type: 'date', form: true, required: true }],
      body: z.strictObject({ paidOn: day('Paid on') }),
      sets: { status: 'Paid' },
      confirm: 'Record this deposit as paid?',
    },
  ],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'subscriptionId', label: 'Subscription', type: 'integer', list: true, filter: true },
    {
      name: 'userId',
      label: 'Learner',
      type: 'reference',
      reference: { resource: 'user', labelField: 'name' },
      list: true,
      filter: true,
    },
    {
      name: 'amountMinor',
      label: 'Amount',
      type: 'integer',
      currencyField: 'currency',
      list: true,
      filter: true,
      sort: true,
    },
    { name: 'currency', label: 'Currency', type: 'enum', options: CURRENCIES, filter: true },
    { name: 'status', label: 'Status', type: 'enum', options: DEPOSIT_STATUSES, list: true, filter: true, sort: true },
    { name: 'expiresOn', label: 'Expires on', type: 'date', list: true, filter: true, sort: true },
    { name: 'paidOn', label: 'Paid on', type: 'date', list: true, filter: true, sort: true },
    { name: 'extensionReason', label: 'Last extension reason', type: 'text', inList: false },
  ],
};
