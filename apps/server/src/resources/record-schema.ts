import {
  type FieldDef,
  fieldWireSchema,
  isoDateTime,
  lowerLabel,
  type ResourceDef,
  referenceLabelKey,
} from '@cohort/domain';
import type { Column } from 'drizzle-orm';
import { z } from 'zod';

/** Columns every table has, answered whether or not a definition lists them. */
const BASE_COLUMNS = ['id', 'createdAt', 'updatedAt', 'version'] as const;

function fieldSchema(field: Pick<FieldDef, 'type' | 'options'>, column?: Column): z.ZodType {
  // A text-like field over a non-text column would be a definition error; say so at start.
  const textLike = !['integer', 'reference', 'number', 'boolean', 'datetime', 'date', 'enum', 'json'].includes(
    field.type,
  );
  if (textLike && column && column.dataType !== 'string') {
    throw new Error(`field over column ${column.name} (${column.dataType}) is declared as ${field.type}`);
  }
  return fieldWireSchema(field, isoDateTime);
}

/**
 * The answer schema of one record of a resource: its declared fields (minus the hidden
 * ones) and the base columns, nullable where the column is. The serializer strips
 * anything else, so a column added to a table never leaks by accident. A declared field
 * without a column fails at start.
 */
export function recordSchema(
  def: Pick<ResourceDef, 'path' | 'fields'>,
  columns: Record<string, Column>,
  hidden: readonly string[] = [],
  /** Fields that are not columns (the binding's `derived`), and whether each is never null. */
  derived: Record<string, { notNull?: boolean }> = {},
  /**
   * A list's rows (decision 021): fields declared `inList: false` are not there, and any field
   * but the base columns and the title field may be left out by the list's `columns` query.
   */
  list?: { titleField: string },
): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const name of BASE_COLUMNS) {
    const column = columns[name];
    if (!column || hidden.includes(name)) continue;
    const type = name === 'id' || name === 'version' ? 'integer' : 'datetime';
    shape[name] = fieldSchema({ type }, column);
  }
  for (const field of def.fields) {
    const column = columns[field.name];
    const computed = derived[field.name];
    if (!column && !computed) {
      throw new Error(`Resource ${def.path}: field "${field.name}" has no column in its table`);
    }
    if (hidden.includes(field.name)) continue;
    if (list && field.inList === false) continue;
    const schema = fieldSchema(field, column);
    // `unknown` (a JSON field) already admits null.
    const notNull = column ? column.notNull : computed?.notNull;
    const value = notNull || field.type === 'json' ? schema : schema.nullable();
    // A field some roles may not read is absent from their answers; so is a list column not asked for.
    const mayBeAbsent =
      field.readRoles ||
      (list && field.name !== list.titleField && !(BASE_COLUMNS as readonly string[]).includes(field.name));
    shape[field.name] = mayBeAbsent ? value.optional() : value;
    if (field.type === 'reference') {
      const labelSchema = z
        .string()
        .nullable()
        .describe(`The ${lowerLabel(field.label)}'s label`);
      shape[referenceLabelKey(field)] = mayBeAbsent ? labelSchema.optional() : labelSchema;
    }
  }
  return z.object(shape);
}
