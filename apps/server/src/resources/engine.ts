import {
  type FieldDef,
  hasOperation,
  listQuerySchema,
  listResultSchema,
  messageSchema,
  type ParsedFilter,
  parseFilters,
  parseSort,
  type ResourceDef,
  type RowScope,
  rowScope,
} from '@cohort/domain';
import { and, asc, type Column, desc, eq, getTableColumns, gt, gte, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { type Actor, requireActor } from '../platform/access';
import { audit } from '../platform/audit';
import { csvRow } from '../platform/csv';
import { sendCsv } from '../platform/csv-response';
import { AppError, badRequest, notFound, staleVersion } from '../platform/errors';
import { randomKey, sniffImage } from '../platform/files';
import { errors, streamed } from '../platform/openapi';
import { idParams, pageHeaders, pageOf } from '../platform/params';
import { bucketName } from '../platform/storage';
import { recordSchema } from './record-schema';

// biome-ignore lint/suspicious/noExplicitAny: the engine works over any table with an id column
type AnyTable = PgTable & { id: Column<any> };

export type ResourceBinding = {
  def: ResourceDef;
  table: AnyTable;
  /** Entity name in the audit log. */
  entity: string;
  /** A condition every call on this resource applies (e.g. learners only). */
  baseWhere?: SQL;
  /** Row scopes this table supports (see ROW_SCOPES in the domain package). */
  scopes?: Partial<Record<RowScope, (actor: Actor) => SQL>>;
  /** Values the server adds on create (e.g. who created it). */
  onCreate?: (actor: Actor) => Record<string, unknown>;
  /** Columns never sent to the console. */
  hidden?: readonly string[];
};

/** Escapes LIKE's wildcards so a search for "50%" means the text "50%". */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterSql(col: Column, f: ParsedFilter): SQL {
  const v = f.value;
  switch (f.operator) {
    case 'like':
      return sql`${col} ILIKE ${`%${escapeLike(String(v))}%`} ESCAPE '\\'`;
    case '=':
      return eq(col, v);
    case '!=':
      return ne(col, v);
    case '>':
      return gt(col, v);
    case '>=':
      return gte(col, v);
    case '<':
      return lt(col, v);
    case '<=':
      return lte(col, v);
  }
}

function toColumnValues(def: ResourceDef, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (k === 'version') continue;
    const field = def.fields.find((f) => f.name === k);
    out[k] = field?.type === 'datetime' && typeof v === 'string' ? new Date(v) : v === '' ? null : v;
  }
  return out;
}

export class ResourceService {
  readonly columns: Record<string, Column>;
  constructor(readonly binding: ResourceBinding) {
    this.columns = getTableColumns(binding.table) as Record<string, Column>;
  }

  get def() {
    return this.binding.def;
  }

  /** The row scope of this actor, or undefined for all rows. A scope the table cannot express shows nothing. */
  scopeSql(actor: Actor): SQL | undefined {
    const scope = rowScope(actor.role, this.def.permission);
    if (!scope) return this.binding.baseWhere;
    const build = this.binding.scopes?.[scope];
    return and(this.binding.baseWhere, build ? build(actor) : sql`false`);
  }

  toRecord(row: Record<string, unknown>): Record<string, unknown> {
    if (!this.binding.hidden?.length) return row;
    const out = { ...row };
    for (const h of this.binding.hidden) delete out[h];
    return out;
  }

  parseListQuery(actor: Actor, query: { filters?: string; sort?: string }) {
    let raw: unknown = [];
    if (query.filters) {
      try {
        raw = JSON.parse(query.filters);
      } catch {
        throw badRequest('filters must be a JSON array of { field, operator, value }', [
          { path: ['filters'], message: 'Not valid JSON' },
        ]);
      }
    }
    const parsed = parseFilters(this.def, raw, actor.role);
    if (!parsed.ok) {
      throw badRequest(
        'Invalid filters',
        parsed.issues.map((i) => ({ path: ['filters', ...i.path], message: i.message })),
      );
    }
    const sort = parseSort(this.def, query.sort);
    if (!sort.ok) throw badRequest(sort.message, [{ path: ['sort'], message: sort.message }]);
    const conditions = parsed.filters.map((f) => {
      const col = this.columns[f.field.name];
      if (!col) throw new Error(`field ${f.field.name} has no column`);
      return filterSql(col, f);
    });
    const where = and(this.scopeSql(actor), ...conditions);
    const sortCol = this.columns[sort.field];
    const dir = sort.dir === 'asc' ? asc : desc;
    const orderBy = sort.field === 'id' ? [dir(this.binding.table.id)] : [dir(sortCol), dir(this.binding.table.id)];
    return { where, orderBy };
  }

  async list(db: Db, actor: Actor, query: { filters?: string; sort?: string }, page: number, size: number) {
    const { where, orderBy } = this.parseListQuery(actor, query);
    const t = this.binding.table;
    const rows = await db
      .select()
      .from(t)
      .where(where)
      .orderBy(...orderBy)
      .limit(size)
      .offset((page - 1) * size);
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(t).where(where);
    return { data: rows.map((r) => this.toRecord(r as Record<string, unknown>)), totalItems: count };
  }

  async get(db: Db, actor: Actor, id: number, lock = false) {
    const q = db
      .select()
      .from(this.binding.table)
      .where(and(eq(this.binding.table.id, id), this.scopeSql(actor)))
      .limit(1);
    const rows = lock ? await q.for('update') : await q;
    const row = rows[0] as Record<string, unknown> | undefined;
    if (!row) throw notFound(this.def.label);
    return row;
  }

  async create(db: Db, actor: Actor, input: Record<string, unknown>) {
    return db.transaction(async (tx) => {
      const values = { ...toColumnValues(this.def, input), ...this.binding.onCreate?.(actor) };
      const [row] = await tx.insert(this.binding.table).values(values).returning();
      await audit(tx, actor, {
        action: 'create',
        entity: this.binding.entity,
        entityId: row.id as number,
        after: this.toRecord(row),
      });
      return this.toRecord(row as Record<string, unknown>);
    });
  }

  async update(db: Db, actor: Actor, id: number, input: Record<string, unknown> & { version: number }) {
    return db.transaction(async (tx) => {
      const before = await this.get(tx as unknown as Db, actor, id, true);
      if (before.version !== input.version) throw staleVersion();
      const t = this.binding.table as AnyTable & { version: Column };
      const [after] = await tx
        .update(t)
        .set({ ...toColumnValues(this.def, input), version: sql`${t.version} + 1`, updatedAt: new Date() })
        .where(and(eq(t.id, id), eq(t.version, input.version)))
        .returning();
      if (!after) throw staleVersion();
      await audit(tx, actor, {
        action: 'update',
        entity: this.binding.entity,
        entityId: id,
        before: this.toRecord(before),
        after: this.toRecord(after as Record<string, unknown>),
      });
      return this.toRecord(after as Record<string, unknown>);
    });
  }

  async remove(db: Db, actor: Actor, id: number) {
    await db.transaction(async (tx) => {
      const before = await this.get(tx as unknown as Db, actor, id, true);
      await tx.delete(this.binding.table).where(eq(this.binding.table.id, id));
      await audit(tx, actor, {
        action: 'delete',
        entity: this.binding.entity,
        entityId: id,
        before: this.toRecord(before),
      });
    });
  }

  /**
   * All matching rows as CSV chunks: the header row with the first page, then one chunk a
   * page, read in pages so memory stays flat at any size.
   */
  async *csvChunks(db: Db, actor: Actor, query: { filters?: string; sort?: string }): AsyncGenerator<string> {
    const { where, orderBy } = this.parseListQuery(actor, query);
    const fields = this.def.fields.filter(
      (f) => f.type !== 'image' && f.type !== 'json' && !this.binding.hidden?.includes(f.name),
    );
    const t = this.binding.table;
    const CHUNK = 2000;
    let head = csvRow(fields.map((f) => f.label));
    for (let offset = 0; ; offset += CHUNK) {
      const page = (await db
        .select()
        .from(t)
        .where(where)
        .orderBy(...orderBy)
        .limit(CHUNK)
        .offset(offset)) as Record<string, unknown>[];
      yield head + page.map((r) => csvRow(fields.map((f: FieldDef) => r[f.name]))).join('');
      head = '';
      if (page.length < CHUNK) return;
    }
  }
}

/** Declares a resource's calls under /admin/{path}/... from its definition. */
export function registerResource(app: FastifyInstance, binding: ResourceBinding): ResourceService {
  const service = new ResourceService(binding);
  const { def } = binding;
  const base = `/admin/${def.path}`;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [def.pluralLabel];
  const perm = def.permission;
  const record = recordSchema(def, service.columns, binding.hidden);

  if (hasOperation(def, 'list')) {
    r.get(
      `${base}/get`,
      {
        config: { access: { resource: perm, action: 'list' } },
        schema: {
          tags,
          summary: `List ${def.pluralLabel.toLowerCase()}`,
          querystring: listQuerySchema,
          headers: pageHeaders,
          response: { 200: listResultSchema(record) },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        return service.list(app.db, actor, request.query, pageOf(request), request.query.page_size);
      },
    );
    r.get(
      `${base}/download-csv`,
      {
        config: { access: { resource: perm, action: 'export' } },
        schema: {
          tags,
          summary: `Export ${def.pluralLabel.toLowerCase()} as CSV`,
          querystring: listQuerySchema.omit({ page_size: true }),
          response: {
            200: streamed('text/csv', 'RFC 4180 CSV of every matching row, streamed'),
          },
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        const day = new Date().toISOString().slice(0, 10);
        return sendCsv(request, reply, `${def.path}-${day}.csv`, service.csvChunks(app.db, actor, request.query));
      },
    );
  }
  if (hasOperation(def, 'read')) {
    r.get(
      `${base}/get/:id`,
      {
        config: { access: { resource: perm, action: 'read' } },
        schema: { tags, summary: `One ${def.label.toLowerCase()}`, params: idParams, response: { 200: record } },
      },
      async (request) => service.toRecord(await service.get(app.db, requireActor(request), request.params.id)),
    );
  }
  if (hasOperation(def, 'create')) {
    r.post(
      `${base}/add`,
      {
        config: { access: { resource: perm, action: 'create' } },
        schema: {
          tags,
          summary: `Add a ${def.label.toLowerCase()}`,
          body: def.createSchema,
          response: { 201: record, ...errors(409) },
        },
      },
      async (request, reply) => {
        const row = await service.create(app.db, requireActor(request), request.body as Record<string, unknown>);
        reply.code(201);
        return row;
      },
    );
  }
  if (hasOperation(def, 'update')) {
    r.put(
      `${base}/update/:id`,
      {
        config: { access: { resource: perm, action: 'update' } },
        schema: {
          tags,
          summary: `Update a ${def.label.toLowerCase()}`,
          params: idParams,
          body: def.updateSchema,
          response: { 200: record, ...errors(409) },
        },
      },
      async (request) =>
        service.update(
          app.db,
          requireActor(request),
          request.params.id,
          request.body as Record<string, unknown> & { version: number },
        ),
    );
  }
  if (hasOperation(def, 'delete')) {
    r.delete(
      `${base}/delete/:id`,
      {
        config: { access: { resource: perm, action: 'delete' } },
        schema: {
          tags,
          summary: `Delete a ${def.label.toLowerCase()}`,
          params: idParams,
          response: { 200: messageSchema, ...errors(409) },
        },
      },
      async (request) => {
        await service.remove(app.db, requireActor(request), request.params.id);
        return { message: `${def.label} deleted` };
      },
    );
  }
  if (def.imageField && hasOperation(def, 'update')) {
    const field = def.imageField;
    r.post(
      `${base}/image/:id`,
      {
        config: { access: { resource: perm, action: 'update' } },
        schema: {
          tags,
          summary: `Upload the ${def.label.toLowerCase()}'s image (multipart field "image")`,
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: record },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        await service.get(app.db, actor, request.params.id);
        const url = await storeImage(app, request, actor);
        return app.db.transaction(async (tx) => {
          const before = await service.get(tx as unknown as Db, actor, request.params.id, true);
          const t = binding.table as AnyTable & { version: Column };
          const [after] = await tx
            .update(t)
            .set({ [field]: url, version: sql`${t.version} + 1`, updatedAt: new Date() })
            .where(eq(t.id, request.params.id))
            .returning();
          await audit(tx, actor, {
            action: 'upload',
            entity: binding.entity,
            entityId: request.params.id,
            before: { [field]: before[field] },
            after: { [field]: url },
          });
          return service.toRecord(after as Record<string, unknown>);
        });
      },
    );
  }
  return service;
}

/** Reads one multipart image (size capped, type from magic bytes), stores it, answers its URL. */
export async function storeImage(app: FastifyInstance, request: FastifyRequest, actor: Actor): Promise<string> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
  const file = await request.file({ limits: { fileSize: app.config.UPLOAD_MAX_BYTES, files: 1 } });
  if (!file) throw badRequest('No file was sent', [{ path: ['image'], message: 'Choose an image' }]);
  if (file.fieldname !== 'image')
    throw badRequest('Send the file in the field "image"', [{ path: [file.fieldname], message: 'Unknown field' }]);
  const buf = await file.toBuffer();
  if (file.file.truncated) {
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      `The image is larger than ${Math.round(app.config.UPLOAD_MAX_BYTES / 1024 / 1024)} MB`,
    );
  }
  const kind = sniffImage(buf);
  if (!kind) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG, GIF and WebP images are accepted', [
      { path: ['image'], message: 'Not a PNG, JPEG, GIF or WebP image' },
    ]);
  }
  const bucket = bucketName('miscellaneous', app.config.APP_ENV);
  const key = randomKey(kind.ext);
  await app.storage.put(bucket, key, buf, kind.contentType);
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(uploads)
      .values({
        bucket,
        key,
        contentType: kind.contentType,
        size: buf.length,
        originalName: file.filename?.slice(0, 200),
        uploadedBy: actor.user.id,
      })
      .returning();
    await audit(tx, actor, { action: 'upload', entity: 'upload', entityId: row.id, after: row });
  });
  return `/files/${bucket}/${key}`;
}
