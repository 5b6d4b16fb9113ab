import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { roles, users } from './auth';
import { baseColumns, versioned } from './columns';

/**
 * A named state of one resource's list, kept on the server (decision 020): its owner's, and
 * seen by the roles it is shared with (`saved_view_roles`).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    ...baseColumns,
    ...versioned,
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The resource's path as the engine serves it ("user", "blog"). */
    resource: text('resource').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').notNull().default([]),
    sort: text('sort'),
    q: text('q'),
    size: integer('size'),
    /** The columns shown, in order; null: the reader's own choice. */
    columns: jsonb('columns'),
  },
  (t) => [
    uniqueIndex('saved_views_owner_name_unique').on(t.ownerId, t.resource, sql`lower(${t.name})`),
    index('saved_views_resource_idx').on(t.resource),
  ],
);

/** The roles a view is shared with; a custom role below one of them sees it too. */
export const savedViewRoles = pgTable(
  'saved_view_roles',
  {
    viewId: integer('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.viewId, t.roleId] }), index('saved_view_roles_role_idx').on(t.roleId)],
);
