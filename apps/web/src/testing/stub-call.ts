import {
  type Answer,
  type AnswerValue,
  apiErrorSchema,
  type Call,
  type CallSpec,
  fieldWireSchema,
  listResultSchema,
  type ResourceDef,
} from '@cohort/domain';
import { z } from 'zod';
import { jsonResponse } from './render';

/**
 * Test stubs checked against the declared answers (decision 033): a stub is parsed with the
 * schema the call declares for its status before it is answered, so a stub in a shape the
 * server would never send fails the test that uses it, and a change in a declared answer
 * fails every test whose stub no longer fits it.
 */

/**
 * A record of a resource as the engine answers it, derived from its ResourceDef: an id, and
 * each declared field (when present: lists carry some columns only) of its type or null.
 * Reference labels and derived fields beyond the definition pass as they are.
 */
export function recordSchemaOf(def: Pick<ResourceDef, 'path' | 'fields'>): z.ZodType {
  const shape: Record<string, z.ZodType> = { id: z.number().int().positive(), version: z.number().int().optional() };
  for (const field of def.fields) {
    if (field.name === 'id') continue;
    shape[field.name] = fieldWireSchema(field).nullable().optional();
  }
  return z.looseObject(shape);
}

/** The schema a declared answer is checked with (records: from the ResourceDef). */
function schemaOf(answer: Answer): z.ZodType | null {
  if (!('kind' in answer) || typeof answer.kind !== 'string') return answer as z.ZodType;
  const a = answer as Exclude<Answer, z.ZodType>;
  switch (a.kind) {
    case 'record':
      return recordSchemaOf(a.resource);
    case 'records':
      return listResultSchema(recordSchemaOf(a.resource));
    case 'progress':
      return a.result;
    case 'file':
      return null;
  }
}

/**
 * Stubs that did not fit, since the last test ended: a stub answers inside a fetch mock, where
 * the console's client would read its throw as a network failure, so testing/setup.ts fails
 * the test with these after it ends.
 */
export const misfits: string[] = [];

/** Parses a stub with a schema; a misfit throws (and is kept for setup.ts), naming the call and every issue. */
export function checkStub(what: string, schema: z.ZodType, body: unknown): void {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    const message = `The stub of ${what} is not the declared answer: ${issues}`;
    misfits.push(message);
    throw new Error(message);
  }
}

type Successes<C extends CallSpec> = keyof C['answers'] & number;

/** The success answer of a declared call, checked against its declaration. */
export function answer<C extends Call, S extends Successes<C> = Successes<C>>(
  call: C,
  body: AnswerValue<C['answers'][S]>,
  options: { status?: S; headers?: Record<string, string> } = {},
): Response {
  const status = options.status ?? (Number(Object.keys(call.answers).find((s) => /^2\d\d$/.test(s))) as S);
  const declared = call.answers[status];
  if (!declared) throw new Error(`${call.method} ${call.path} declares no ${status} answer`);
  const schema = schemaOf(declared);
  if (schema) checkStub(`${call.method} ${call.path} (${status})`, schema, body);
  return jsonResponse(status, body, options.headers);
}

/** An error answer of a declared call (`{ message, code, issues? }`, or the call's own 409), checked. */
export function failure<C extends Call>(call: C, status: number, body: unknown): Response {
  const declared = call.responses[status];
  if (!declared) throw new Error(`${call.method} ${call.path} declares no ${status} answer`);
  const schema = schemaOf(declared);
  if (schema) checkStub(`${call.method} ${call.path} (${status})`, schema, body);
  return jsonResponse(status, body);
}

/** An engine call's error answer (`{ message, code, issues? }`), checked. */
export function errorAnswer(status: number, body: unknown): Response {
  checkStub(`an error (${status})`, apiErrorSchema, body);
  return jsonResponse(status, body);
}

/** A page of engine records (`{ data, totalItems }`), checked against the ResourceDef. */
export function recordsAnswer(
  def: Pick<ResourceDef, 'path' | 'fields'>,
  data: readonly Record<string, unknown>[],
  totalItems = data.length,
): Response {
  const body = { data, totalItems };
  checkStub(`${def.path} list`, listResultSchema(recordSchemaOf(def)), body);
  return jsonResponse(200, body);
}

/** One engine record, checked against the ResourceDef. */
export function recordAnswer(def: Pick<ResourceDef, 'path' | 'fields'>, record: Record<string, unknown>, status = 200) {
  checkStub(`${def.path} record`, recordSchemaOf(def), record);
  return jsonResponse(status, record);
}

/** True when a request is this declared call (its method, and its path with any parameters). */
export function isCall(call: CallSpec, url: URL | string, init?: RequestInit): boolean {
  const pathname = typeof url === 'string' ? new URL(url, 'http://localhost').pathname : url.pathname;
  if ((init?.method ?? 'GET').toUpperCase() !== call.method) return false;
  const pattern = new RegExp(`^${call.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
  return pattern.test(pathname);
}
