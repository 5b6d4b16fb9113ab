import { z } from 'zod';

/**
 * Zod's own texts ("Invalid input: expected int, received number", "Too small: expected
 * string to have >=1 characters") reach people through the server's 400 issues and the
 * console's forms. Schemas that say something specific keep it; every other failure is
 * worded here, once, for both apps (the domain is imported by both).
 */
type Issue = {
  code?: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  format?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  divisor?: number | bigint;
  values?: readonly unknown[];
  keys?: readonly string[];
};

const num = (n: number | bigint | undefined) =>
  typeof n === 'bigint' ? n.toLocaleString('en-US') : (n ?? 0).toLocaleString('en-US');

const EXPECTED: Record<string, string> = {
  number: 'Enter a number',
  int: 'Enter a whole number',
  string: 'Enter text',
  boolean: 'Choose yes or no',
  date: 'Enter a date',
  array: 'Enter a list of values',
  object: 'Enter the details as a group of fields',
};

const FORMATS: Record<string, string> = {
  email: 'Enter a valid email',
  url: 'Enter a full link starting with http:// or https://',
  datetime: 'Enter a date and time',
  date: 'Enter a date (YYYY-MM-DD)',
  time: 'Enter a time',
  uuid: 'Enter a valid identifier',
};

function choices(values: readonly unknown[]): string {
  const shown = values.slice(0, 8).map(String);
  return values.length > 8 ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** The person-facing text for a zod issue that carries no message of its own. */
export function zodIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This is required';
      return EXPECTED[issue.expected ?? ''] ?? 'This value is not of the right kind';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'This is required' : `At least ${num(issue.minimum)} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${num(issue.minimum)}`;
      if (issue.origin === 'date') return 'This date is too early';
      return issue.inclusive === false
        ? `Must be more than ${num(issue.minimum)}`
        : `Must be at least ${num(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `At most ${num(issue.maximum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `At most ${num(issue.maximum)} items`;
      if (issue.origin === 'date') return 'This date is too late';
      return issue.inclusive === false
        ? `Must be less than ${num(issue.maximum)}`
        : `Must be at most ${num(issue.maximum)}`;
    case 'invalid_format':
      return FORMATS[issue.format ?? ''] ?? 'This is not in the expected format';
    case 'invalid_value':
      return issue.values?.length === 1
        ? `Must be ${String(issue.values[0])}`
        : `Choose one of: ${choices(issue.values ?? [])}`;
    case 'not_multiple_of':
      return `Must be a multiple of ${num(issue.divisor)}`;
    case 'unrecognized_keys':
      return 'Unknown field';
    default:
      // invalid_union, custom: the schema's own text, or zod's (a few callers match on it).
      return undefined;
  }
}

z.config({ customError: (issue) => zodIssueMessage(issue as Issue) });
