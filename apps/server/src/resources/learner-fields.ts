import {
  ISA_PENDING_STATUSES,
  PAYMENT_QUEUE_STATES,
  type ParsedFilter,
  PENALTY_QUEUE_STATES,
  roleByKey,
  SUBMISSION_WINDOWS,
  submissionWindowKey,
} from '@cohort/domain';
import { inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { learnerHolds, notWorkingWarnings, taskSubmissions, users } from '../db/schema';
import { badRequest } from '../platform/errors';
import type { DerivedField } from './service';

type Row = Record<string, unknown>;

/** The start of the last `days` days, as SQL (`days` is one of our constants, never input). */
const since = (days: number) => sql`now() - interval '${sql.raw(String(days))} days'`;

/**
 * "tasks submitted in last N days = 0" (and > 0, >= 1...) is answered from the learner's last
 * submission, an indexed column the database keeps exact (decision 013), instead of counting
 * submissions for every learner; other counts are compared as counted. `none` and `some` are
 * each other's complement among learners, which the list's count uses (decision 016).
 */
function windowFilter(days: number, f: ParsedFilter): { match: SQL; complement?: SQL } | undefined {
  const n = f.value as number;
  const none = or(isNull(users.lastTaskSubmitDate), lt(users.lastTaskSubmitDate, since(days))) as SQL;
  const some = sql`${users.lastTaskSubmitDate} >= ${since(days)}`;
  if (n === 0) {
    if (f.operator === '=' || f.operator === '<=') return { match: none, complement: some };
    if (f.operator === '!=' || f.operator === '>') return { match: some, complement: none };
    if (f.operator === '>=') return { match: sql`true` };
    if (f.operator === '<') return { match: sql`false` };
  }
  if (n === 1 && f.operator === '>=') return { match: some, complement: none };
  if (n === 1 && f.operator === '<') return { match: none, complement: some };
  return undefined;
}

/**
 * The learner's id written with its table: inside a subquery over another table with an `id`
 * of its own, drizzle's unqualified column (as it writes them in a one-table select list)
 * would mean the inner table's.
 */
const learnerId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;

const windows = Object.fromEntries(
  SUBMISSION_WINDOWS.map((days): [string, DerivedField] => [
    submissionWindowKey(days),
    {
      // A learner whose last submission is older than the window has none in it: no need to
      // look (most learners, and an export of a million rows, skip the count this way).
      sql: sql<number>`(case when ${users.lastTaskSubmitDate} >= ${since(days)} then (select count(*) from ${taskSubmissions} where ${taskSubmissions.userId} = ${learnerId} and ${
        taskSubmissions.submittedAt
      } >= ${since(days)}) else 0 end)`.mapWith(Number),
      notNull: true,
      filter: (f) => windowFilter(days, f)?.match,
      complement: (f) => windowFilter(days, f)?.complement,
    },
  ]),
);

/**
 * How many learners there are, from the per-role counter the database keeps exact in every
 * transaction that writes users (migration 0014, decision 016).
 */
export const LEARNER_TOTAL = sql<number>`(select ${sql.identifier('users')} from ${sql.identifier(
  'user_role_counts',
)} where ${sql.identifier('role_id')} = ${sql.raw(String(roleByKey('USER')?.id))})`;

/** Learners whose placement payment or penalty waits for a negotiator. */
export const PLACEMENT_QUEUE = sql`(${inArray(users.placementPaymentStatus, [...PAYMENT_QUEUE_STATES])} or ${inArray(
  users.placementPenaltyPaymentStatus,
  [...PENALTY_QUEUE_STATES],
)})`;

/** The learner's fields that are not columns of `users` of their own (decision 013). */
export const LEARNER_DERIVED: Record<string, DerivedField> = {
  userId: { sql: sql<number>`${users.id}`.mapWith(users.id), notNull: true },
  registrationDate: { sql: sql<Date>`${users.createdAt}`.mapWith(users.createdAt), notNull: true },
  isaPending: {
    sql: sql<boolean>`(${inArray(users.isaStatus, [...ISA_PENDING_STATUSES])})`.mapWith(Boolean),
    notNull: true,
  },
  ...windows,
  onHold: {
    sql: sql<boolean>`exists (select 1 from ${learnerHolds} where ${learnerHolds.userId} = ${learnerId} and current_date between ${
      learnerHolds.startDate
    } and ${learnerHolds.endDate})`.mapWith(Boolean),
    notNull: true,
  },
  // The negotiator's placement queue (decision 018): the same condition as the partial index
  // `users_placement_queue_idx`, so `placement-queue` reads the index.
  placementQueue: {
    sql: sql<boolean>`(${PLACEMENT_QUEUE})`.mapWith(Boolean),
    notNull: true,
    filter: (f) =>
      (f.operator === '=' && f.value === true) || (f.operator === '!=' && f.value === false)
        ? PLACEMENT_QUEUE
        : undefined,
  },
  noOfWarnings: {
    sql: sql<number>`(select count(*) from ${notWorkingWarnings} where ${notWorkingWarnings.userId} = ${learnerId} and ${
      notWorkingWarnings.removedAt
    } is null)`.mapWith(Number),
    notNull: true,
  },
};

/**
 * Learner actions whose change depends on the record as it is: points are added to the total
 * read under the row's lock, so two additions at the same moment both count; the total never
 * goes below zero (400 naming the field).
 */
export const LEARNER_COMPUTED_ACTIONS: Record<string, (before: Row, input: Row) => Row> = {
  'points/add': (before, input) => {
    const total = (before.totalPoints as number) + (input.points as number);
    if (total < 0) {
      throw badRequest('Points cannot go below zero', [
        {
          path: ['points'],
          message: `The learner has ${before.totalPoints} points; at most that many can be taken away`,
        },
      ]);
    }
    return { totalPoints: total };
  },
};
