import { sql } from 'drizzle-orm';
import { appointments, callHistory } from '../db/schema';
import type { DerivedField } from './service';

/** The lead's id written with its table: inside a subquery over `call_history`, `id` alone would be the call's. */
const leadId = sql`${sql.identifier('leads')}.${sql.identifier('id')}`;

/** A lead's figures from its calls (decision 022): counted, never stored, so they cannot drift. */
export const LEAD_DERIVED: Record<string, DerivedField> = {
  callCount: {
    sql: sql<number>`(select count(*) from ${callHistory} where ${callHistory.leadId} = ${leadId})`.mapWith(Number),
    notNull: true,
  },
  lastCallAt: {
    sql: sql<Date | null>`(select max(${callHistory.calledAt}) from ${callHistory} where ${callHistory.leadId} = ${leadId})`.mapWith(
      (v: string | Date | null) => (v == null ? null : new Date(v)),
    ),
  },
};

/** An appointment is rated once its ratings are given (the table keeps all of them or none). */
export const APPOINTMENT_DERIVED: Record<string, DerivedField> = {
  rated: { sql: sql<boolean>`(${appointments.OverallRating} is not null)`.mapWith(Boolean), notNull: true },
};
