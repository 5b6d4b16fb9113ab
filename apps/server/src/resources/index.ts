import {
  auditResource,
  backendErrorResource,
  blogResource,
  eventResource,
  frontendErrorResource,
  roleByKey,
  userResource,
} from '@cohort/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, backendErrors, batchMentors, blogs, events, frontendErrors, users } from '../db/schema';
import { type ResourceBinding, type ResourceService, registerResource } from './engine';

export const USER_SECRET_COLUMNS = [
  'passwordHash',
  'twoFactorSecret',
  'twoFactorPendingSecret',
  'totpLastStep',
] as const;

/** Every resource the generic engine serves. Adding one is adding a line here. */
export function resourceBindings(): ResourceBinding[] {
  return [
    { def: blogResource, table: blogs, entity: 'blog', onCreate: (a) => ({ createdBy: a.user.id }) },
    { def: eventResource, table: events, entity: 'event', onCreate: (a) => ({ createdBy: a.user.id }) },
    { def: auditResource, table: auditLog, entity: 'audit' },
    { def: backendErrorResource, table: backendErrors, entity: 'backendError' },
    {
      def: frontendErrorResource,
      table: frontendErrors,
      entity: 'frontendError',
      onCreate: (a) => ({ userId: a.user.id }),
    },
    {
      def: userResource,
      table: users,
      entity: 'user',
      hidden: USER_SECRET_COLUMNS,
      baseWhere: eq(users.roleId, roleByKey('USER')!.id),
      scopes: {
        ownCollege: (a) => (a.user.collegeId ? eq(users.collegeId, a.user.collegeId) : sql`false`),
        ownLearners: (a) => eq(users.motivatorId, a.user.id),
        ownBatches: (a) =>
          sql`${users.batchId} in (select ${batchMentors.batchId} from ${batchMentors} where ${batchMentors.mentorId} = ${a.user.id})`,
      },
    },
  ];
}

export function registerResources(app: FastifyInstance): Map<string, ResourceService> {
  const services = new Map<string, ResourceService>();
  // In list order: a resource is registered after the ones its reference fields name.
  for (const b of resourceBindings())
    services.set(
      b.def.path,
      registerResource(app, b, (path) => services.get(path)),
    );
  return services;
}
