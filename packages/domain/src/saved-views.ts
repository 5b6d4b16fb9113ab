import { z } from 'zod';
import { nameText } from './fields';
import { LIST_PAGE_SIZES } from './preferences';
import { rawFilterSchema } from './resource';
import { isoDateTime } from './wire';

/**
 * Saved views (decision 020): a named state of one resource's list (filters, sort, quick
 * search, page size, columns), kept on the server, private to its owner or shared with chosen
 * roles. They live at /admin/saved-view/*, a module over the engine's own filter and sort
 * checks, and work on every resource list.
 */
export const SAVED_VIEW_NAME_MAX = 60;
/** Views one person may own on one list. */
export const SAVED_VIEWS_PER_LIST = 50;

const roleIdSchema = z
  .number({ message: 'Choose a role' })
  .int('Choose a role')
  .min(1, 'Choose a role')
  .max(2_147_483_647, 'Choose a role');

const viewState = {
  name: nameText('View name', z.string({ message: 'Name the view' }))
    .min(1, 'Name the view')
    .max(SAVED_VIEW_NAME_MAX, `At most ${SAVED_VIEW_NAME_MAX} characters`),
  filters: rawFilterSchema.max(20, 'At most 20 filters'),
  sort: z.string().max(64, 'Choose a column to sort by').nullable(),
  q: z.string().max(500, 'At most 500 characters').nullable(),
  size: z.literal(LIST_PAGE_SIZES, 'Choose 10, 14, 50 or 100 rows a page').nullable(),
  columns: z
    .array(z.string().min(1).max(64), { message: 'Choose the columns to show' })
    .min(1, 'Show at least one column')
    .max(100, 'At most 100 columns')
    .nullable(),
  /** Role ids (built-in 1-10 or custom) that see the view besides its owner; empty: private. */
  sharedWith: z.array(roleIdSchema, { message: 'Choose roles' }).max(30, 'At most 30 roles'),
};

/** `POST /admin/saved-view/add`. */
export const savedViewCreateSchema = z.strictObject({
  /** The resource's path, as the engine serves it ("user", "blog", "user/flag"). */
  resource: z.string({ message: 'Choose a list' }).min(1, 'Choose a list').max(64, 'Choose a list'),
  name: viewState.name,
  filters: viewState.filters.default([]),
  sort: viewState.sort.optional(),
  q: viewState.q.optional(),
  size: viewState.size.optional(),
  columns: viewState.columns.optional(),
  sharedWith: viewState.sharedWith.default([]),
});
export type SavedViewCreate = z.input<typeof savedViewCreateSchema>;

/** `PUT /admin/saved-view/update/{id}`: the fields sent change; `version` as read. */
export const savedViewUpdateSchema = z.strictObject({
  name: viewState.name.optional(),
  filters: viewState.filters.optional(),
  sort: viewState.sort.optional(),
  q: viewState.q.optional(),
  size: viewState.size.optional(),
  columns: viewState.columns.optional(),
  sharedWith: viewState.sharedWith.optional(),
  version: z.number({ message: 'Send the version you read' }).int().min(1),
});
export type SavedViewUpdate = z.input<typeof savedViewUpdateSchema>;

/** A saved view as its reader gets it. */
export const savedViewSchema = z.object({
  id: z.number().int(),
  resource: z.string(),
  name: z.string(),
  filters: z.array(
    z.object({ field: z.string(), operator: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) }),
  ),
  sort: z.string().nullable(),
  q: z.string().nullable(),
  size: z.number().int().nullable(),
  columns: z.array(z.string()).nullable(),
  sharedWith: z.array(z.object({ id: z.number().int(), name: z.string() })),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** The reader owns it: only the owner changes a view (decision 020). */
  mine: z.boolean(),
  /** The reader may delete it (the owner; ADMIN also a shared view of someone else's). */
  canDelete: z.boolean(),
  version: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SavedView = z.output<typeof savedViewSchema>;
/** On the wire (dates as ISO text), as the console reads it. */
export type SavedViewJson = z.input<typeof savedViewSchema>;

/** `GET /admin/saved-view/get?resource=`: the views of one list the reader sees, theirs first. */
export const savedViewListQuerySchema = z.object({
  resource: z.string().min(1, 'Choose a list').max(64, 'Choose a list'),
});
