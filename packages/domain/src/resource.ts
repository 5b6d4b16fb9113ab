import { z } from 'zod';
import type { DateBounds } from './fields';
import type { Flow } from './flows';
import type { PermissionResource } from './permissions';
import type { RoleKey } from './roles';
import { decimalInt, INT4_MAX, INT4_MIN } from './wire';

/** Filter operators (spec §5). */
export const FILTER_OPERATORS = ['like', '=', '>', '>=', '<', '<=', '!='] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FieldType =
  | 'string'
  | 'text'
  | 'email'
  | 'url'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'image'
  /** Structured data (e.g. an audit entry's before/after): shown, never filtered or edited as text. */
  | 'json'
  /** The id of a record of another resource (`reference` says which); answered with its label. */
  | 'reference';

export type FieldOption = { value: string | number; label: string; color?: string };

export type FieldDef = {
  name: string;
  label: string;
  type: FieldType;
  options?: readonly FieldOption[];
  /** Shown as a list column by default. */
  list?: boolean;
  /**
   * False: list answers never carry it (a long text, structured data, a report): only the
   * record's read does, and the console offers it on the record's page, not as a column.
   * Default true (decision 021).
   */
  inList?: boolean;
  /** May be used in `filters`; limited to some roles when `filterRoles` is set. */
  filter?: boolean;
  filterRoles?: readonly RoleKey[];
  sort?: boolean;
  /** Editable in the create/update form. */
  form?: boolean;
  required?: boolean;
  /** Help text under the form input. */
  description?: string;
  /** Roles (besides ADMIN) that see this field; unset: every role that may read the resource. */
  readRoles?: readonly RoleKey[];
  /** Roles (besides ADMIN) that may set this field; unset: every role that may write the resource. */
  writeRoles?: readonly RoleKey[];
  /** For date and datetime form fields: the dates the schema accepts, so the console's picker offers only those. */
  dateBounds?: DateBounds;
  /**
   * For `reference` fields: the resource (its path, or a key of LABEL_SOURCES) and the field
   * shown as the record's label (decision 038).
   */
  reference?: { resource: string; labelField: string };
  /**
   * An amount in whole minor units (paise, cents) of the currency this field of the record
   * names: shown in that currency (decision 018).
   */
  currencyField?: string;
};

/**
 * Records a reference may name that no resource of this console serves (no screen, no calls):
 * their table gives the label, and the console shows it without a link (decision 038).
 * `person` is anyone with a login (a staff member or a learner): the owner and motivator of a
 * learner, who raised a flag, who gave a strike.
 */
export const LABEL_SOURCES: Readonly<Record<string, { label: string; labelField: string }>> = {
  person: { label: 'Person', labelField: 'name' },
  college: { label: 'College', labelField: 'name' },
  batch: { label: 'Batch', labelField: 'name' },
};

/** A reference to a person (staff or learner) by name, labelled, not linked (decision 038). */
export const PERSON_REFERENCE = { resource: 'person', labelField: 'name' } as const;

/** Where a reference field's label travels in answers: `categoryId` -> `categoryLabel`. */
export function referenceLabelKey(field: Pick<FieldDef, 'name'>): string {
  return field.name.endsWith('Id') ? `${field.name.slice(0, -2)}Label` : `${field.name}Label`;
}

/**
 * A record's title as a person reads it: its title field, by the label of the record it names
 * when that field is a reference (a mentor team's mentor by name, decision 038); undefined
 * when the answer does not carry it.
 */
export function recordTitle(def: Pick<ResourceDef, 'fields' | 'titleField'>, record: Record<string, unknown>) {
  const field = def.fields.find((f) => f.name === def.titleField);
  const value = field?.type === 'reference' ? record[referenceLabelKey(field)] : record[def.titleField];
  return value === undefined || value === null ? undefined : String(value);
}

/** True when `role` sees the field (ADMIN sees all). */
export function canReadField(field: Pick<FieldDef, 'readRoles'>, role: RoleKey): boolean {
  return !field.readRoles || role === 'ADMIN' || field.readRoles.includes(role);
}

/** True when `role` may set the field (ADMIN may set all). */
export function canWriteField(field: Pick<FieldDef, 'writeRoles'>, role: RoleKey): boolean {
  return !field.writeRoles || role === 'ADMIN' || field.writeRoles.includes(role);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A call's method and path. The path is relative to `/admin/{def.path}/` unless it starts
 * with `/` (e.g. the spec's public `GET /deegree`). `:id` in the path names the record; an
 * update or delete path without it takes the id from the body (`{ id, ... }`).
 */
export type RouteSpec = {
  method: HttpMethod;
  path: string;
  public?: boolean;
  /** A read whose path has no `:id` takes the id from this query parameter (`details?user=7`). */
  idQuery?: string;
  /** A list that always applies these filters (`placed`: learners already placed). */
  where?: readonly Filter[];
  /** A list whose query parameters filter a field by equality (`batch/?batch=7` -> `batchId`). */
  query?: Readonly<Record<string, string>>;
};

/** The calls the engine can give a resource. */
export type RouteName = 'list' | 'read' | 'create' | 'update' | 'delete' | 'export' | 'reorder' | 'import';

/** The vocabulary most resources use (BLUEPRINT §3); a definition overrides any of it. */
export const DEFAULT_ROUTES: Record<RouteName, RouteSpec> = {
  list: { method: 'GET', path: 'get' },
  read: { method: 'GET', path: 'get/:id' },
  create: { method: 'POST', path: 'add' },
  update: { method: 'PUT', path: 'update/:id' },
  delete: { method: 'DELETE', path: 'delete/:id' },
  export: { method: 'GET', path: 'download-csv' },
  reorder: { method: 'POST', path: 'reorder' },
  import: { method: 'POST', path: 'bulk-add' },
};

/** One uploaded image of a record: its field, its upload call and (optionally) its delete call. */
export type ImageSpec = {
  field: string;
  upload: RouteSpec;
  remove?: RouteSpec;
};

/**
 * A call that changes some fields of one record beyond the edit form (a learner's status,
 * their placement readiness): declared here, validated, versioned, row-scoped and audited by
 * the engine under its own name, and offered on the record's page as a small form.
 */
export type ActionSpec = {
  /** Its key in the permission matrix (under the resource's permission) and in the audit log. */
  name: string;
  /** Its call; a path with `:id` takes the record's id from the path instead of the body. */
  route: RouteSpec;
  /** The button and the form's title. */
  label: string;
  /** One sentence under the title: what it does. */
  description?: string;
  /** What the form asks, in order: fields of the resource it sets, or inputs such as points. */
  inputs: readonly FieldDef[];
  /** The body without the record's id and version: checked in the console and on the server. */
  body: z.ZodObject;
  /** Body key that carries the record's id (default `id`; the spec's learner calls send `userId`). */
  idField?: string;
  /** False: applies to the record as it is (adding points), so the body carries no version. */
  versioned?: boolean;
  /** Values the action always sets (rejecting a learner makes them Inactive). */
  sets?: Readonly<Record<string, string | number | boolean | null>>;
  /** Asks for confirmation with this text before it is sent (a move that is hard to undo). */
  confirm?: string;
};

/** The console's navigation groups, the BLUEPRINT's areas as staff know them. */
export const NAV_AREAS = ['Learners', 'Content', 'Placements', 'Configuration', 'Support', 'Administration'] as const;
export type NavArea = (typeof NAV_AREAS)[number];

/**
 * Where a resource's screens sit in the console: /{slug}, /{slug}/new, /{slug}/{id}, listed under
 * `area` (in the order of RESOURCES). A resource whose records are made by a workflow elsewhere
 * (a learner's page, the server itself) says where, and gets no create screen. Every resource
 * says what its empty list holds, so a new one cannot forget it.
 */
export type ResourceScreens = {
  slug: string;
  area: NavArea;
  createdElsewhere?: string;
  /**
   * What its list says when empty (issue 18, finding 16): a title ("No mail waiting."; default
   * "No <plural> yet.") and one sentence on what the list holds and where its records come from.
   */
  empty: EmptyListText;
};

export type EmptyListText = { title?: string; holds: string };

export type ResourceDef = {
  /** Url segment: /admin/{path}/get ... */
  path: string;
  /** Key into the permission matrix. */
  permission: PermissionResource;
  label: string;
  pluralLabel: string;
  /** Where the console shows it: its screens' url segment and navigation area (see ResourceScreens). */
  screens: ResourceScreens;
  titleField: string;
  /**
   * The fields that identify a record, searched together by the list's quick search and Ctrl+K
   * (the `search` filter, decision 039): an id exactly, a text anywhere in it, a phone by its digits.
   */
  search?: readonly SearchField[];
  fields: readonly FieldDef[];
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  /** Images of a record, each with its own upload (and delete) call. */
  images?: readonly ImageSpec[];
  /** Calls the resource answers; default the five of CRUD. `reorder` needs a `position` column. */
  operations?: readonly Operation[];
  /**
   * Bulk import (the `import` operation): the fields that identify a row, so the same file
   * imported twice adds nothing the second time.
   */
  importKey?: readonly string[];
  /** Calls that change some fields of a record beyond the edit form (see ActionSpec). */
  actions?: readonly ActionSpec[];
  /**
   * Flows the record moves through (a learner's placement penalty): any write that changes a
   * flow's field (an update, an action) must be one of its moves, or it is refused with 409
   * naming the allowed ones, and nothing changes (decisions 018, 032).
   */
  flows?: readonly Flow[];
  /** Method and path of each call where the spec names it otherwise than DEFAULT_ROUTES (several allowed). */
  routes?: Partial<Record<RouteName, RouteSpec | readonly RouteSpec[]>>;
};

export const OPERATIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number] | 'reorder' | 'import';

export function hasOperation(def: Pick<ResourceDef, 'operations'>, op: Operation): boolean {
  return ((def.operations ?? OPERATIONS) as readonly Operation[]).includes(op);
}

/** The routes of a call: the definition's, or the default one. */
export function routesOf(def: Pick<ResourceDef, 'path' | 'routes'>, name: RouteName): readonly RouteSpec[] {
  const declared = def.routes?.[name];
  if (!declared) return [DEFAULT_ROUTES[name]];
  return Array.isArray(declared) ? declared : [declared as RouteSpec];
}

/**
 * Where the console makes a call: the first staff (non-public) route of it, its URL with the
 * id filled in, and whether the id travels in the body instead (`update` without `:id`).
 */
export function staffCall(
  def: Pick<ResourceDef, 'path' | 'routes'>,
  name: RouteName,
  id?: string | number,
): { method: HttpMethod; url: string; idInBody: boolean } {
  const routes = routesOf(def, name);
  const route = routes.find((r) => !r.public) ?? routes[0];
  if (route.idQuery && id !== undefined) {
    const url = `${routeUrl(def, route)}?${route.idQuery}=${encodeURIComponent(String(id))}`;
    return { method: route.method, url, idInBody: false };
  }
  const idInBody = id !== undefined && !route.path.includes(':id');
  return { method: route.method, url: routeUrl(def, route, idInBody ? undefined : id), idInBody };
}

/** The URL of a route (the console's and the server's), with `:id` filled in when given. */
export function routeUrl(def: Pick<ResourceDef, 'path'>, route: RouteSpec, id?: string | number): string {
  const path = route.path.startsWith('/') ? route.path : `/admin/${def.path}/${route.path}`;
  return id === undefined ? path : path.replace(':id', encodeURIComponent(String(id)));
}

export const PAGE_SIZE_DEFAULT = 14;
export const PAGE_SIZE_SMALL = 10;
export const PAGE_SIZE_MAX = 100;

/** Operators that make sense per field type; anything else is a 400. */
export function operatorsFor(type: FieldType): readonly FilterOperator[] {
  switch (type) {
    case 'string':
    case 'text':
    case 'email':
    case 'url':
      return ['like', '=', '!='];
    case 'enum':
    case 'boolean':
      return ['=', '!='];
    case 'image':
    case 'json':
      return [];
    case 'reference':
      return ['=', '!='];
    default:
      return ['=', '!=', '>', '>=', '<', '<='];
  }
}

export const rawFilterSchema = z.array(
  z.strictObject({
    field: z.string().min(1).max(64),
    operator: z.enum(FILTER_OPERATORS),
    value: z.union([
      z
        .string()
        .max(500, 'At most 500 characters')
        .refine((v) => !v.includes('\u0000'), {
          message: 'Remove the invisible NUL character (\\u0000) from this text',
        }),
      z.number(),
      z.boolean(),
    ]),
  }),
);
export type Filter = { field: string; operator: FilterOperator; value: string | number | boolean };

export type FilterIssue = { path: (string | number)[]; message: string };

function coerceValue(
  field: FieldDef,
  value: string | number | boolean,
): string | number | boolean | Date | FilterIssue {
  const bad = (message: string): FilterIssue => ({ path: [], message });
  switch (field.type) {
    case 'integer':
    case 'reference':
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || value === '' || !Number.isFinite(n))
        return bad(`${field.label} must be a number`);
      if (field.type !== 'number' && !Number.isInteger(n)) return bad(`${field.label} must be a whole number`);
      if (field.type !== 'number' && (n < INT4_MIN || n > INT4_MAX)) {
        return bad(
          `${field.label} must be between ${INT4_MIN.toLocaleString('en-US')} and ${INT4_MAX.toLocaleString('en-US')}`,
        );
      }
      return n;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return bad(`${field.label} must be true or false`);
    case 'date':
    case 'datetime': {
      if (typeof value !== 'string') return bad(`${field.label} must be a date`);
      const d = new Date(value);
      if (Number.isNaN(d.getTime())) return bad(`${field.label} must be a date`);
      const year = d.getUTCFullYear();
      if (year < 1 || year > 9999) return bad(`${field.label} must be a date between the years 1 and 9999`);
      return d;
    }
    case 'enum': {
      const hit = field.options?.find((o) => String(o.value) === String(value));
      if (!hit) return bad(`${field.label} must be one of ${field.options?.map((o) => o.value).join(', ')}`);
      return hit.value;
    }
    default:
      if (typeof value !== 'string') return bad(`${field.label} must be text`);
      return value;
  }
}

/**
 * How a search term meets a field (decision 039): `id` when the term is a whole number, equal;
 * `text` contains the term, any case (begins with it when the term is shorter than 3 characters,
 * so a trigram index serves every form); `phone` when the term is a phone number in any format
 * (at least 10 digits, spaces, dashes, brackets, a leading + or 0), its last 10 digits equal.
 */
export type SearchMatch = 'id' | 'text' | 'phone';
export type SearchField = { field: string; match: SearchMatch };

/** The filter a list's search travels as: `{ field: "search", operator: "like", value: term }`. */
export const SEARCH_FILTER = 'search';
export const SEARCH_MAX = 100;
/** A text term this short matches the start of a field only (a trigram index cannot serve `%ab%`). */
export const SEARCH_ANYWHERE_MIN = 3;
const searchFilterField: FieldDef = { name: SEARCH_FILTER, label: 'Search', type: 'string', filter: true };

/** The parts of a search term each match reads: the id it names, the phone digits it names, the text. */
export function searchTerms(term: string): { id?: number; phone?: string; text: string } {
  const text = term.trim();
  const id = /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined;
  const digits = text.replace(/\D/g, '');
  const phone = /^\+?[\d\s().-]+$/.test(text) && digits.length >= 10 ? digits.slice(-10) : undefined;
  return { id, phone, text };
}

/** What a search box says it searches: "name, email, mobile number or id". */
export function searchLabel(def: Pick<ResourceDef, 'search' | 'fields'>): string | undefined {
  const labels = (def.search ?? []).map((s) =>
    lowerLabel(def.fields.find((f) => f.name === s.field)?.label ?? s.field),
  );
  if (!labels.length) return undefined;
  return labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

export type ParsedFilter = { field: FieldDef; operator: FilterOperator; value: string | number | boolean | Date };

/**
 * Validates a list's `filters` against the resource's whitelist for this role:
 * unknown field, an operator the field's type does not allow, or a value of the
 * wrong type are reported per entry (path [index, key]).
 */
export function parseFilters(
  def: Pick<ResourceDef, 'fields' | 'search'>,
  raw: unknown,
  role: RoleKey,
): { ok: true; filters: ParsedFilter[] } | { ok: false; issues: FilterIssue[] } {
  const shape = rawFilterSchema.safeParse(raw);
  if (!shape.success) {
    return {
      ok: false,
      issues: shape.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })),
    };
  }
  const issues: FilterIssue[] = [];
  const filters: ParsedFilter[] = [];
  shape.data.forEach((f, i) => {
    if (f.field === SEARCH_FILTER && def.search?.length) {
      // The quick search over the fields that identify a record (decision 039).
      const term = typeof f.value === 'string' ? f.value.trim() : '';
      if (f.operator !== 'like') issues.push({ path: [i, 'operator'], message: 'Search must use the operator "like"' });
      else if (!term) issues.push({ path: [i, 'value'], message: 'Search must not be empty' });
      else if (term.length > SEARCH_MAX)
        issues.push({ path: [i, 'value'], message: `Search must be at most ${SEARCH_MAX} characters` });
      else filters.push({ field: searchFilterField, operator: 'like', value: term });
      return;
    }
    const field = def.fields.find(
      (d) => d.name === f.field && d.filter && (!d.filterRoles || d.filterRoles.includes(role) || role === 'ADMIN'),
    );
    if (!field) {
      issues.push({ path: [i, 'field'], message: `Unknown filter field "${f.field}"` });
      return;
    }
    if (!operatorsFor(field.type).includes(f.operator)) {
      issues.push({ path: [i, 'operator'], message: `Operator "${f.operator}" is not allowed on ${field.label}` });
      return;
    }
    const v = coerceValue(field, f.value);
    if (typeof v === 'object' && !(v instanceof Date)) {
      issues.push({ path: [i, 'value'], message: v.message });
      return;
    }
    filters.push({ field, operator: f.operator, value: v });
  });
  return issues.length ? { ok: false, issues } : { ok: true, filters };
}

/** `sort` query: "field" or "-field" (descending); only sortable fields. */
export function parseSort(
  def: Pick<ResourceDef, 'fields' | 'defaultSort'>,
  raw: string | undefined,
): { ok: true; field: string; dir: 'asc' | 'desc' } | { ok: false; message: string } {
  if (!raw) return { ok: true, ...def.defaultSort };
  const dir = raw.startsWith('-') ? 'desc' : 'asc';
  const name = raw.replace(/^[-+]/, '');
  const field = def.fields.find((f) => f.name === name && f.sort);
  if (!field) return { ok: false, message: `This list cannot be sorted by "${name}"` };
  return { ok: true, field: name, dir };
}

/** Common record columns every resource answers with. */
export const recordBase = {
  id: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
};

/** The fields a list answer may carry: every field but those declared `inList: false` (decision 021). */
export function listFields<F extends Pick<FieldDef, 'inList'>>(fields: readonly F[]): F[] {
  return fields.filter((f) => f.inList !== false);
}

/**
 * A list's `columns` query: the fields the screen shows, comma-separated. The answer then
 * carries those (and the record's id, version, timestamps and title field) and nothing else,
 * so a column nobody shows is neither read nor computed (decision 021).
 */
export const listColumnsParam = z
  .string()
  .max(2000)
  .regex(/^[A-Za-z0-9_]*(,[A-Za-z0-9_]*)*$/, 'Columns must be field names separated by commas')
  .optional()
  .describe(
    'Fields to answer, comma-separated (the columns the screen shows); the id, version, timestamps and title field always come. Without it: every field a list carries.',
  );

export const listQuerySchema = z.object({
  page_size: decimalInt({ min: 1, max: PAGE_SIZE_MAX }).default(PAGE_SIZE_DEFAULT),
  filters: z.string().max(4000).optional(),
  sort: z.string().max(64).optional(),
});

export type ListResult<T> = { data: T[]; totalItems: number };

/** One row of an import report: what would happen (dry run) or what happened to it. */
export const importRowSchema = z.object({
  row: z.number().int(),
  status: z.enum(['add', 'added', 'skip', 'error']),
  title: z.string().optional(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export const importReportSchema = z.object({
  dryRun: z.boolean(),
  add: z.number().int(),
  skip: z.number().int(),
  error: z.number().int(),
  ignoredColumns: z.array(z.string()),
  rows: z.array(importRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A label inside a sentence: "Blogs" -> "blogs", but "AI prompts" keeps its acronym. */
export function lowerLabel(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * The wire form of one field of an engine record, by its type: what the server's record schema
 * answers (apps/server/src/resources/record-schema.ts) and what the console's test stubs are
 * checked against (apps/web/src/testing/stub-call.ts). `dateTime`: the server's codec encodes
 * Dates; a stub is checked as the text it is.
 */
export function fieldWireSchema(
  field: Pick<FieldDef, 'type' | 'options'>,
  dateTime: z.ZodType = z.iso.datetime({ offset: true }),
): z.ZodType {
  switch (field.type) {
    case 'integer':
    case 'reference':
      return z.number().int();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'datetime':
      return dateTime;
    case 'date':
      return z.iso.date();
    case 'enum': {
      const values = field.options?.map((o) => o.value) ?? [];
      if (values.length && values.every((v) => typeof v === 'string')) return z.enum(values as [string, ...string[]]);
      return z.union([z.string(), z.number()]);
    }
    case 'json':
      return z.unknown();
    default:
      return z.string();
  }
}
