import { z } from 'zod';
import { AI_MODELS, INTERVIEW_TYPES, REQUEST_STATUSES } from './enums';
import {
  optionalEmail,
  optionalText,
  optionalUrl,
  recordId,
  requiredName,
  requiredText,
  updateOf,
  version,
} from './fields';
import { userResource } from './learners';
import {
  FILTER_OPERATORS,
  type FieldOption,
  type FilterIssue,
  operatorsFor,
  parseFilters,
  type ResourceDef,
} from './resource';
import { idParam, isoDateTime } from './wire';

// ---------- Degrees and their categories (the spec's spelling: /deegree) ----------
export const degreeCategoryCreateSchema = z.strictObject({ name: requiredName('Name', 120) });

export const degreeCategoryResource: ResourceDef = {
  path: 'deegree/category',
  permission: 'degree',
  label: 'Degree category',
  pluralLabel: 'Degree categories',
  screens: {
    slug: 'degree-categories',
    area: 'Configuration',
    empty: { holds: 'Groups that degrees are sorted into appear here.' },
  },
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
  name: requiredName('Name', 200),
  shortName: optionalText(40),
  categoryId: recordId('Category').nullable().optional(),
});

export const degreeResource: ResourceDef = {
  path: 'deegree',
  permission: 'degree',
  label: 'Degree',
  pluralLabel: 'Degrees',
  screens: {
    slug: 'degrees',
    area: 'Configuration',
    empty: { holds: 'Degrees learners choose from when they register appear here.' },
  },
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
  name: requiredName('Name', 120),
  description: optionalText(2000),
});

export const jobRoleResource: ResourceDef = {
  path: 'job-roles',
  permission: 'jobRole',
  label: 'Job role',
  pluralLabel: 'Job roles',
  screens: {
    slug: 'job-roles',
    area: 'Placements',
    empty: { holds: 'Roles that job openings are filed under appear here.' },
  },
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
  screens: {
    slug: 'locations',
    area: 'Configuration',
    empty: { holds: 'Cities job openings are offered in appear here.' },
  },
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
/** Spec §9 "Topic or Company": an AI interview's prompt is about a topic or about a company. */
export const AI_PROMPT_SUBJECTS = [
  { value: 'Topic', label: 'Topic' },
  { value: 'Company', label: 'Company' },
] as const;

const aiPromptShape = {
  title: requiredText('Title', 200),
  model: z.enum(['gpt-3.5-turbo', 'gpt-4'], { message: 'Choose gpt-3.5-turbo or gpt-4' }),
  interviewType: z
    .enum(INTERVIEW_TYPES.map((t) => t.value) as [string, ...string[]], { message: 'Choose an interview type' })
    .nullable()
    .optional(),
  topicType: z.enum(['Topic', 'Company'], { message: 'Choose Topic or Company' }).nullable().optional(),
  topic: optionalText(200),
  prompt: requiredText('Prompt', 20_000),
};

/** A topic or company name says which of the two it is, and the choice names one. */
export function aiPromptSubjectIssues(prompt: { topicType?: unknown; topic?: unknown }): FilterIssue[] {
  const chosen = typeof prompt.topicType === 'string' && prompt.topicType !== '';
  const named = typeof prompt.topic === 'string' && prompt.topic.trim() !== '';
  if (named && !chosen) return [{ path: ['topicType'], message: 'Choose Topic or Company' }];
  if (chosen && !named) {
    const what = prompt.topicType === 'Company' ? 'company' : 'topic';
    return [{ path: ['topic'], message: `Enter the ${what}` }];
  }
  return [];
}

export const aiPromptCreateSchema = z
  .strictObject(aiPromptShape)
  .superRefine((p, ctx) => issuesInto(aiPromptSubjectIssues(p), ctx));
/** On update the stored prompt completes the pair; the server checks the prompt as it will be saved. */
export const aiPromptUpdateSchema = updateOf(z.strictObject(aiPromptShape)).superRefine((p, ctx) => {
  if ('topicType' in p && 'topic' in p) issuesInto(aiPromptSubjectIssues(p), ctx);
});

export const aiPromptResource: ResourceDef = {
  path: 'ai-prompt',
  permission: 'aiPrompt',
  label: 'AI prompt',
  pluralLabel: 'AI prompts',
  screens: {
    slug: 'ai-prompts',
    area: 'Configuration',
    empty: { holds: 'Prompts the product uses for mock interviews appear here.' },
  },
  titleField: 'title',
  createSchema: aiPromptCreateSchema,
  updateSchema: aiPromptUpdateSchema,
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
    {
      name: 'topicType',
      label: 'Topic or Company',
      type: 'enum',
      options: AI_PROMPT_SUBJECTS,
      list: true,
      filter: true,
      form: true,
    },
    { name: 'topic', label: 'Topic or company name', type: 'string', list: true, filter: true, form: true },
    { name: 'prompt', label: 'Prompt', type: 'text', filter: true, form: true, required: true, inList: false },
    { name: 'createdAt', label: 'Created at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};

// ---------- Enquiries (support) ----------
export const enquiryCreateSchema = z.strictObject({
  name: requiredName('Name', 120),
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
  screens: {
    slug: 'enquiries',
    area: 'Support',
    empty: { holds: 'Questions sent through the website contact form appear here.' },
  },
  titleField: 'name',
  search: [
    { field: 'name', match: 'text' },
    { field: 'email', match: 'text' },
    { field: 'phone', match: 'phone' },
    { field: 'id', match: 'id' },
  ],
  createSchema: enquiryCreateSchema,
  updateSchema: updateOf(enquiryCreateSchema),
  defaultSort: { field: 'createdAt', dir: 'desc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'email', label: 'Email', type: 'email', list: true, filter: true, form: true },
    { name: 'phone', label: 'Mobile number', type: 'string', list: true, filter: true, form: true },
    { name: 'subject', label: 'Subject', type: 'string', list: true, filter: true, form: true },
    { name: 'message', label: 'Message', type: 'text', filter: true, form: true, required: true, inList: false },
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
    { name: 'response', label: 'Our response', type: 'text', form: true, inList: false },
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
  screens: {
    slug: 'website-configuration',
    area: 'Configuration',
    empty: { title: 'No website settings yet.', holds: 'Settings the website reads appear here.' },
  },
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

// ---------- Learner dashboard cards, user types (segments) and their conditions ----------
/**
 * A card on a learner's dashboard: a title, a short text, an optional call to action (a
 * button label and the link it opens), an optional image, shown while active, in position
 * order. Which learners see it is said by the user types it is placed on (user type cards).
 */
const cardShape = {
  title: requiredText('Title', 120),
  body: requiredText('Text', 1000),
  ctaLabel: optionalText(40),
  ctaUrl: optionalUrl,
  active: z.boolean({ message: 'Say whether the card is shown' }).optional(),
};

/** A call to action is a button: its label and its link come together, or neither. */
export function cardCallToActionIssues(card: { ctaLabel?: unknown; ctaUrl?: unknown }): FilterIssue[] {
  const label = typeof card.ctaLabel === 'string' && card.ctaLabel.trim() !== '';
  const url = typeof card.ctaUrl === 'string' && card.ctaUrl.trim() !== '';
  if (label && !url) return [{ path: ['ctaUrl'], message: 'Add the link the button opens' }];
  if (url && !label) return [{ path: ['ctaLabel'], message: 'Add the label of the button' }];
  return [];
}

function issuesInto(issues: FilterIssue[], ctx: z.RefinementCtx) {
  for (const i of issues) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
}

export const cardCreateSchema = z
  .strictObject(cardShape)
  .superRefine((c, ctx) => issuesInto(cardCallToActionIssues(c), ctx));
/** On update the stored card completes the pair; the server checks the card as it will be saved. */
export const cardUpdateSchema = updateOf(z.strictObject(cardShape)).superRefine((c, ctx) => {
  if ('ctaLabel' in c && 'ctaUrl' in c) issuesInto(cardCallToActionIssues(c), ctx);
});

export const cardResource: ResourceDef = {
  path: 'card',
  permission: 'card',
  label: 'Card',
  pluralLabel: 'Cards',
  screens: {
    slug: 'cards',
    area: 'Configuration',
    empty: { holds: "Cards shown on learners' dashboards appear here." },
  },
  titleField: 'title',
  createSchema: cardCreateSchema,
  updateSchema: cardUpdateSchema,
  defaultSort: { field: 'position', dir: 'asc' },
  operations: ['list', 'read', 'create', 'update', 'delete', 'reorder'],
  images: [
    {
      field: 'imageUrl',
      upload: { method: 'POST', path: 'image/:id' },
      remove: { method: 'DELETE', path: 'image/:id' },
    },
  ],
  fields: [
    { name: 'position', label: 'Order', type: 'integer', list: true, sort: true },
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    { name: 'title', label: 'Title', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'body', label: 'Text', type: 'text', filter: true, form: true, required: true, inList: false },
    {
      name: 'ctaLabel',
      label: 'Button label',
      type: 'string',
      list: true,
      filter: true,
      form: true,
      description: 'The call to action, e.g. "Book a mock interview"; leave empty for a card without a button',
    },
    {
      name: 'ctaUrl',
      label: 'Button link',
      type: 'url',
      form: true,
      description: 'Where the button goes (http or https)',
    },
    {
      name: 'active',
      label: 'Shown',
      type: 'boolean',
      list: true,
      filter: true,
      sort: true,
      form: true,
      description: 'Only shown cards reach dashboards',
    },
    { name: 'imageUrl', label: 'Image', type: 'image' },
    { name: 'createdAt', label: 'Created at', type: 'datetime', filter: true, sort: true },
  ],
};

export const userTypeCreateSchema = z.strictObject({
  name: requiredName('Name', 120),
  description: optionalText(1000),
  priority: z
    .number({ message: 'Enter a priority (1 shows first)' })
    .int('A priority is a whole number')
    .min(1, 'From 1 (shown first) to 1,000')
    .max(1000, 'From 1 (shown first) to 1,000'),
});

export const userTypeResource: ResourceDef = {
  path: 'usertype',
  permission: 'userType',
  label: 'User type',
  pluralLabel: 'User types',
  screens: {
    slug: 'user-types',
    area: 'Configuration',
    empty: { holds: 'Groups of learners that decide which cards they see appear here.' },
  },
  titleField: 'name',
  createSchema: userTypeCreateSchema,
  updateSchema: updateOf(userTypeCreateSchema),
  defaultSort: { field: 'priority', dir: 'asc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    {
      name: 'priority',
      label: 'Priority',
      type: 'integer',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
      description: 'When a learner is of several types, the cards of the lowest number show first',
    },
    { name: 'description', label: 'Description', type: 'text', list: true, filter: true, form: true },
    { name: 'createdAt', label: 'Created at', type: 'datetime', filter: true, sort: true },
  ],
};

/** The learner fields a condition may test: the learner list's filter fields (spec §3), as a pick list. */
export const LEARNER_CONDITION_FIELDS: readonly FieldOption[] = userResource.fields
  .filter((f) => f.filter && !f.filterRoles && operatorsFor(f.type).length > 0)
  .map((f) => ({ value: f.name, label: f.label }));

/** The filter operators of spec §5, as a pick list. */
export const CONDITION_OPERATORS: readonly FieldOption[] = [
  { value: '=', label: '= (is)' },
  { value: '!=', label: '!= (is not)' },
  { value: 'like', label: 'like (contains)' },
  { value: '>', label: '> (more / later than)' },
  { value: '>=', label: '>= (at least)' },
  { value: '<', label: '< (less / earlier than)' },
  { value: '<=', label: '<= (at most)' },
];

/**
 * A condition is one learner-list filter: the field must be a learner filter field, the
 * operator one its type allows, the value of its type (parseFilters, as the learner list
 * checks its own filters). Issues name the condition's own fields.
 */
export function userTypeConditionIssues(c: { field?: unknown; operator?: unknown; value?: unknown }): FilterIssue[] {
  const parsed = parseFilters(userResource, [{ field: c.field, operator: c.operator, value: c.value }], 'ADMIN');
  if (parsed.ok) return [];
  const friendly: Record<string, string> = {
    field: 'Choose a learner field',
    operator: 'Choose an operator',
    value: 'Enter a value',
  };
  return parsed.issues.map((i) => {
    const key = String(i.path[1] ?? 'value');
    const shapeIssue = i.message.startsWith('Invalid') || i.message.startsWith('Unknown filter field');
    return { path: [key], message: shapeIssue ? (friendly[key] ?? 'Not valid') : i.message };
  });
}

const conditionShape = {
  field: z.enum(LEARNER_CONDITION_FIELDS.map((f) => String(f.value)) as [string, ...string[]], {
    message: 'Choose a learner field',
  }),
  operator: z.enum(FILTER_OPERATORS, { message: 'Choose an operator' }),
  value: z
    .string({ message: 'Enter a value' })
    .trim()
    .min(1, 'Enter a value')
    .max(500, 'Value is at most 500 characters'),
};

export const userTypeConditionCreateSchema = z
  .strictObject({ userTypeId: recordId('User type'), ...conditionShape })
  // An empty value has its own message; the filter check would only add a second one.
  .superRefine((c, ctx) => {
    if (typeof c.value === 'string' && c.value !== '') issuesInto(userTypeConditionIssues(c), ctx);
  });
/** A condition stays with its user type; the server checks field, operator and value together as they will be saved. */
export const userTypeConditionUpdateSchema = z
  .strictObject({
    field: conditionShape.field.optional(),
    operator: conditionShape.operator.optional(),
    value: conditionShape.value.optional(),
    version,
  })
  .superRefine((c, ctx) => {
    if (c.field !== undefined && c.operator !== undefined && c.value !== undefined)
      issuesInto(userTypeConditionIssues(c), ctx);
  });

export const userTypeConditionResource: ResourceDef = {
  path: 'usertypecondition',
  permission: 'userType',
  label: 'User type condition',
  pluralLabel: 'User type conditions',
  screens: {
    slug: 'user-type-conditions',
    area: 'Configuration',
    empty: { holds: 'The rules that put learners into a user type appear here.' },
  },
  titleField: 'field',
  createSchema: userTypeConditionCreateSchema,
  updateSchema: userTypeConditionUpdateSchema,
  defaultSort: { field: 'id', dir: 'asc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    {
      name: 'userTypeId',
      label: 'User type',
      type: 'reference',
      reference: { resource: 'usertype', labelField: 'name' },
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    {
      name: 'field',
      label: 'Learner field',
      type: 'enum',
      options: LEARNER_CONDITION_FIELDS,
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    {
      name: 'operator',
      label: 'Operator',
      type: 'enum',
      options: CONDITION_OPERATORS,
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    {
      name: 'value',
      label: 'Value',
      type: 'string',
      list: true,
      filter: true,
      form: true,
      required: true,
      description: 'As the learner list filters take it: a number, true or false, a date (YYYY-MM-DD) or a status',
    },
    { name: 'createdAt', label: 'Created at', type: 'datetime', filter: true, sort: true },
  ],
};

export const userTypeCardCreateSchema = z.strictObject({
  userTypeId: recordId('User type'),
  cardId: recordId('Card'),
});

/** Which cards a user type shows: one row per (user type, card), never twice. */
export const userTypeCardResource: ResourceDef = {
  path: 'usertypecard',
  permission: 'card',
  label: 'User type card',
  pluralLabel: 'User type cards',
  screens: {
    slug: 'user-type-cards',
    area: 'Configuration',
    empty: { holds: 'The cards each user type sees appear here.' },
  },
  titleField: 'id',
  createSchema: userTypeCardCreateSchema,
  updateSchema: updateOf(userTypeCardCreateSchema),
  defaultSort: { field: 'id', dir: 'asc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', list: true, filter: true, sort: true },
    {
      name: 'userTypeId',
      label: 'User type',
      type: 'reference',
      reference: { resource: 'usertype', labelField: 'name' },
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    {
      name: 'cardId',
      label: 'Card',
      type: 'reference',
      reference: { resource: 'card', labelField: 'title' },
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    { name: 'createdAt', label: 'Added at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};

/** GET /admin/card/user/dashboard-cards?userId=: what one learner's dashboard shows, and why. */
export const dashboardCardsQuerySchema = z.object({ userId: idParam });
export const dashboardCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  ctaLabel: z.string().nullable(),
  ctaUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  position: z.number().int(),
  /** The learner's user type that brought the card (the first one, by priority). */
  userTypeId: z.number().int(),
  userTypeName: z.string(),
});
export const dashboardCardsSchema = z.object({
  userId: z.number().int(),
  /** The learner's user types, by priority (lowest number first). */
  userTypes: z.array(z.object({ id: z.number().int(), name: z.string(), priority: z.number().int() })),
  data: z.array(dashboardCardSchema),
  totalItems: z.number().int(),
});
export type DashboardCards = z.infer<typeof dashboardCardsSchema>;
