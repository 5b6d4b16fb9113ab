import { z } from 'zod';
import { AI_MODELS, INTERVIEW_TYPES, REQUEST_STATUSES } from './enums';
import { optionalEmail, optionalText, recordId, requiredText, updateOf } from './fields';
import type { ResourceDef } from './resource';
import { isoDateTime } from './wire';

// ---------- Degrees and their categories (the spec's spelling: /deegree) ----------
export const degreeCategoryCreateSchema = z.strictObject({ name: requiredText('Name', 120) });

export const degreeCategoryResource: ResourceDef = {
  path: 'deegree/category',
  permission: 'degree',
  label: 'Degree category',
  pluralLabel: 'Degree categories',
  titleField: 'name',
  createSchema: degreeCategoryCreateSchema,
  updateSchema: updateOf(degreeCategoryCreateSchema),
  defaultSort: { field: 'name', dir: 'asc' },
  routes: { list: { method: 'GET', path: 'all' } },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'createdAt', label: 'Created at', type: 'datetime', list: true, sort: true },
  ],
};

export const degreeCreateSchema = z.strictObject({
  name: requiredText('Name', 200),
  shortName: optionalText(40),
  categoryId: recordId('Category').nullable().optional(),
});

export const degreeResource: ResourceDef = {
  path: 'deegree',
  permission: 'degree',
  label: 'Degree',
  pluralLabel: 'Degrees',
  titleField: 'name',
  createSchema: degreeCreateSchema,
  updateSchema: updateOf(degreeCreateSchema),
  defaultSort: { field: 'name', dir: 'asc' },
  routes: {
    // Staff list them under /admin; registration forms read the public list the spec calls GET /deegree.
    list: [
      { method: 'GET', path: 'get' },
      { method: 'GET', path: '/deegree', public: true },
    ],
  },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'shortName', label: 'Short name', type: 'string', list: true, filter: true, form: true },
    {
      name: 'categoryId',
      label: 'Category',
      type: 'reference',
      reference: { resource: 'deegree/category', labelField: 'name' },
      list: true,
      filter: true,
      form: true,
    },
    { name: 'createdAt', label: 'Created at', type: 'datetime', sort: true },
  ],
};

// ---------- Job roles, locations ----------
export const jobRoleCreateSchema = z.strictObject({
  name: requiredText('Name', 120),
  description: optionalText(2000),
});

export const jobRoleResource: ResourceDef = {
  path: 'job-roles',
  permission: 'jobRole',
  label: 'Job role',
  pluralLabel: 'Job roles',
  titleField: 'name',
  createSchema: jobRoleCreateSchema,
  updateSchema: updateOf(jobRoleCreateSchema),
  defaultSort: { field: 'name', dir: 'asc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'description', label: 'Description', type: 'text', list: true, filter: true, form: true },
  ],
};

export const locationCreateSchema = z.strictObject({
  city: requiredText('City', 120),
  state: optionalText(120),
  country: requiredText('Country', 120).optional(),
});

export const locationResource: ResourceDef = {
  path: 'location',
  permission: 'location',
  label: 'Location',
  pluralLabel: 'Locations',
  titleField: 'city',
  createSchema: locationCreateSchema,
  updateSchema: updateOf(locationCreateSchema),
  defaultSort: { field: 'city', dir: 'asc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'city', label: 'City', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'state', label: 'State', type: 'string', list: true, filter: true, sort: true, form: true },
    { name: 'country', label: 'Country', type: 'string', list: true, filter: true, sort: true, form: true },
  ],
};

// ---------- AI prompts (models of spec §9) ----------
export const aiPromptCreateSchema = z.strictObject({
  title: requiredText('Title', 200),
  model: z.enum(['gpt-3.5-turbo', 'gpt-4'], { message: 'Choose gpt-3.5-turbo or gpt-4' }),
  interviewType: z
    .enum(INTERVIEW_TYPES.map((t) => t.value) as [string, ...string[]], { message: 'Choose an interview type' })
    .nullable()
    .optional(),
  topic: optionalText(200),
  prompt: requiredText('Prompt', 20_000),
});

export const aiPromptResource: ResourceDef = {
  path: 'ai-prompt',
  permission: 'aiPrompt',
  label: 'AI prompt',
  pluralLabel: 'AI prompts',
  titleField: 'title',
  createSchema: aiPromptCreateSchema,
  updateSchema: updateOf(aiPromptCreateSchema),
  defaultSort: { field: 'createdAt', dir: 'desc' },
  operations: ['list', 'read', 'create', 'update', 'delete', 'import'],
  importKey: ['title', 'model'],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'title', label: 'Title', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    {
      name: 'model',
      label: 'Model',
      type: 'enum',
      options: AI_MODELS,
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    {
      name: 'interviewType',
      label: 'Interview type',
      type: 'enum',
      options: INTERVIEW_TYPES,
      list: true,
      filter: true,
      form: true,
    },
    { name: 'topic', label: 'Topic or company', type: 'string', list: true, filter: true, form: true },
    { name: 'prompt', label: 'Prompt', type: 'text', filter: true, form: true, required: true },
    { name: 'createdAt', label: 'Created at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};

// ---------- Enquiries (support) ----------
export const enquiryCreateSchema = z.strictObject({
  name: requiredText('Name', 120),
  email: optionalEmail,
  phone: optionalText(20),
  subject: optionalText(200),
  message: requiredText('Message', 5000),
  status: z.enum(['Pending', 'Fulfilled', 'Rejected']).optional(),
  response: optionalText(5000),
});

export const enquiryResource: ResourceDef = {
  path: 'enquiry',
  permission: 'enquiry',
  label: 'Enquiry',
  pluralLabel: 'Enquiries',
  titleField: 'name',
  createSchema: enquiryCreateSchema,
  updateSchema: updateOf(enquiryCreateSchema),
  defaultSort: { field: 'createdAt', dir: 'desc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'email', label: 'Email', type: 'email', list: true, filter: true, form: true },
    { name: 'phone', label: 'Mobile number', type: 'string', list: true, filter: true, form: true },
    { name: 'subject', label: 'Subject', type: 'string', list: true, filter: true, form: true },
    { name: 'message', label: 'Message', type: 'text', filter: true, form: true, required: true },
    {
      name: 'status',
      label: 'Status',
      type: 'enum',
      options: REQUEST_STATUSES,
      list: true,
      filter: true,
      sort: true,
      form: true,
    },
    { name: 'response', label: 'Our response', type: 'text', form: true },
    { name: 'createdAt', label: 'Received at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};

// ---------- Website configuration (versioned settings) ----------
export const websiteConfigurationCreateSchema = z.strictObject({
  key: z
    .string()
    .trim()
    .min(2, 'Key is required')
    .max(80, 'Key is at most 80 characters')
    .regex(
      /^[a-z0-9][a-z0-9._-]*$/,
      'Lower-case letters, digits, dots, dashes and underscores (e.g. home.banner.title)',
    ),
  value: z.string().max(20_000, 'Value is at most 20,000 characters'),
  description: optionalText(300),
});
export const websiteConfigurationUpdateSchema = z.strictObject({
  value: websiteConfigurationCreateSchema.shape.value.optional(),
  description: optionalText(300),
  version: z.number().int().min(1),
});

export const websiteConfigurationResource: ResourceDef = {
  path: 'website-configuration',
  permission: 'websiteConfiguration',
  label: 'Website setting',
  pluralLabel: 'Website configuration',
  titleField: 'key',
  createSchema: websiteConfigurationCreateSchema,
  updateSchema: websiteConfigurationUpdateSchema,
  defaultSort: { field: 'key', dir: 'asc' },
  fields: [
    { name: 'key', label: 'Key', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'value', label: 'Value', type: 'text', list: true, filter: true, form: true },
    { name: 'description', label: 'Description', type: 'string', list: true, filter: true, form: true },
    { name: 'version', label: 'Version', type: 'integer', list: true, sort: true },
    { name: 'updatedAt', label: 'Last saved', type: 'datetime', list: true, sort: true },
  ],
};

/** One saved value of a setting, newest first in its history. */
export const websiteConfigurationVersionSchema = z.object({
  version: z.number().int(),
  value: z.string(),
  changedByName: z.string().nullable(),
  restoredFrom: z.number().int().nullable(),
  createdAt: isoDateTime,
});
export const websiteConfigurationRollbackSchema = z.strictObject({
  toVersion: z.number({ message: 'Choose a version' }).int().min(1),
  version: z.number().int().min(1),
});
