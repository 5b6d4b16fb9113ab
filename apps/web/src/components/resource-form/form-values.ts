import type { FieldDef } from '@cohort/domain';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { type FieldErrors, validate } from '../../lib/validation';

/** What inputs hold: text for every input, a boolean for checkboxes. */
export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;
export type ApiRecord = Record<string, unknown> & { id: number; version?: number };

/** A record as form values; datetimes become the local "YYYY-MM-DDTHH:mm" of datetime-local inputs. */
export function toFormValues(fields: readonly FieldDef[], record?: Record<string, unknown> | null): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = record?.[f.name];
    if (f.type === 'boolean') out[f.name] = Boolean(v);
    else if (v === null || v === undefined) out[f.name] = '';
    else if (f.type === 'datetime')
      out[f.name] = dayjs(String(v)).isValid() ? dayjs(String(v)).format('YYYY-MM-DDTHH:mm') : '';
    else if (f.type === 'date') out[f.name] = String(v).slice(0, 10);
    else out[f.name] = String(v);
  }
  return out;
}

function isEmpty(v: FormValue | undefined): boolean {
  return v === undefined || (typeof v === 'string' && v.trim() === '');
}

/** One form value as the API wants it; null for an empty non-text input. */
export function toPayloadValue(field: FieldDef, v: FormValue | undefined): unknown {
  if (field.type === 'boolean') return Boolean(v);
  const s = typeof v === 'string' ? v.trim() : '';
  switch (field.type) {
    case 'integer':
    case 'number':
    case 'reference':
      return s === '' ? null : Number(s);
    case 'datetime':
      // ISO with offset, as the API's datetime schema requires.
      return s === '' ? null : dayjs(s).isValid() ? dayjs(s).toDate().toISOString() : s;
    case 'date':
      return s === '' ? null : s;
    case 'enum':
      return s === '' ? null : (field.options?.find((o) => String(o.value) === s)?.value ?? s);
    default:
      return s;
  }
}

/** Create body: every filled field; empty optional fields are left out, empty required text is sent to be reported. */
export function createPayload(fields: readonly FieldDef[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = toPayloadValue(f, values[f.name]);
    if (f.type !== 'boolean' && (v === null || v === '') && !(f.required && v === '')) continue;
    out[f.name] = v;
  }
  return out;
}

export function isFieldDirty(field: FieldDef, base: FormValues, values: FormValues): boolean {
  const a = base[field.name];
  const b = values[field.name];
  if (field.type === 'boolean') return Boolean(a) !== Boolean(b);
  return String(a ?? '').trim() !== String(b ?? '').trim();
}

export function dirtyFields(fields: readonly FieldDef[], base: FormValues, values: FormValues): string[] {
  return fields.filter((f) => isFieldDirty(f, base, values)).map((f) => f.name);
}

/** Update body: only the changed fields (cleared ones as '' or null), plus the record's version. */
export function updatePayload(
  fields: readonly FieldDef[],
  base: FormValues,
  values: FormValues,
  version: number | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (isFieldDirty(f, base, values)) out[f.name] = toPayloadValue(f, values[f.name]);
  }
  if (version !== undefined) out.version = version;
  return out;
}

/**
 * A newer version of the record under the user's edits: fields the user changed
 * keep the user's value, every other field takes the latest value.
 */
export function rebaseValues(
  fields: readonly FieldDef[],
  oldBase: FormValues,
  latest: FormValues,
  values: FormValues,
): FormValues {
  const out: FormValues = { ...latest };
  for (const f of fields) if (isFieldDirty(f, oldBase, values)) out[f.name] = values[f.name];
  return out;
}

/** Checks the schema cannot express well: required inputs left empty, numbers and dates that do not parse. */
export function inputErrors(fields: readonly FieldDef[], values: FormValues): FieldErrors {
  const out: FieldErrors = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.required && isEmpty(v)) out[f.name] = `${f.label} is required`;
    else if (isEmpty(v) || typeof v !== 'string') continue;
    else if ((f.type === 'integer' || f.type === 'number') && !Number.isFinite(Number(v.trim())))
      out[f.name] = `${f.label} must be a number`;
    else if ((f.type === 'datetime' || f.type === 'date') && !dayjs(v).isValid())
      out[f.name] = `${f.label} must be a date`;
  }
  return out;
}

export type Prepared = { payload: Record<string, unknown>; errors: FieldErrors | null };

/** The body to send and the client-side validation of it (input checks first, then the resource's zod schema). */
export function prepareSubmit(
  mode: 'create' | 'update',
  fields: readonly FieldDef[],
  schema: z.ZodType,
  values: FormValues,
  base: FormValues,
  version?: number,
): Prepared {
  const payload = mode === 'create' ? createPayload(fields, values) : updatePayload(fields, base, values, version);
  const errors = { ...(validate(schema, payload) ?? {}), ...inputErrors(fields, values) };
  return { payload, errors: Object.keys(errors).length ? errors : null };
}
