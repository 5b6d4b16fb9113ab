import { type DashboardCards, parseFilters, userResource } from '@cohort/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cards, users, userTypeCards, userTypeConditions, userTypes } from '../../db/schema';
import type { Actor } from '../../platform/access';
import type { ResourceService } from '../../resources/engine';

/**
 * The user types a learner is of, by priority: a type holds when all its conditions hold
 * (a type without conditions holds for every learner). Each type's conditions are parsed
 * as the learner list parses its filters and become SQL through the learner resource's
 * own filter SQL, evaluated in one query over the learner's row. A stored condition that
 * no longer parses (a field taken off the whitelist) makes its type hold for no one.
 */
export async function matchingUserTypes(db: Db, learners: ResourceService, learnerId: number) {
  const types = await db
    .select({ id: userTypes.id, name: userTypes.name, priority: userTypes.priority })
    .from(userTypes)
    .orderBy(asc(userTypes.priority), asc(userTypes.id));
  if (!types.length) return [];
  const conditions = await db
    .select({
      userTypeId: userTypeConditions.userTypeId,
      field: userTypeConditions.field,
      operator: userTypeConditions.operator,
      value: userTypeConditions.value,
    })
    .from(userTypeConditions);
  const tests: Record<string, SQL<boolean>> = {};
  for (const type of types) {
    const own = conditions.filter((c) => c.userTypeId === type.id);
    const parsed = parseFilters(
      userResource,
      own.map(({ field, operator, value }) => ({ field, operator, value })),
      'ADMIN',
    );
    const where = parsed.ok ? learners.filterSql(parsed.filters) : sql`false`;
    tests[`t${type.id}`] = where ? sql<boolean>`coalesce((${where}), false)` : sql<boolean>`true`;
  }
  const [row] = await db.select(tests).from(users).where(eq(users.id, learnerId));
  return types.filter((t) => row?.[`t${t.id}`] === true);
}

/**
 * GET /admin/card/user/dashboard-cards?userId=: the active cards of the learner's user
 * types, ordered by type priority then card position, each card once (under the first type
 * that brings it). The learner must be one the actor may see (404 otherwise).
 */
export async function getDashboardCards(
  db: Db,
  actor: Actor,
  learners: ResourceService,
  learnerId: number,
): Promise<DashboardCards> {
  await learners.get(db, actor, learnerId);
  const types = await matchingUserTypes(db, learners, learnerId);
  if (!types.length) return { userId: learnerId, userTypes: [], data: [], totalItems: 0 };
  const rank = new Map(types.map((t, i) => [t.id, i]));
  const rows = await db
    .select({
      id: cards.id,
      title: cards.title,
      body: cards.body,
      ctaLabel: cards.ctaLabel,
      ctaUrl: cards.ctaUrl,
      imageUrl: cards.imageUrl,
      position: cards.position,
      userTypeId: userTypeCards.userTypeId,
    })
    .from(userTypeCards)
    .innerJoin(cards, eq(cards.id, userTypeCards.cardId))
    .where(
      and(
        inArray(
          userTypeCards.userTypeId,
          types.map((t) => t.id),
        ),
        eq(cards.active, true),
      ),
    );
  rows.sort((a, b) => rank.get(a.userTypeId)! - rank.get(b.userTypeId)! || a.position - b.position || a.id - b.id);
  const seen = new Set<number>();
  const data = rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => ({ ...r, userTypeName: types[rank.get(r.userTypeId)!].name }));
  return { userId: learnerId, userTypes: types, data, totalItems: data.length };
}
