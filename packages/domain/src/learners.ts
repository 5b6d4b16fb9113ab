import { z } from 'zod';
import { recordId, requiredText } from './fields';
import type { ResourceDef } from './resource';

// ---------- Messages from staff to a learner (POST /admin/message/add) ----------
/**
 * A message is history: once sent it is never edited or deleted, so the calls are list,
 * read and add. The server records who sent it; a scoped role (a motivator, a mentor)
 * messages and reads the messages of its own learners only.
 */
export const messageCreateSchema = z.strictObject({
  userId: recordId('Learner'),
  subject: requiredText('Subject', 200),
  body: requiredText('Message', 5000),
});

export const messageResource: ResourceDef = {
  path: 'message',
  permission: 'message',
  label: 'Message',
  pluralLabel: 'Messages',
  titleField: 'subject',
  createSchema: messageCreateSchema,
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'createdAt', dir: 'desc' },
  operations: ['list', 'read', 'create'],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    {
      name: 'userId',
      label: 'Learner',
      type: 'reference',
      reference: { resource: 'user', labelField: 'name' },
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    {
      name: 'subject',
      label: 'Subject',
      type: 'string',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    { name: 'body', label: 'Message', type: 'text', filter: true, form: true, required: true },
    { name: 'senderName', label: 'Sent by', type: 'string', list: true, filter: true, sort: true },
    { name: 'senderId', label: 'Sender id', type: 'integer', filter: true },
    { name: 'createdAt', label: 'Sent at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};
