export * from './content';
export * from './enums';
export * from './errors';
export * from './permissions';
export * from './platform';
export * from './resource';
export * from './roles';
export * from './wire';

import { blogResource, eventResource } from './content';
import { auditResource, backendErrorResource, frontendErrorResource, userResource } from './platform';
import type { ResourceDef } from './resource';

/** Every resource served by the generic engine, by url segment. */
export const RESOURCES: Record<string, ResourceDef> = Object.fromEntries(
  [blogResource, eventResource, auditResource, backendErrorResource, frontendErrorResource, userResource].map((r) => [
    r.path,
    r,
  ]),
);
