import { z } from 'zod';
import { INTERVIEW_TYPES } from './enums';
import { boundedDateTime, optionalText, optionalUrl, recordId } from './fields';
import { setFlow } from './flows';
import { type ActionSpec, type FieldDef, PERSON_REFERENCE, type ResourceDef } from './resource';

/**
 * Appointments (decision 022): a mentor meets a learner for an interview of a spec §9 type
 * (a mentor mock, a project demo...), at a time, and rates them on the keys of spec §3, each
 * out of its maximum. `/admin/mentor/appointment/{add, all, update, delete}` are the spec's
 * calls; rating is the declared action `rate`; a learner's ratings are read at
 * `GET /admin/user/appointment/ratings/all?userId=`. Appointment owners and the mentors'
 * own screens (`/admin/mentor/*`) belong to the mentors issue.
 */

/** Appointment dates: from 2015 to 2 years ahead. */
export const APPOINTMENT_DATE_BOUNDS = { min: '2015-01-01', yearsAhead: 2 };

/** Where an appointment stands (ours: the spec shows none). Only a Scheduled one is "next". */
export const APPOINTMENT_STATUSES = [
  { value: 'Scheduled', label: 'Scheduled', color: 'blue' },
  { value: 'Completed', label: 'Completed', color: 'green' },
  { value: 'Cancelled', label: 'Cancelled', color: 'gray' },
  { value: 'Missed', label: 'Missed', color: 'red' },
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]['value'];

/**
 * An appointment's flow (decision 032): Scheduled until it is rated (Completed: only by the
 * `rate` action, which fills the ratings), cancelled or missed; a cancelled or missed one may be
 * booked again. A rated appointment stays Completed: an edit cannot put it back to Scheduled.
 */
export const APPOINTMENT_FLOW = setFlow<AppointmentStatus>({
  name: 'appointment',
  label: 'Appointment',
  field: 'status',
  states: APPOINTMENT_STATUSES.map((s) => s.value),
  initial: 'Scheduled',
  next: {
    Scheduled: ['Completed', 'Cancelled', 'Missed'],
    Missed: ['Scheduled', 'Completed'],
    Cancelled: ['Scheduled'],
    Completed: [],
  },
  moveLabels: { Completed: 'Rate', Cancelled: 'Cancel', Missed: 'Missed', Scheduled: 'Book again' },
  requires: { Completed: ['ratedAt'] },
});

/** Spec §3 "Interview rating keys", exactly, with their maxima (spec §9 "rating scales 10 and 5"). */
export const RATING_KEYS = [
  { key: 'OverallRating', label: 'Overall', max: 10 },
  { key: 'Communication', label: 'Communication', max: 5 },
  { key: 'Coding', label: 'Coding', max: 5 },
  { key: 'Explanation', label: 'Explanation', max: 5 },
  { key: 'Punctuality', label: 'Punctuality', max: 5 },
  { key: 'TechnicalKnowledge', label: 'Technical knowledge', max: 5 },
] as const;
export type RatingKey = (typeof RATING_KEYS)[number]['key'];

/** Spec §4 "Rating labels: 1 Poor, 2 Average, 3 Good": a mentor's word for a session (the mentors issue). */
export const RATING_LABELS = [
  { value: 1, label: 'Poor', color: 'red' },
  { value: 2, label: 'Average', color: 'orange' },
  { value: 3, label: 'Good', color: 'green' },
] as const;

const interviewTypeValues = INTERVIEW_TYPES.map((t) => t.value) as [string, ...string[]];
const scheduledAt = boundedDateTime('Time', APPOINTMENT_DATE_BOUNDS);
const durationMinutes = z
  .number({ message: 'Enter the length in minutes' })
  .int('Minutes are a whole number')
  .min(15, 'At least 15 minutes')
  .max(240, 'At most 240 minutes');

export const appointmentCreateSchema = z.strictObject({
  userId: recordId('Learner'),
  mentorId: recordId('Mentor'),
  interviewType: z.enum(interviewTypeValues, { message: 'Choose an interview type' }),
  scheduledAt,
  durationMinutes: durationMinutes.optional(),
  meetingLink: optionalUrl,
  notes: optionalText(2000),
});

export const appointmentUpdateSchema = z.strictObject({
  mentorId: recordId('Mentor').optional(),
  interviewType: z.enum(interviewTypeValues, { message: 'Choose an interview type' }).optional(),
  scheduledAt: scheduledAt.optional(),
  durationMinutes: durationMinutes.optional(),
  status: z
    .enum(APPOINTMENT_STATUSES.map((s) => s.value) as [AppointmentStatus, ...AppointmentStatus[]], 'Choose a status')
    .optional(),
  meetingLink: optionalUrl,
  notes: optionalText(2000),
  version: z.number().int().min(1),
});

/** One rating: a whole number from 0 to its maximum, with a message naming both. */
function ratingSchema(label: string, max: number) {
  return z
    .number({ message: `Rate ${label.toLowerCase()} from 0 to ${max}` })
    .int(`${label} is a whole number`)
    .min(0, `${label} is at least 0`)
    .max(max, `${label} is at most ${max}`);
}

/** The rating keys of spec §3, each required, each within its maximum. */
export const ratingsSchema = z.strictObject(
  Object.fromEntries(RATING_KEYS.map((r) => [r.key, ratingSchema(r.label, r.max)])) as Record<
    RatingKey,
    ReturnType<typeof ratingSchema>
  >,
);
export type Ratings = z.infer<typeof ratingsSchema>;

const ratingFields: FieldDef[] = RATING_KEYS.map((r) => ({
  name: r.key,
  label: `${r.label} (out of ${r.max})`,
  type: 'integer',
  list: r.key === 'OverallRating',
  filter: true,
  sort: true,
  required: true,
  description: `0 to ${r.max}`,
}));

const rateAction: ActionSpec = {
  name: 'rate',
  route: { method: 'POST', path: 'rate' },
  label: 'Rate',
  description: 'The learner is rated on each key out of its maximum; the appointment becomes Completed.',
  inputs: [...ratingFields, { name: 'feedback', label: 'Feedback', type: 'text', form: true }],
  body: ratingsSchema.extend({ feedback: optionalText(2000) }),
};

export const appointmentResource: ResourceDef = {
  path: 'mentor/appointment',
  permission: 'appointment',
  label: 'Appointment',
  pluralLabel: 'Appointments',
  screens: {
    slug: 'appointments',
    area: 'Learners',
    empty: { holds: 'Interviews and mentor sessions booked with learners appear here.' },
  },
  titleField: 'interviewType',
  createSchema: appointmentCreateSchema,
  updateSchema: appointmentUpdateSchema,
  defaultSort: { field: 'scheduledAt', dir: 'desc' },
  operations: ['list', 'read', 'create', 'update', 'delete'],
  routes: {
    list: [
      { method: 'GET', path: 'all', query: { userId: 'userId', mentorId: 'mentorId' } },
      // A learner's rated appointments, with their mentor and interview type.
      {
        method: 'GET',
        path: '/admin/user/appointment/ratings/all',
        query: { userId: 'userId' },
        where: [{ field: 'rated', operator: '=', value: true }],
      },
    ],
    update: { method: 'PUT', path: 'update' },
    delete: { method: 'DELETE', path: 'delete' },
  },
  actions: [rateAction],
  flows: [APPOINTMENT_FLOW],
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
      name: 'mentorId',
      label: 'Mentor',
      type: 'reference',
      reference: PERSON_REFERENCE,
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
      sort: true,
      form: true,
      required: true,
    },
    {
      name: 'scheduledAt',
      label: 'Time',
      type: 'datetime',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
      dateBounds: APPOINTMENT_DATE_BOUNDS,
    },
    { name: 'durationMinutes', label: 'Minutes', type: 'integer', filter: true, form: true },
    {
      name: 'status',
      label: 'Status',
      type: 'enum',
      options: APPOINTMENT_STATUSES,
      list: true,
      filter: true,
      sort: true,
      form: true,
    },
    { name: 'meetingLink', label: 'Meeting link', type: 'url', form: true },
    { name: 'notes', label: 'Notes', type: 'text', form: true },
    ...ratingFields,
    { name: 'feedback', label: 'Feedback', type: 'text' },
    { name: 'rated', label: 'Rated', type: 'boolean', filter: true },
    { name: 'ratedByName', label: 'Rated by', type: 'string', filter: true },
    { name: 'ratedAt', label: 'Rated at', type: 'datetime', filter: true, sort: true },
  ],
};
