import { z } from 'zod';
import { QUESTION_STATUSES } from './enums';
import { recordId, requiredText, version } from './fields';
import { setFlow } from './flows';
import type { ResourceDef } from './resource';

// ---------- Q&A: questions (the mentors' inbox) and their answers ----------
export const questionCreateSchema = z.strictObject({
  title: requiredText('Question', 300),
  body: requiredText('Details', 10_000),
  askedById: recordId('Learner').nullable().optional(),
});
export const questionUpdateSchema = z.strictObject({
  title: requiredText('Question', 300).optional(),
  body: requiredText('Details', 10_000).optional(),
  status: z.enum(['Archive', 'Answered', 'Un-Answered'], { message: 'Choose a status' }).optional(),
  version,
});

/**
 * A question waits Un-Answered in the mentors' inbox until an answer moves it to Answered; staff
 * archive it, or bring it back (decision 032).
 */
export const QUESTION_FLOW = setFlow<(typeof QUESTION_STATUSES)[number]['value']>({
  name: 'question',
  label: 'Question',
  field: 'status',
  states: QUESTION_STATUSES.map((s) => s.value),
  initial: 'Un-Answered',
  next: {
    'Un-Answered': ['Answered', 'Archive'],
    Answered: ['Archive', 'Un-Answered'],
    Archive: ['Un-Answered', 'Answered'],
  },
});

export const questionResource: ResourceDef = {
  path: 'question',
  permission: 'question',
  label: 'Question',
  pluralLabel: 'Questions',
  screens: {
    slug: 'questions',
    area: 'Support',
    empty: { holds: 'Questions learners ask appear here until they are answered.' },
  },
  titleField: 'title',
  createSchema: questionCreateSchema,
  updateSchema: questionUpdateSchema,
  defaultSort: { field: 'createdAt', dir: 'desc' },
  flows: [QUESTION_FLOW],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    {
      name: 'title',
      label: 'Question',
      type: 'string',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    {
      name: 'status',
      label: 'Status',
      type: 'enum',
      options: QUESTION_STATUSES,
      list: true,
      filter: true,
      sort: true,
      form: true,
    },
    {
      name: 'askedById',
      label: 'Asked by',
      type: 'reference',
      reference: { resource: 'user', labelField: 'name' },
      list: true,
      filter: true,
    },
    { name: 'body', label: 'Details', type: 'text', filter: true, form: true, required: true, inList: false },
    { name: 'createdAt', label: 'Asked at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};

export const answerCreateSchema = z.strictObject({
  questionId: recordId('Question'),
  body: requiredText('Answer', 10_000),
});
export const answerUpdateSchema = z.strictObject({ body: requiredText('Answer', 10_000).optional(), version });

export const answerResource: ResourceDef = {
  path: 'answer',
  permission: 'question',
  label: 'Answer',
  pluralLabel: 'Answers',
  screens: { slug: 'answers', area: 'Support', empty: { holds: "Staff answers to learners' questions appear here." } },
  titleField: 'body',
  createSchema: answerCreateSchema,
  updateSchema: answerUpdateSchema,
  defaultSort: { field: 'createdAt', dir: 'asc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    {
      name: 'questionId',
      label: 'Question',
      type: 'reference',
      reference: { resource: 'question', labelField: 'title' },
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    { name: 'body', label: 'Answer', type: 'text', list: true, filter: true, form: true, required: true },
    { name: 'answeredByName', label: 'Answered by', type: 'string', list: true, filter: true },
    { name: 'createdAt', label: 'Answered at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};
