import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { baseColumns, versioned } from './columns';

/**
 * What a learner can buy (decision 018). Money is whole minor units (paise, cents) with the
 * currency's ISO code, never a float; the database refuses a negative amount or a deposit
 * above the price.
 */
export const plans = pgTable(
  'plans',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind').notNull().default('Standard'),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    durationMonths: integer('duration_months').notNull(),
    upfrontDepositMinor: integer('upfront_deposit_minor').notNull().default(0),
    depositValidityDays: integer('deposit_validity_days').notNull().default(14),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('plans_name_unique').on(sql`lower(${t.name})`),
    check('plans_money_check', sql`${t.priceMinor} >= 0 and ${t.upfrontDepositMinor} between 0 and ${t.priceMinor}`),
  ],
);

/** A learner's subscription to a plan, at the plan's price on the day it was added. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    ...baseColumns,
    ...versioned,
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').notNull().default('Active'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    notes: text('notes'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.startDate),
    // One Active subscription per learner: two staff adding a plan at once cannot both win.
    uniqueIndex('subscriptions_one_active').on(t.userId).where(sql`${t.status} = 'Active'`),
    check('subscriptions_price_check', sql`${t.priceMinor} >= 0`),
  ],
);

/** The upfront deposit of a subscription whose plan asks for one: Pending, Paid or Expired. */
export const upfrontDeposits = pgTable(
  'upfront_deposits',
  {
    ...baseColumns,
    ...versioned,
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('Pending'),
    expiresOn: date('expires_on').notNull(),
    paidOn: date('paid_on'),
    extensionReason: text('extension_reason'),
  },
  (t) => [
    uniqueIndex('upfront_deposits_subscription_unique').on(t.subscriptionId),
    index('upfront_deposits_user_idx').on(t.userId),
    // The expiry sweep reads Pending deposits by day.
    index('upfront_deposits_pending_idx').on(t.expiresOn).where(sql`${t.status} = 'Pending'`),
    check('upfront_deposits_amount_check', sql`${t.amountMinor} > 0`),
  ],
);
