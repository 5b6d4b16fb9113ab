import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOWS } from '@cohort/domain';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { resourceBindings } from './composition/resource-bindings';
import * as schema from './db/schema';

/**
 * Decision 032: a status changes in one place, `platform/flows.ts` (`moveStatus`, and the
 * engine's `assertFlowMoves` before its versioned write). This test reads the server's sources
 * as text, like the import-direction test, and refuses any other write of a flow's field:
 * `.update(<table>).set({ <field>: ... })`, `updateVersioned(..., { table, changes: { <field> } })`
 * and raw SQL `update <table> set <column> =`. A new hand-written status write fails `npm test`.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
/** The one writer of flow fields. */
const HELPER = 'platform/flows.ts';
/** Updates of a flow table whose spread is known to hold no flow field (typed to other columns). */
const SPREADS_WITHOUT_FLOW_FIELDS: Record<string, string> = {
  'modules/users/mirror-learner-fields.ts': 'MirroredLearnerFields: follow-up and appointment date',
  'modules/subscriptions/sync-learner-plan.ts': 'the plan facts: planId, proPlanId, upfrontStatus',
};

type FlowTable = { ident: string; sqlName: string; fields: Set<string>; columns: Set<string> };

/** Each table some flow moves: its name in db/schema, in SQL, and the flow fields (and columns). */
function flowTables(): FlowTable[] {
  const byTable = new Map<unknown, Set<string>>();
  const add = (table: unknown, field: string) => {
    if (!byTable.has(table)) byTable.set(table, new Set());
    byTable.get(table)?.add(field);
  };
  const bindings = resourceBindings();
  for (const { resource, flow } of FLOWS) {
    if (resource === 'user/isa') add(schema.learnerIsas, flow.field);
    else {
      const binding = bindings.find((b) => b.def.path === resource);
      expect(binding, resource).toBeDefined();
      add(binding?.table, flow.field);
    }
  }
  return [...byTable].map(([table, fields]) => {
    const ident = Object.entries(schema).find(([, v]) => v === table)?.[0];
    expect(ident, 'a flow table exported by db/schema').toBeDefined();
    const t = table as PgTable & Record<string, { name: string }>;
    expect(is(t, PgTable)).toBe(true);
    return {
      ident: ident as string,
      sqlName: getTableName(t),
      fields,
      columns: new Set([...fields].map((f) => t[f]?.name ?? f)),
    };
  });
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' || e.name === 'test' ? [] : sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The object literal that starts at `open` (a `{`), braces balanced (strings and templates skipped). */
function literalAt(text: string, open: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** The keys an object literal names at its top level (`status:`, shorthand `status,`) and whether it spreads. */
function keysOf(literal: string): { keys: Set<string>; spreads: boolean } {
  const inner = literal.slice(1, -1);
  let depth = 0;
  let top = '';
  for (const c of inner) {
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (depth === 0) top += c;
    if (depth > 0) top += ' ';
  }
  const keys = new Set<string>();
  for (const part of top.split(',')) {
    const m = /^\s*(?:\[?['"]?)([A-Za-z_$][\w$]*)['"]?\]?\s*(?::|$)/.exec(part);
    if (m?.[1] && !part.trim().startsWith('...')) keys.add(m[1]);
  }
  return { keys, spreads: /(^|,)\s*\.\.\./.test(top) };
}

const lineOf = (text: string, at: number) => text.slice(0, at).split('\n').length;

/** Every write of a flow field outside the helper, as `file:line table.field`. */
export function flowWritesIn(rel: string, text: string, tables: FlowTable[]): string[] {
  const found: string[] = [];
  // .update(<table>) ... .set({ ... })
  for (const m of text.matchAll(/\.update\(\s*([A-Za-z_$][\w$.]*)\s*\)\s*\.set\(\s*\{/g)) {
    const table = tables.find((t) => t.ident === m[1]?.split('.').pop());
    if (!table) continue;
    const { keys, spreads } = keysOf(literalAt(text, (m.index ?? 0) + m[0].length - 1));
    for (const f of table.fields)
      if (keys.has(f)) found.push(`${rel}:${lineOf(text, m.index ?? 0)} ${table.ident}.${f}`);
    if (spreads && !(rel in SPREADS_WITHOUT_FLOW_FIELDS)) {
      found.push(`${rel}:${lineOf(text, m.index ?? 0)} ${table.ident} (a spread may hold a flow field)`);
    }
  }
  // updateVersioned(tx, actor, { table: <table>, ..., changes: { ... } })
  for (const m of text.matchAll(/updateVersioned\([^{]*\{/g)) {
    const call = literalAt(text, (m.index ?? 0) + m[0].length - 1);
    const ident = /\btable:\s*([A-Za-z_$][\w$]*)/.exec(call)?.[1];
    const table = tables.find((t) => t.ident === ident);
    const changes = /\bchanges:\s*\{/.exec(call);
    if (!table || !changes) continue;
    const { keys } = keysOf(literalAt(call, changes.index + changes[0].length - 1));
    for (const f of table.fields)
      if (keys.has(f)) found.push(`${rel}:${lineOf(text, m.index ?? 0)} ${table.ident}.${f}`);
  }
  // Raw SQL: update <table> set ... <column> =
  for (const m of text.matchAll(/update\s+"?([a-z_]+)"?\s+set\s+([^;`]*)/gi)) {
    const table = tables.find((t) => t.sqlName === m[1]);
    if (!table) continue;
    for (const c of table.columns) {
      if (new RegExp(`(^|[\\s,"])${c}"?\\s*=`).test(m[2] ?? '')) {
        found.push(`${rel}:${lineOf(text, m.index ?? 0)} ${table.sqlName}.${c} (SQL)`);
      }
    }
  }
  return found;
}

describe('a status changes only through the flow helper (decision 032)', () => {
  const tables = flowTables();

  it('knows the tables of every flow (the ISA, subscriptions, deposits, leads, learners...)', () => {
    const idents = tables.map((t) => t.ident);
    for (const t of [
      'learnerIsas',
      'subscriptions',
      'upfrontDeposits',
      'leads',
      'users',
      'appointments',
      'questions',
    ]) {
      expect(idents).toContain(t);
    }
    expect([...(tables.find((t) => t.ident === 'users')?.fields ?? [])]).toContain('verificationStep');
  });

  it('finds no write of a flow field outside platform/flows.ts', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (rel === HELPER) continue;
      offending.push(...flowWritesIn(rel, fs.readFileSync(file, 'utf8'), tables));
    }
    expect(offending).toEqual([]);
  });

  it('would see the writes it forbids (the checker itself)', () => {
    const samples = [
      "await tx.update(questions).set({ status: 'Answered', version: 2 }).where(x);",
      'await tx.update(schema.upfrontDeposits).set({ ...next, updatedAt: now });',
      "await updateVersioned(tx, actor, { table: reactivationRequests, before, version, changes: { status: 'Fulfilled' } });",
      "await tx.execute(sql`update users set placement_penalty_status = 'Paid' where id = 1`);",
      "await tx.update(users).set({ name: 'x', verificationStep }).where(x);",
    ];
    for (const sample of samples) expect(flowWritesIn('x.ts', sample, tables), sample).toHaveLength(1);
    expect(flowWritesIn('x.ts', "await tx.update(users).set({ name: 'x' });", tables)).toEqual([]);
    expect(flowWritesIn('x.ts', "await tx.update(mailOutbox).set({ status: 'sent' });", tables)).toEqual([]);
  });
});
