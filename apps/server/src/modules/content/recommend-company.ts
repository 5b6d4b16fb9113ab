import type { campusNexaRecommendSchema } from '@cohort/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import type { ResourceService } from '../../resources/engine';

export type RecommendCompanyInput = z.infer<typeof campusNexaRecommendSchema>;

/**
 * Recommends a company to the Campus Nexa programme (or withdraws it): who and when are
 * recorded with the flag, through the companies' own versioned, audited update, so a
 * recommendation made on a stale copy of the company is refused (409) like any edit.
 */
export async function recommendCompany(db: Db, actor: Actor, companies: ResourceService, input: RecommendCompanyInput) {
  const { companyId, recommended, note, version } = input;
  return companies.update(db, actor, companyId, {
    version,
    campusNexaRecommended: recommended,
    campusNexaNote: recommended ? (note ?? null) : null,
    campusNexaRecommendedAt: recommended ? new Date() : null,
    campusNexaRecommendedBy: recommended ? actor.user.id : null,
  });
}
