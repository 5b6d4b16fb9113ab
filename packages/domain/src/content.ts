import { z } from 'zod';
import { ACTIVE_STATUSES, CURRENCIES, ORDER_STATUSES } from './enums';
import {
  boundedDateTime,
  CONTENT_DATE_BOUNDS,
  moneyMinor,
  nameText,
  optionalText as nullableText,
  optionalUrl as nullableUrl,
  optionalEmail,
  optionalName,
  recordId,
  requiredName,
  requiredText,
  updateOf,
  version,
} from './fields';
import type { ResourceDef } from './resource';

/** Flags (spec §4, in its order): blogs are Archived or Live, events Archive or Active. */
export const BLOG_STATUSES = [
  { value: 'Archived', label: 'Archived', color: 'gray' },
  { value: 'Live', label: 'Live', color: 'green' },
] as const;
export const EVENT_STATUSES = [
  { value: 'Archive', label: 'Archive', color: 'gray' },
  { value: 'Active', label: 'Active', color: 'green' },
] as const;
const blogStatus = z.enum(['Archived', 'Live'], { message: 'Choose Archived or Live' });
const eventStatus = z.enum(['Archive', 'Active'], { message: 'Choose Archive or Active' });

const title = z.string().trim().min(1, 'Title is required').max(200, 'Title is at most 200 characters');
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional();
const optionalUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Must be a http(s) link' }).max(500)])
  .optional();

export const blogCreateSchema = z.strictObject({
  title,
  content: z.string().trim().min(1, 'Content is required').max(100_000, 'Content is too long'),
  excerpt: optionalText(500),
  authorName: nameText('Author name').max(120, 'At most 120 characters').optional(),
  tags: optionalText(300),
  status: blogStatus.optional(),
  publishedAt: boundedDateTime('Published at', CONTENT_DATE_BOUNDS).nullable().optional(),
});
export const blogUpdateSchema = blogCreateSchema.partial().extend({ version: z.number().int().min(1) });
export type BlogCreate = z.infer<typeof blogCreateSchema>;

export const blogResource: ResourceDef = {
  path: 'blog',
  permission: 'blog',
  label: 'Blog',
  pluralLabel: 'Blogs',
  screens: {
    slug: 'blogs',
    area: 'Content',
    empty: { holds: 'Posts written here are shown on the website once they are Live.' },
  },
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
    { name: 'excerpt', label: 'Excerpt', type: 'text', filter: true, form: true, inList: false },
    { name: 'content', label: 'Content', type: 'text', filter: true, form: true, required: true, inList: false },
    {
      name: 'publishedAt',
      label: 'Published at',
      type: 'datetime',
      list: true,
      filter: true,
      sort: true,
      form: true,
      dateBounds: CONTENT_DATE_BOUNDS,
    },
    { name: 'imageUrl', label: 'Image', type: 'image' },
    { name: 'createdBy', label: 'Created by (user id)', type: 'integer' },
    { name: 'createdAt', label: 'Created at', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'updatedAt', label: 'Updated at', type: 'datetime', filter: true, sort: true },
  ],
};

export const eventCreateSchema = z
  .strictObject({
    title,
    startsAt: boundedDateTime('Starts at', CONTENT_DATE_BOUNDS),
    endsAt: boundedDateTime('Ends at', CONTENT_DATE_BOUNDS).nullable().optional(),
    description: optionalText(20_000),
    location: optionalText(200),
    meetingLink: optionalUrl,
    capacity: z.number().int().min(1, 'At least 1').max(100_000).nullable().optional(),
    status: eventStatus.optional(),
  })
  .refine((e) => !e.endsAt || new Date(e.endsAt) >= new Date(e.startsAt), {
    path: ['endsAt'],
    message: 'Ends at must be after starts at',
  });
export const eventUpdateSchema = z
  .strictObject({
    title: title.optional(),
    startsAt: boundedDateTime('Starts at', CONTENT_DATE_BOUNDS).optional(),
    endsAt: boundedDateTime('Ends at', CONTENT_DATE_BOUNDS).nullable().optional(),
    description: optionalText(20_000),
    location: optionalText(200),
    meetingLink: optionalUrl,
    capacity: z.number().int().min(1, 'At least 1').max(100_000).nullable().optional(),
    status: eventStatus.optional(),
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
  screens: { slug: 'events', area: 'Content', empty: { holds: 'Events added here are shown on the website.' } },
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
      dateBounds: CONTENT_DATE_BOUNDS,
    },
    {
      name: 'endsAt',
      label: 'Ends at',
      type: 'datetime',
      list: true,
      filter: true,
      sort: true,
      form: true,
      dateBounds: CONTENT_DATE_BOUNDS,
    },
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
    { name: 'description', label: 'Description', type: 'text', filter: true, form: true, inList: false },
    { name: 'imageUrl', label: 'Image', type: 'image' },
    { name: 'createdBy', label: 'Created by (user id)', type: 'integer' },
    { name: 'createdAt', label: 'Created at', type: 'datetime', filter: true, sort: true },
  ],
};

// ---------- Testimonials (reorder, profile image) ----------
export const testimonialCreateSchema = z.strictObject({
  name: requiredName('Name', 120),
  designation: nullableText(120),
  company: nullableText(120),
  content: requiredText('Testimonial', 5000),
  rating: z.number().int().min(1, 'From 1 to 5').max(5, 'From 1 to 5').nullable().optional(),
  status: z.enum(['Active', 'Inactive']).optional(),
});

export const testimonialResource: ResourceDef = {
  path: 'testimonial',
  permission: 'testimonial',
  label: 'Testimonial',
  pluralLabel: 'Testimonials',
  screens: {
    slug: 'testimonials',
    area: 'Content',
    empty: { holds: "Learners' words shown on the website appear here, in the order they are shown." },
  },
  titleField: 'name',
  createSchema: testimonialCreateSchema,
  updateSchema: updateOf(testimonialCreateSchema),
  defaultSort: { field: 'position', dir: 'asc' },
  operations: ['list', 'read', 'create', 'update', 'delete', 'reorder'],
  images: [
    {
      field: 'profileImageUrl',
      upload: { method: 'POST', path: 'profile-image/:id' },
      remove: { method: 'DELETE', path: 'profile-image/:id' },
    },
  ],
  fields: [
    { name: 'position', label: 'Order', type: 'integer', list: true, sort: true },
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'designation', label: 'Designation', type: 'string', list: true, filter: true, form: true },
    { name: 'company', label: 'Company', type: 'string', list: true, filter: true, sort: true, form: true },
    { name: 'content', label: 'Testimonial', type: 'text', filter: true, form: true, required: true, inList: false },
    { name: 'rating', label: 'Rating', type: 'integer', list: true, filter: true, sort: true, form: true },
    { name: 'status', label: 'Status', type: 'enum', options: ACTIVE_STATUSES, list: true, filter: true, form: true },
    { name: 'profileImageUrl', label: 'Profile image', type: 'image' },
    { name: 'createdAt', label: 'Created at', type: 'datetime', filter: true, sort: true },
  ],
};

// ---------- Companies (logo, Campus Nexa recommendation, placement contact) ----------
const PLACEMENT_CONTACT = ['HR', 'KEY_ACCOUNT_MANAGER', 'STRATEGIC_PARTNERSHIP'] as const;
/** Who keeps the hiring contact up to date: the people who talk to the company's HR. */
const PLACEMENT_CONTACT_EDITORS = ['HR', 'KEY_ACCOUNT_MANAGER'] as const;
export const companyCreateSchema = z.strictObject({
  name: requiredName('Name', 200),
  website: nullableUrl,
  industry: nullableText(120),
  city: nullableText(120),
  description: nullableText(5000),
  contactName: optionalName('Contact name', 120),
  contactEmail: optionalEmail,
});

export const companyResource: ResourceDef = {
  path: 'company',
  permission: 'company',
  label: 'Company',
  pluralLabel: 'Companies',
  screens: { slug: 'companies', area: 'Content', empty: { holds: 'Companies that hire learners appear here.' } },
  titleField: 'name',
  createSchema: companyCreateSchema,
  updateSchema: updateOf(companyCreateSchema),
  defaultSort: { field: 'name', dir: 'asc' },
  images: [
    {
      field: 'logoUrl',
      upload: { method: 'POST', path: 'logo/:id' },
      remove: { method: 'DELETE', path: 'logo/:id' },
    },
  ],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'industry', label: 'Industry', type: 'string', list: true, filter: true, sort: true, form: true },
    { name: 'city', label: 'City', type: 'string', list: true, filter: true, sort: true, form: true },
    { name: 'website', label: 'Website', type: 'url', form: true },
    { name: 'description', label: 'Description', type: 'text', form: true, inList: false },
    // The hiring contact is for the people who place learners, not for marketing.
    {
      name: 'contactName',
      label: 'Hiring manager',
      type: 'string',
      form: true,
      readRoles: PLACEMENT_CONTACT,
      writeRoles: PLACEMENT_CONTACT_EDITORS,
    },
    {
      name: 'contactEmail',
      label: 'Hiring manager email',
      type: 'email',
      form: true,
      readRoles: PLACEMENT_CONTACT,
      writeRoles: PLACEMENT_CONTACT_EDITORS,
    },
    {
      name: 'campusNexaRecommended',
      label: 'Recommended to Campus Nexa',
      type: 'boolean',
      list: true,
      filter: true,
      sort: true,
    },
    { name: 'campusNexaNote', label: 'Campus Nexa note', type: 'text', inList: false },
    { name: 'campusNexaRecommendedAt', label: 'Recommended at', type: 'datetime', sort: true },
    { name: 'logoUrl', label: 'Logo', type: 'image' },
    { name: 'createdAt', label: 'Created at', type: 'datetime', filter: true, sort: true },
  ],
};

/** POST /admin/company/campus-nexa/recommend: recommend a company to the Campus Nexa programme, or withdraw it. */
export const campusNexaRecommendSchema = z.strictObject({
  companyId: recordId('Company'),
  recommended: z.boolean({ message: 'Say whether the company is recommended' }),
  note: nullableText(1000),
  version,
});

// ---------- Products (thumbnail) and orders ----------
export const productCreateSchema = z.strictObject({
  name: requiredName('Name', 200),
  description: nullableText(5000),
  priceMinor: moneyMinor,
  currency: z.enum(['INR', 'USD']).optional(),
  status: z.enum(['Active', 'Inactive']).optional(),
});

export const productResource: ResourceDef = {
  path: 'product',
  permission: 'product',
  label: 'Product',
  pluralLabel: 'Products',
  screens: { slug: 'products', area: 'Content', empty: { holds: 'Products sold on the website appear here.' } },
  titleField: 'name',
  createSchema: productCreateSchema,
  updateSchema: updateOf(productCreateSchema),
  defaultSort: { field: 'createdAt', dir: 'desc' },
  images: [
    {
      field: 'thumbnailUrl',
      upload: { method: 'POST', path: 'thumbnail/:id' },
      remove: { method: 'DELETE', path: 'thumbnail/:id' },
    },
  ],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    {
      name: 'priceMinor',
      label: 'Price (paise / cents)',
      type: 'integer',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    { name: 'currency', label: 'Currency', type: 'enum', options: CURRENCIES, list: true, filter: true, form: true },
    { name: 'status', label: 'Status', type: 'enum', options: ACTIVE_STATUSES, list: true, filter: true, form: true },
    { name: 'description', label: 'Description', type: 'text', form: true, inList: false },
    { name: 'thumbnailUrl', label: 'Thumbnail', type: 'image' },
    { name: 'createdAt', label: 'Created at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};

/** Orders are made by learners' payments; staff change only their status. */
export const orderUpdateSchema = z.strictObject({
  status: z.enum(['Pending', 'Paid', 'Cancelled', 'Refunded'], { message: 'Choose a status' }),
  version,
});

export const orderResource: ResourceDef = {
  path: 'order',
  permission: 'order',
  label: 'Order',
  pluralLabel: 'Orders',
  screens: {
    slug: 'orders',
    area: 'Content',
    createdElsewhere: "Orders come from learners' payments; staff only change their status.",
    empty: { holds: 'Orders placed on the website appear here.' },
  },
  titleField: 'id',
  createSchema: z.strictObject({}),
  updateSchema: orderUpdateSchema,
  defaultSort: { field: 'createdAt', dir: 'desc' },
  operations: ['list', 'read', 'update'],
  routes: {
    list: { method: 'GET', path: 'all' },
    update: { method: 'PUT', path: 'update' },
  },
  fields: [
    { name: 'id', label: 'Order id', type: 'integer', list: true, filter: true, sort: true },
    {
      name: 'userId',
      label: 'Learner',
      type: 'reference',
      reference: { resource: 'user', labelField: 'name' },
      list: true,
      filter: true,
    },
    {
      name: 'productId',
      label: 'Product',
      type: 'reference',
      reference: { resource: 'product', labelField: 'name' },
      list: true,
      filter: true,
    },
    { name: 'amountMinor', label: 'Amount (paise / cents)', type: 'integer', list: true, filter: true, sort: true },
    { name: 'currency', label: 'Currency', type: 'enum', options: CURRENCIES, list: true, filter: true },
    {
      name: 'status',
      label: 'Status',
      type: 'enum',
      options: ORDER_STATUSES,
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    { name: 'paymentReference', label: 'Payment reference', type: 'string', filter: true },
    { name: 'createdAt', label: 'Ordered at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};
