import { canWriteField, type FieldDef, lowerLabel } from '@cohort/domain';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/access';
import { audit } from '../../platform/audit';
import { badRequest, zodIssues } from '../../platform/errors';
import { flowIssues } from '../../platform/flows';
import type { Sheet } from '../../platform/spreadsheet';
import type { Row } from './binding';
import { lockPositions, nextPosition } from './positions';
import { type ResourceShape, scopeSql, toRecord } from './shape';
import { assertInScope, toColumnValues } from './writes';

export type PlannedRow = {
  row: number;
  title?: string;
  status: 'add' | 'added' | 'skip' | 'error';
  issues?: { path: (string | number)[]; message: string }[];
  values?: Row;
};
export type ImportPlan = { rows: PlannedRow[]; ignoredColumns: string[] };

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** A cell's text as the create schema expects the field (numbers, booleans, enum values, ISO dates). */
export function importValue(field: FieldDef, raw: string): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  switch (field.type) {
    case 'integer':
    case 'number':
    case 'reference': {
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'boolean':
      return YES.has(text.toLowerCase()) ? true : NO.has(text.toLowerCase()) ? false : text;
    case 'enum': {
      const hit = field.options?.find(
        (o) => String(o.value).toLowerCase() === text.toLowerCase() || lowerLabel(o.label) === text.toLowerCase(),
      );
      return hit ? hit.value : text;
    }
    case 'datetime': {
      const d = new Date(text);
      return Number.isNaN(d.getTime()) ? text : d.toISOString();
    }
    default:
      // Text stays text: a cell starting with "=" is stored as written, never evaluated.
      return text;
  }
}

/**
 * A spreadsheet checked row by row against the create schema: which rows would be added,
 * which are already there (the definition's `importKey`, also within the file), which are
 * refused and why. Columns are matched to form fields by name or label.
 */
export async function planImport(shape: ResourceShape, db: Db | Tx, actor: Actor, sheet: Sheet): Promise<ImportPlan> {
  const { def, binding } = shape;
  const key = def.importKey ?? [];
  const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
  const fields = def.fields.filter((f) => f.form && canWriteField(f, actor.role));
  const byHeader = sheet.headers.map((h) => fields.find((f) => norm(f.name) === norm(h) || norm(f.label) === norm(h)));
  const ignoredColumns = sheet.headers.filter((h, i) => h && !byHeader[i]);
  const keyOf = (v: Row) =>
    key
      .map((k) =>
        String(v[k] ?? '')
          .trim()
          .toLowerCase(),
      )
      .join('\u0001');
  const existing = new Set<string>();
  if (key.length) {
    const cols = Object.fromEntries(key.map((k) => [k, shape.columns[k] as PgColumn]));
    const rows = await db.select(cols).from(binding.table).where(scopeSql(shape, actor));
    for (const r of rows) existing.add(keyOf(r as Row));
  }
  const seen = new Set<string>();
  const planned: PlannedRow[] = sheet.rows.map((cells, i) => {
    const input: Row = {};
    byHeader.forEach((field, c) => {
      if (!field) return;
      const value = importValue(field, cells[c] ?? '');
      if (value !== undefined) input[field.name] = value;
    });
    const row = i + 2; // as a spreadsheet numbers it: the header is row 1
    const title = input[def.titleField] === undefined ? undefined : String(input[def.titleField]);
    const parsed = def.createSchema.safeParse(input);
    if (!parsed.success) {
      return { row, title, status: 'error' as const, issues: zodIssues(parsed.error) };
    }
    const columns = toColumnValues(shape, parsed.data as Row);
    const rowIssues = [...(binding.check?.(columns) ?? []), ...flowIssues(def.flows, columns)];
    if (rowIssues.length) return { row, title, status: 'error' as const, issues: [...rowIssues] };
    const k = keyOf(parsed.data as Row);
    if (key.length && (existing.has(k) || seen.has(k))) return { row, title, status: 'skip' as const };
    seen.add(k);
    return { row, title, status: 'add' as const, values: parsed.data as Row };
  });
  return { rows: planned, ignoredColumns };
}

/**
 * Adds the planned rows in one transaction, all or nothing: any refused row and nothing is
 * written (400 naming each row and field). Imports of one resource are serialised and the
 * plan is made again inside the transaction, so a retry or a concurrent upload of the same
 * file adds nothing twice. Each added row is audited.
 */
export async function commitImport(shape: ResourceShape, db: Db, actor: Actor, sheet: Sheet): Promise<ImportPlan> {
  const { binding } = shape;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${binding.entity}`}))`);
    const plan = await planImport(shape, tx, actor, sheet);
    const refused = plan.rows.filter((r) => r.status === 'error');
    if (refused.length) {
      throw badRequest(
        `Nothing was added: ${refused.length} row(s) are refused. Correct them and upload the file again.`,
        refused.flatMap((r) => (r.issues ?? []).map((i) => ({ path: ['rows', r.row, ...i.path], message: i.message }))),
      );
    }
    let position: number | undefined;
    if (shape.ordered) {
      await lockPositions(shape, tx);
      position = await nextPosition(shape, tx, undefined);
    }
    for (const r of plan.rows) {
      if (r.status !== 'add' || !r.values) continue;
      const values: Row = { ...toColumnValues(shape, r.values), ...binding.onCreate?.(actor) };
      if (position !== undefined) values.position = position++;
      const [created] = await tx.insert(binding.table).values(values).returning();
      await assertInScope(shape, tx, actor, created.id as number);
      await audit(tx, actor, {
        action: 'import',
        entity: binding.entity,
        entityId: created.id as number,
        after: toRecord(shape, created),
      });
      r.status = 'added';
    }
    return plan;
  });
}
