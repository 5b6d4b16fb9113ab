import { type FieldDef, type Filter, type NavArea, RESOURCES, type ResourceDef } from '@cohort/domain';
import type { ComponentType } from 'react';
import type { ApiRecord } from '../components/resource-form/form-values';

/**
 * One registration per resource (react-admin style): the domain definition drives
 * the list, detail and form screens; this adds only what the console needs.
 */
/** A panel of a record's detail screen. */
export type RecordPanel = ComponentType<{ def: ResourceDef; id: string; record: ApiRecord }>;

export type ResourceRegistration = {
  def: ResourceDef;
  /** The navigation group its screens sit in. */
  area: NavArea;
  /** Console url segment: /{slug}, /{slug}/new, /{slug}/{id}. */
  slug: string;
  /** The console offers a create screen (still subject to the def's operations and the role). */
  allowCreate: boolean;
  /** Panels the detail screen shows below the record (react-admin style: components, not names). */
  panels?: readonly RecordPanel[];
  /** Replaces the generic list screen (a board, a calendar). */
  list?: ComponentType<{ reg: ResourceRegistration }>;
  /** Replaces the generic edit form on the record's screen. */
  edit?: RecordPanel;
  /** Buttons in the list's header, given the list as the person filtered it. */
  listActions?: readonly ListAction[];
  /** Buttons at the end of each row. */
  rowActions?: readonly RowAction[];
};

/**
 * Rows chosen in a list: by their ids (across pages), or every row the filters match
 * ("select all 3,214", decision 020).
 */
export type ListSelection = { mode: 'ids'; ids: readonly number[] } | { mode: 'all' };

/**
 * A button over the list: it sees the filters in force, how many records they match, and the
 * rows chosen (none: null); `onDone` clears the choice once the action changed them. A
 * registration with list actions gets row checkboxes.
 */
export type ListAction = ComponentType<{
  def: ResourceDef;
  filters: readonly Filter[];
  total: number;
  selection: ListSelection | null;
  onDone?: () => void;
}> & {
  /** The matrix action (under the resource's permission) it needs: rows get checkboxes only for roles that may. */
  permission?: string;
};
/** A button on one row; `fields` names the row's fields it reads, so the list asks for them. */
export type RowAction = ComponentType<{ def: ResourceDef; record: ApiRecord }> & { fields?: readonly string[] };

export type Extra = Partial<Omit<ResourceRegistration, 'def' | 'slug' | 'area' | 'allowCreate'>> & {
  /** Display-only refinements of a field (e.g. known values shown as badges); the API contract is unchanged. */
  fields?: Record<string, Partial<FieldDef>>;
};

/** A resource's screens: its definition's `screens`, with what the console adds (`extra`). */
export function register(path: string, { fields, ...extra }: Extra = {}): ResourceRegistration {
  const base = RESOURCES[path];
  if (!base) throw new Error(`Unknown resource "${path}"`);
  const def = fields ? { ...base, fields: base.fields.map((f) => ({ ...f, ...fields[f.name] })) } : base;
  const { slug, area, createdElsewhere } = base.screens;
  return { def, slug, area, allowCreate: createdElsewhere === undefined, ...extra };
}
