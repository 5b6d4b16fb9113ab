import { AppError } from './errors';

/** What a driver error says, wherever it sits in the chain (drizzle wraps it in DrizzleQueryError's `cause`). */
type DriverError = { code?: unknown; detail?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

function driverErrorOf(error: unknown): DriverError | undefined {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as DriverError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as DriverError;
    e = (e as DriverError).cause;
  }
  return undefined;
}

/** `Key (lower(name))=(x) already exists.` -> `name`. */
function columnOf(detail: unknown): string | undefined {
  if (typeof detail !== 'string') return undefined;
  const m = /^Key \((?:lower\()?"?([a-z_]+)"?\)?(?:, [^)]*)?\)=/.exec(detail);
  return m?.[1].replace(/_/g, ' ');
}

/** `Key (user_type_id, card_id)=(1, 2) already exists.` -> `user type and card` (plain columns only). */
function pairOf(detail: unknown): string | undefined {
  if (typeof detail !== 'string') return undefined;
  const m = /^Key \(("?[a-z_]+"?(?:, "?[a-z_]+"?)+)\)=/.exec(detail);
  if (!m) return undefined;
  const names = m[1].split(', ').map((c) => c.replace(/"/g, '').replace(/_id$/, '').replace(/_/g, ' '));
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Maps what the database refused for a reason the caller can act on to the answer a person
 * can read: a duplicate or a broken reference is 409, a value the column cannot hold 400.
 * Anything else is left to the generic 500.
 */
export function appErrorFromDatabase(error: unknown): AppError | undefined {
  const driver = driverErrorOf(error);
  const code = driver?.code as string | undefined;
  if (!code) return undefined;
  if (code === '23505') {
    const pair = pairOf(driver?.detail);
    if (pair) return new AppError(409, 'CONFLICT', `That ${pair} combination already exists`);
    const column = columnOf(driver?.detail);
    return new AppError(409, 'CONFLICT', column ? `That ${column} is already in use` : 'That record already exists');
  }
  if (code === '23503') {
    const stillUsed = typeof driver?.detail === 'string' && driver.detail.includes('is still referenced');
    return new AppError(
      409,
      'CONFLICT',
      stillUsed
        ? 'Other records still refer to this one; remove or move them first'
        : 'It refers to a record that does not exist (any more)',
    );
  }
  // Two transactions waited on each other's rows (a lead edited while its learner's follow-up is,
  // decision 022), or a snapshot could not be kept: the database undid this one; trying again works.
  if (code === '40P01' || code === '40001') {
    return new AppError(409, 'CONFLICT', 'Someone else changed this at the same moment. Please try again.');
  }
  // Class 22, data exceptions: a value the column cannot take. Validation should have said so;
  // if it did not, the caller still sent something unstorable, never a server fault.
  if (code.startsWith('22')) return new AppError(400, 'BAD_REQUEST', 'A value is not valid for this field');
  return undefined;
}

/**
 * An error as it may be logged or stored: a failed query keeps its SQL text (placeholders
 * only) and the driver's message and code, never its bound values, which may hold password
 * hashes, tokens or personal data. Stacks lose their first line (the message). NUL and other
 * control characters are removed so the record itself can be stored.
 */
export function describeError(error: unknown): { message: string; stack: string | null } {
  const e = (error ?? {}) as { message?: unknown; stack?: unknown; query?: unknown; params?: unknown };
  let message: string;
  if (typeof e.query === 'string' && 'params' in e) {
    const driver = driverErrorOf(error);
    const reason = typeof driver?.message === 'string' ? driver.message : 'query failed';
    message = `${reason}${driver?.code ? ` (SQLSTATE ${driver.code})` : ''} in: ${e.query}`;
  } else {
    message = typeof e.message === 'string' ? e.message : String(error);
  }
  const stack =
    typeof e.stack === 'string'
      ? e.stack
          .split('\n')
          .filter((line) => line.trimStart().startsWith('at '))
          .join('\n')
      : null;
  return { message: cleanText(message), stack: stack ? cleanText(stack) : null };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text safe to store: no NUL or other control characters (newlines and tabs kept). */
export function cleanText(text: string): string {
  return text.replace(CONTROL, '');
}
