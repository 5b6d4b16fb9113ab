import { z } from 'zod';
import type { ResourceDef } from './resource';

/** Flags (spec §4): blogs are Live or Archived, events Active or Archive. */
export const BLOG_STATUSES = [
  { value: 'Live', label: 'Live', color: 'green' },
  { value: 'Archived', label: 'Archived', color: 'gray' },
] as const;
export const EVENT_STATUSES = [
  { value: 'Active', label: 'Active', color: 'green' },
  { value: 'Archive', label: 'Archive', color: 'gray' },
] as const;

const title = z.string().trim().min(1, 'Title is required').max(200, 'Title is at most 200 characters');
const isoDateTime = z.iso.datetime({ offset: true, message: 'Must be a date and time' });
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional();
const optionalUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Must be a http(s) link' }).max(500)])
  .optional();

export const blogCreateSchema = z.strictObject({
  title,
  content: z.string().trim().min(1, 'Content is required').max(100_000, 'Content is too long'),
  excerpt: optionalText(500),
  authorName: optionalText(120),
  tags: optionalText(300),
  status: z.enum(['Live', 'Archived']).optional(),
  publishedAt: isoDateTime.nullable().optional(),
});
export const blogUpdateSchema = blogCreateSchema.partial().extend({ version: z.number().int().min(1) });
export type BlogCreate = z.infer<typeof blogCreateSchema>;

export const blogResource: ResourceDef = {
  path: 'blog',
  permission: 'blog',
  label: 'Blog',
  pluralLabel: 'Blogs',
  titleField: 'title',
  createSchema: blogCreateSchema,
  updateSchema: blogUpdateSchema,
  defaultSort: { field: 'createdAt', dir: 'desc' },
  images: [{ field: 'imageUrl', upload: { method: 'POST', path: 'image/:id' } }],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'title', label: 'Title', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'authorName', label: 'Author', type: 'string', list: true, filter: true, sort: true, form: true },
    {
      name: 'status',
      label: 'Status',
      type: 'enum',
      options: BLOG_STATUSES,
      list: true,
      filter: true,
      sort: true,
      form: true,
    },
    {
      name: 'tags',
      label: 'Tags',
      type: 'string',
      list: true,
      filter: true,
      form: true,
      description: 'Comma separated',
    },
    { name: 'excerpt', label: 'Excerpt', type: 'text', filter: true, form: true },
    { name: 'content', label: 'Content', type: 'text', filter: true, form: true, required: true },
    { name: 'publishedAt', label: 'Published at', type: 'datetime', list: true, filter: true, sort: true, form: true },
    { name: 'imageUrl', label: 'Image', type: 'image' },
    { name: 'createdBy', label: 'Created by (user id)', type: 'integer' },
    { name: 'createdAt', label: 'Created at', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'updatedAt', label: 'Updated at', type: 'datetime', filter: true, sort: true },
  ],
};

export const eventCreateSchema = z
  .strictObject({
    title,
    startsAt: isoDateTime,
    endsAt: isoDateTime.nullable().optional(),
    description: optionalText(20_000),
    location: optionalText(200),
    meetingLink: optionalUrl,
    capacity: z.number().int().min(1, 'At least 1').max(100_000).nullable().optional(),
    status: z.enum(['Active', 'Archive']).optional(),
  })
  .refine((e) => !e.endsAt || new Date(e.endsAt) >= new Date(e.startsAt), {
    path: ['endsAt'],
    message: 'Ends at must be after starts at',
  });
export const eventUpdateSchema = z
  .strictObject({
    title: title.optional(),
    startsAt: isoDateTime.optional(),
    endsAt: isoDateTime.nullable().optional(),
    description: optionalText(20_000),
    location: optionalText(200),
    meetingLink: optionalUrl,
    capacity: z.number().int().min(1, 'At least 1').max(100_000).nullable().optional(),
    status: z.enum(['Active', 'Archive']).optional(),
    version: z.number().int().min(1),
  })
  .refine((e) => !e.endsAt || !e.startsAt || new Date(e.endsAt) >= new Date(e.startsAt), {
    path: ['endsAt'],
    message: 'Ends at must be after starts at',
  });

export const eventResource: ResourceDef = {
  path: 'event',
  permission: 'event',
  label: 'Event',
  pluralLabel: 'Events',
  titleField: 'title',
  createSchema: eventCreateSchema,
  updateSchema: eventUpdateSchema,
  defaultSort: { field: 'startsAt', dir: 'desc' },
  images: [{ field: 'imageUrl', upload: { method: 'POST', path: 'image/:id' } }],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'title', label: 'Title', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    {
      name: 'startsAt',
      label: 'Starts at',
      type: 'datetime',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    { name: 'endsAt', label: 'Ends at', type: 'datetime', list: true, filter: true, sort: true, form: true },
    { name: 'location', label: 'Location', type: 'string', list: true, filter: true, sort: true, form: true },
    {
      name: 'status',
      label: 'Status',
      type: 'enum',
      options: EVENT_STATUSES,
      list: true,
      filter: true,
      sort: true,
      form: true,
    },
    { name: 'capacity', label: 'Capacity', type: 'integer', filter: true, sort: true, form: true },
    { name: 'meetingLink', label: 'Meeting link', type: 'url', form: true },
    { name: 'description', label: 'Description', type: 'text', filter: true, form: true },
    { name: 'imageUrl', label: 'Image', type: 'image' },
    { name: 'createdBy', label: 'Created by (user id)', type: 'integer' },
    { name: 'createdAt', label: 'Created at', type: 'datetime', filter: true, sort: true },
  ],
};
