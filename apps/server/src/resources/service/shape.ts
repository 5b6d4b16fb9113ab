import { canReadField, listFields, type ResourceDef, referenceLabelKey } from '@cohort/domain';
import { and, type Column, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/access';
import { declareLearnerOwned } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { checkScopeColumns, scopeWhere } from '../../platform/row-scopes';
import type { AnyTable, ResourceBinding, Row } from './binding';

/** Columns every table has and every answer carries. */
const BASE_COLUMNS = ['id', 'createdAt', 'updatedAt', 'version'] as const;

/** What the other parts of the service read of a resource: its table, columns and selections, built once. */
export type ResourceShape = {
  readonly binding: ResourceBinding;
  readonly def: ResourceDef;
  readonly columns: Record<string, Column>;
  /** Every column, reference label and derived field: what a record's read answers. */
  readonly selection: SelectedFields;
  /** Reference fields' labels as SQL (the correlated subqueries of the selection), by field name. */
  readonly labels: Record<string, SQL>;
  /** Reference fields' targets by field name: the table and its label column (history labels its values with them). */
  readonly targets: Record<string, { table: AnyTable; label: Column }>;
  /** What each field adds to a selection: its column, its derived SQL, its reference label. */
  readonly parts: Record<string, SelectedFields>;
  /** The base columns every answer carries (id, timestamps, version). */
  readonly base: SelectedFields;
  /** The fields a list may answer, in definition order (decision 021). */
  readonly listFieldNames: readonly string[];
  /** Rows carry a dense `position` (1..n) that creates, deletes and reorders keep. */
  readonly ordered: boolean;
};

/** Another resource as a reference field's label needs it. */
export type ReferenceTarget = { columns: Record<string, Column>; binding: { table: AnyTable } };

export function shapeOf(
  binding: ResourceBinding,
  /** Other resources, for the labels of reference fields. */
  resolve: (path: string) => ReferenceTarget | undefined,
): ResourceShape {
  const columns = getTableColumns(binding.table) as Record<string, Column>;
  // A learner's own records: their audit entries name the learner, for the learner's history.
  const learnerColumn = binding.learnerColumn;
  // Every row scope of the resource's permission must be expressible over this table: stop at start otherwise.
  checkScopeColumns(binding.def.permission, binding.table);
  const learnerKey = Object.keys(columns).find((k) => columns[k] === learnerColumn);
  if (learnerKey) declareLearnerOwned(binding.entity, learnerKey);
  const labels: Record<string, SQL> = {};
  const targets: Record<string, { table: AnyTable; label: Column }> = {};
  const selection: SelectedFields = { ...(columns as Record<string, PgColumn>) };
  for (const field of binding.def.fields) {
    if (field.type !== 'reference' || !field.reference) continue;
    // A resource may name its own rows (before it is registered, so not through `resolve`).
    const target =
      resolve(field.reference.resource) ??
      (field.reference.resource === binding.def.path ? { columns, binding } : undefined);
    const own = columns[field.name];
    const label = target?.columns[field.reference.labelField];
    if (!target || !own || !label) {
      throw new Error(
        `Resource ${binding.def.path}: reference ${field.name} -> ${field.reference.resource} is unknown`,
      );
    }
    // A correlated subquery: one label per row. The outer column is written with its table, so
    // a target with a column of the same name (a lead's `owner_id` beside the learner's) cannot
    // capture it; the target is aliased, so a table may name its own rows. A row with no
    // reference skips the subquery (an export of a million learners, most of them on no plan,
    // spent half its label time looking up nothing).
    const ref = sql.identifier(`${referenceLabelKey(field)}_ref`);
    const outer = sql`${sql.identifier(getTableName(binding.table))}.${sql.identifier(own.name)}`;
    labels[field.name] = sql<string | null>`(case when ${outer} is null then null else (select ${ref}.${sql.identifier(
      label.name,
    )} from ${target.binding.table} as ${ref} where ${ref}.${sql.identifier(
      target.binding.table.id.name,
    )} = ${outer}) end)`;
    selection[referenceLabelKey(field)] = labels[field.name].as(referenceLabelKey(field));
    targets[field.name] = { table: target.binding.table, label };
  }
  for (const [name, d] of Object.entries(binding.derived ?? {})) selection[name] = d.sql.as(name);
  const hidden = new Set(binding.hidden ?? []);
  const base: SelectedFields = {};
  for (const name of BASE_COLUMNS) if (columns[name] && !hidden.has(name)) base[name] = selection[name];
  const parts: Record<string, SelectedFields> = {};
  for (const field of binding.def.fields) {
    if (!(field.name in selection) || hidden.has(field.name)) continue;
    const part: SelectedFields = { [field.name]: selection[field.name] };
    if (field.type === 'reference') part[referenceLabelKey(field)] = selection[referenceLabelKey(field)];
    parts[field.name] = part;
  }
  const listFieldNames = listFields(binding.def.fields)
    .map((f) => f.name)
    .filter((name) => name in parts);
  return {
    binding,
    def: binding.def,
    columns,
    selection,
    labels,
    targets,
    parts,
    base,
    listFieldNames,
    ordered: 'position' in columns,
  };
}

/** The SQL of a field: its column, or its derived expression. */
export function fieldSql(shape: ResourceShape, name: string): Column | SQL | undefined {
  return shape.columns[name] ?? shape.binding.derived?.[name]?.sql;
}

/** The rows this actor may see: the resource's base condition and its row scope (ROW_SCOPES), or undefined for all rows. */
export function scopeSql(shape: ResourceShape, actor: Actor): SQL | undefined {
  return and(shape.binding.baseWhere, scopeWhere(actor, shape.def.permission, shape.binding.table));
}

/** A row as this actor may see it: hidden columns and fields their role may not read removed. */
export function toRecord(shape: ResourceShape, row: Row, actor?: Actor): Row {
  const out = { ...row };
  for (const h of shape.binding.hidden ?? []) delete out[h];
  if (actor) {
    for (const f of shape.def.fields) if (!canReadField(f, actor.role)) delete out[f.name];
  }
  return out;
}

/** One row in the actor's scope (404 outside it), with its reference labels; locked, only its columns. */
export async function getRow(shape: ResourceShape, db: Db | Tx, actor: Actor, id: number, lock = false): Promise<Row> {
  const q = db
    .select(lock ? (shape.columns as Record<string, PgColumn>) : shape.selection)
    .from(shape.binding.table)
    .where(and(eq(shape.binding.table.id, id), scopeSql(shape, actor)))
    .limit(1);
  const rows = lock ? await q.for('update') : await q;
  const row = rows[0] as Row | undefined;
  if (!row) throw notFound(shape.def.label);
  return row;
}
