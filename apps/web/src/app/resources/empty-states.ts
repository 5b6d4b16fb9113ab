import { RESOURCES } from '@cohort/domain';

/**
 * What an empty list says (issue 18, finding 16): that it is empty, in the words of what it
 * holds ("No mail waiting."), and where its records come from ("Mail the product sends appears
 * here."). The list adds its first action (the create button) when the person may take it.
 * Console text, kept here rather than in the domain: it is presentation, like the panels.
 */
export type EmptyState = {
  /** The first line; "No <plural> yet." when unset. */
  title?: string;
  /** One sentence: what the list holds and where it comes from. */
  holds: string;
};

export const EMPTY_STATES: Readonly<Record<string, EmptyState>> = {
  user: { holds: 'Learners appear here once they register.' },
  message: { title: 'No messages sent yet.', holds: 'Messages staff send to learners appear here.' },
  'user/task-submission': { title: 'No submissions yet.', holds: 'Tasks learners submit appear here.' },
  'user/flag': { title: 'No flags raised.', holds: "Flags staff raise on a learner's page appear here." },
  'user/flag/comment': { title: 'No comments yet.', holds: 'Comments on flags appear here.' },
  'user/strike': { title: 'No strikes given.', holds: "Strikes given on a learner's page appear here." },
  'user/not-working-alert/warnings': {
    title: 'No warnings issued.',
    holds: 'Warnings sent to learners who stopped working appear here.',
  },
  'user/reactivation': {
    title: 'No reactivation requests.',
    holds: 'Requests to bring a deactivated learner back appear here until they are decided.',
  },
  'user/hold': { title: 'No learner is on hold.', holds: "Holds put on a learner's page appear here." },
  'mail/outbox': { title: 'No mail waiting.', holds: 'Mail the product sends appears here.' },
  subscription: { holds: 'Plans learners subscribe to appear here.' },
  'subscription/upfront-deposit': {
    title: 'No upfront deposits yet.',
    holds: 'Deposits learners pay before a plan starts appear here.',
  },
  'user/mentor-team': { title: 'No mentor teams yet.', holds: 'Mentors assigned to learners appear here.' },
  leads: {
    title: 'No leads yet.',
    holds: 'Learners added to the CRM from their page appear here, with their follow-ups.',
  },
  'mentor/appointment': { holds: 'Interviews and mentor sessions booked with learners appear here.' },
  blog: { holds: 'Posts written here are shown on the website once they are Live.' },
  event: { holds: 'Events added here are shown on the website.' },
  testimonial: { holds: "Learners' words shown on the website appear here, in the order they are shown." },
  company: { holds: 'Companies that hire learners appear here.' },
  product: { holds: 'Products sold on the website appear here.' },
  order: { holds: 'Orders placed on the website appear here.' },
  'job-roles': { holds: 'Roles that job openings are filed under appear here.' },
  plan: { holds: 'Plans learners can subscribe to appear here.' },
  hold: { holds: "The kinds of hold staff can put on a learner's account appear here." },
  isa: { holds: 'The income share agreements learners can be assigned appear here.' },
  deegree: { holds: 'Degrees learners choose from when they register appear here.' },
  'deegree/category': { holds: 'Groups that degrees are sorted into appear here.' },
  location: { holds: 'Cities job openings are offered in appear here.' },
  'ai-prompt': { holds: 'Prompts the product uses for mock interviews appear here.' },
  'website-configuration': { title: 'No website settings yet.', holds: 'Settings the website reads appear here.' },
  card: { holds: "Cards shown on learners' dashboards appear here." },
  usertype: { holds: 'Groups of learners that decide which cards they see appear here.' },
  usertypecondition: { holds: 'The rules that put learners into a user type appear here.' },
  usertypecard: { holds: 'The cards each user type sees appear here.' },
  enquiry: { holds: 'Questions sent through the website contact form appear here.' },
  'call/history': { title: 'No calls logged yet.', holds: "Calls logged on a learner's CRM panel appear here." },
  question: { holds: 'Questions learners ask appear here until they are answered.' },
  answer: { holds: "Staff answers to learners' questions appear here." },
  audit: { title: 'Nothing recorded yet.', holds: 'Every change made in the console and the API is recorded here.' },
  errors: { title: 'No server errors.', holds: 'Errors the API meets are recorded here.' },
  'frontend-errors': { title: 'No console errors.', holds: 'Errors the console meets in a browser are recorded here.' },
};

/** The empty state of a resource's list; a resource without one says only that it is empty. */
export function emptyStateOf(path: string): EmptyState | undefined {
  return RESOURCES[path] ? EMPTY_STATES[path] : undefined;
}
