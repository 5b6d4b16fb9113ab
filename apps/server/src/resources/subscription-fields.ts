import type { FilterIssue } from '@cohort/domain';
import { sql } from 'drizzle-orm';
import { upfrontDeposits } from '../db/schema';
import { badRequest } from '../platform/errors';
import { isoDayOf } from '../platform/plan-dates';
import type { DerivedField } from './service';

type Row = Record<string, unknown>;

/** The subscription's id written with its table (inside a subquery over deposits, which have an id too). */
const subscriptionId = sql`${sql.identifier('subscriptions')}.${sql.identifier('id')}`;

/** A subscription's deposit, answered and filtered beside it (decision 018). */
export const SUBSCRIPTION_DERIVED: Record<string, DerivedField> = {
  depositId: {
    sql: sql<
      number | null
    >`(select ${upfrontDeposits.id} from ${upfrontDeposits} where ${upfrontDeposits.subscriptionId} = ${subscriptionId})`.mapWith(
      Number,
    ),
  },
  depositStatus: {
    sql: sql<
      string | null
    >`(select ${upfrontDeposits.status} from ${upfrontDeposits} where ${upfrontDeposits.subscriptionId} = ${subscriptionId})`,
  },
};

/** A subscription ends on or after the day it starts. */
export function subscriptionIssues(row: Row): FilterIssue[] {
  return String(row.endDate) < String(row.startDate)
    ? [{ path: ['endDate'], message: 'The end date must be on or after the start date' }]
    : [];
}

/**
 * The deposit's calls, from the deposit as it is: an extension moves the last day later (and
 * not into the past), keeping its reason; a payment is dated today or earlier.
 */
export const DEPOSIT_COMPUTED_ACTIONS: Record<string, (before: Row, input: Row) => Row> = {
  ':id/extend-expiration': (before, input) => {
    const next = String(input.expiresOn);
    const today = isoDayOf(new Date());
    if (next <= String(before.expiresOn)) {
      throw badRequest('Choose a later day', [
        { path: ['expiresOn'], message: `Choose a day after the current expiry (${String(before.expiresOn)})` },
      ]);
    }
    if (next < today) {
      throw badRequest('Choose a later day', [{ path: ['expiresOn'], message: 'Choose today or a later day' }]);
    }
    return { expiresOn: next, extensionReason: input.reason };
  },
  ':id/record-payment': (_before, input) => {
    if (String(input.paidOn) > isoDayOf(new Date())) {
      throw badRequest('A payment cannot be dated in the future', [
        { path: ['paidOn'], message: 'Choose today or an earlier day' },
      ]);
    }
    return { paidOn: input.paidOn };
  },
};
