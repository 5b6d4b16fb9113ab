import { preferencesSchema } from '../preferences';
import {
  savedViewCreateSchema,
  savedViewListQuerySchema,
  savedViewSchema,
  savedViewUpdateSchema,
} from '../saved-views';
import { listResultSchema, messageSchema } from '../wire';
import { defineCall } from './define-call';
import { idParamsSchema } from './roles';

/** /admin/preferences: the signed-in staff member's own console preferences. */
export const preferenceCalls = {
  get: defineCall({
    method: 'GET',
    path: '/admin/preferences',
    access: 'staff',
    tags: ['Preferences'],
    summary: 'My console preferences (columns, page size, theme, saved list views)',
    answers: { 200: preferencesSchema },
  }),
  save: defineCall({
    method: 'PUT',
    path: '/admin/preferences',
    access: 'staff',
    tags: ['Preferences'],
    summary: 'Save some of my console preferences (merged list by list); answers them all',
    body: preferencesSchema,
    answers: { 200: preferencesSchema },
    errors: [400],
  }),
};

const tags = ['Saved views'];
/** /admin/saved-view/*: named list states, private or shared with roles (decision 020). Any staff member, checked per resource. */
export const savedViewCalls = {
  list: defineCall({
    method: 'GET',
    path: '/admin/saved-view/get',
    access: 'staff',
    tags,
    summary: 'The saved views of one list that I see: mine, then those shared with my role',
    query: savedViewListQuerySchema,
    answers: { 200: listResultSchema(savedViewSchema) },
  }),
  create: defineCall({
    method: 'POST',
    path: '/admin/saved-view/add',
    access: 'staff',
    tags,
    summary: 'Save a list state (filters, sort, search, page size, columns), private or shared with roles',
    body: savedViewCreateSchema,
    answers: { 201: savedViewSchema },
    errors: [409],
  }),
  update: defineCall({
    method: 'PUT',
    path: '/admin/saved-view/update/:id',
    access: 'staff',
    tags,
    summary: 'Change a saved view of mine (its version as read); sharedWith replaces its roles',
    params: idParamsSchema,
    body: savedViewUpdateSchema,
    answers: { 200: savedViewSchema },
    errors: [404, 409],
  }),
  delete: defineCall({
    method: 'DELETE',
    path: '/admin/saved-view/delete/:id',
    access: 'staff',
    tags,
    summary: 'Delete a saved view of mine (ADMIN: also a shared one)',
    params: idParamsSchema,
    answers: { 200: messageSchema },
    errors: [404],
  }),
};
