import {
  type ApiIssue,
  can,
  canReadField,
  hasOperation,
  lowerLabel,
  type RoleKey,
  roleById,
  type SavedView,
} from '@cohort/domain';
import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { roles, savedViewRoles, savedViews, users } from '../../db/schema';
import { type Actor, effectiveRole } from '../../platform/access';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { ResourceService } from '../../resources/engine';

export type ViewRow = typeof savedViews.$inferSelect;
export type ViewState = {
  filters?: unknown[];
  sort?: string | null;
  q?: string | null;
  size?: number | null;
  columns?: string[] | null;
  sharedWith?: number[];
};

/** The entity name of saved views in the audit log. */
export const SAVED_VIEW_ENTITY = 'savedView';

/**
 * A role and every role above it, up to its built-in role: a custom role sees what is shared
 * with it and with the roles it descends from (access control resolves roles the same way).
 */
export async function roleChain(db: Db | Tx, roleId: number): Promise<number[]> {
  const chain: number[] = [];
  let id: number | null = roleId;
  for (let depth = 0; id != null && depth < 10 && !chain.includes(id); depth++) {
    chain.push(id);
    if (roleById(id)) break;
    const rows: { parentRoleId: number | null }[] = await db
      .select({ parentRoleId: roles.parentRoleId })
      .from(roles)
      .where(eq(roles.id, id))
      .limit(1);
    id = rows[0]?.parentRoleId ?? null;
  }
  return chain;
}

/**
 * The views this actor sees: their own, those shared with a role of their chain, and, for
 * ADMIN, every shared view (to tidy up a team's views after someone left).
 */
export function visibleViews(actor: Actor, chain: readonly number[]): SQL {
  const shared =
    actor.role === 'ADMIN'
      ? sql`exists (select 1 from ${savedViewRoles} where ${savedViewRoles.viewId} = ${savedViews.id})`
      : sql`exists (select 1 from ${savedViewRoles} where ${savedViewRoles.viewId} = ${savedViews.id} and ${inArray(savedViewRoles.roleId, [...chain])})`;
  return or(eq(savedViews.ownerId, actor.user.id), shared) as SQL;
}

/** The resource a view is for, when this role may open its list (400 on `resource` otherwise). */
export function listService(
  services: ReadonlyMap<string, ResourceService>,
  role: RoleKey,
  resource: string,
): ResourceService {
  const service = services.get(resource);
  if (!service || !hasOperation(service.def, 'list')) {
    throw badRequest('There is no such list', [{ path: ['resource'], message: `There is no list "${resource}"` }]);
  }
  if (!can(role, service.def.permission, 'list')) {
    throw badRequest('Your role cannot open this list', [
      { path: ['resource'], message: `Your role cannot open ${lowerLabel(service.def.pluralLabel)}` },
    ]);
  }
  return service;
}

/**
 * The view's list state checked as the list itself checks it, for the owner's role: filters
 * and sort by the engine's own parser (the 400 names each bad filter), columns against the
 * fields the role may read; the roles it is shared with must exist, use the console, be able
 * to open the list, and (unless the owner is ADMIN) be the owner's own role or one above it.
 */
export async function checkViewState(
  db: Db | Tx,
  actor: Actor,
  service: ResourceService,
  state: ViewState,
): Promise<void> {
  const def = service.def;
  if (state.filters !== undefined || state.sort !== undefined) {
    service.parseListQuery(actor, {
      filters: state.filters?.length ? JSON.stringify(state.filters) : undefined,
      sort: state.sort ?? undefined,
    });
  }
  const issues: ApiIssue[] = [];
  if (state.columns) {
    const seen = new Set<string>();
    state.columns.forEach((name, i) => {
      const field = def.fields.find((f) => f.name === name);
      if (!field || service.binding.hidden?.includes(name)) {
        issues.push({ path: ['columns', i], message: `${def.pluralLabel} have no column "${name}"` });
      } else if (!service.listFieldNames.includes(name)) {
        // A field only the record's page shows is not a list column (decision 021).
        issues.push({ path: ['columns', i], message: `${field.label} is shown on the record's page, not in the list` });
      } else if (!canReadField(field, actor.role)) {
        issues.push({ path: ['columns', i], message: `Your role cannot read ${field.label}` });
      } else if (seen.has(name)) {
        issues.push({ path: ['columns', i], message: `${field.label} is chosen twice` });
      }
      seen.add(name);
    });
  }
  if (state.sharedWith?.length) {
    const ids = [...new Set(state.sharedWith)];
    const found = await db
      .select({ id: roles.id, name: roles.name, parentRoleId: roles.parentRoleId })
      .from(roles)
      .where(inArray(roles.id, ids));
    const mine = actor.role === 'ADMIN' ? [] : await roleChain(db, actor.user.roleId);
    for (const [i, id] of state.sharedWith.entries()) {
      const role = found.find((r) => r.id === id);
      const path = ['sharedWith', i];
      if (!role) {
        issues.push({ path, message: `There is no role ${id}` });
        continue;
      }
      const base = await effectiveRole(db, id);
      if (base === 'USER')
        issues.push({ path, message: `${role.name} is a learners' role: they do not use the console` });
      else if (!can(base, def.permission, 'list'))
        issues.push({ path, message: `${role.name} cannot open ${lowerLabel(def.pluralLabel)}` });
      else if (actor.role !== 'ADMIN' && !mine.includes(id))
        issues.push({ path, message: `You can share a view only with your own role; ADMIN shares with others` });
    }
    if (new Set(state.sharedWith).size !== state.sharedWith.length) {
      issues.push({ path: ['sharedWith'], message: 'A role is chosen twice' });
    }
  }
  if (issues.length) throw badRequest('This view cannot be saved as it is', issues);
}

/** A view by id as this actor sees it (404 when it is not theirs or shared with them). */
export async function findVisibleView(db: Db | Tx, actor: Actor, id: number, lock = false): Promise<ViewRow> {
  const chain = await roleChain(db, actor.user.roleId);
  const q = db
    .select()
    .from(savedViews)
    .where(sql`${savedViews.id} = ${id} and ${visibleViews(actor, chain)}`)
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Saved view');
  return row;
}

/** Only the owner changes a view; others who see it (shared) are told who owns it. */
export async function assertOwner(db: Db | Tx, actor: Actor, view: ViewRow, doing: string): Promise<void> {
  if (view.ownerId === actor.user.id) return;
  const [owner] = await db.select({ name: users.name }).from(users).where(eq(users.id, view.ownerId));
  throw new AppError(403, 'FORBIDDEN', `Only ${owner?.name ?? 'its owner'}, who saved this view, can ${doing} it`);
}

/** 409 when the owner already has a view of this name on this list. */
export async function assertNameFree(db: Db | Tx, ownerId: number, resource: string, name: string, except?: number) {
  const [clash] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      sql`${savedViews.ownerId} = ${ownerId} and ${savedViews.resource} = ${resource} and lower(${savedViews.name}) = lower(${name})${
        except ? sql` and ${savedViews.id} <> ${except}` : sql``
      }`,
    );
  if (clash) throw new AppError(409, 'CONFLICT', `You already have a view named "${name}" on this list`);
}

/** Replaces the roles a view is shared with. */
export async function setSharing(tx: Tx, viewId: number, roleIds: readonly number[]): Promise<void> {
  await tx.delete(savedViewRoles).where(eq(savedViewRoles.viewId, viewId));
  const ids = [...new Set(roleIds)];
  if (ids.length) await tx.insert(savedViewRoles).values(ids.map((roleId) => ({ viewId, roleId })));
}

/** Views as their reader gets them: owner and shared roles named, what the reader may do. */
export async function toViews(db: Db | Tx, actor: Actor, rows: readonly ViewRow[]): Promise<SavedView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const shares = await db
    .select({ viewId: savedViewRoles.viewId, id: roles.id, name: roles.name })
    .from(savedViewRoles)
    .innerJoin(roles, eq(roles.id, savedViewRoles.roleId))
    .where(inArray(savedViewRoles.viewId, ids))
    .orderBy(asc(roles.id));
  const owners = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((r) => r.ownerId),
      ),
    );
  return rows.map((r) => {
    const sharedWith = shares.filter((s) => s.viewId === r.id).map(({ id, name }) => ({ id, name }));
    const mine = r.ownerId === actor.user.id;
    return {
      id: r.id,
      resource: r.resource,
      name: r.name,
      filters: (r.filters ?? []) as SavedView['filters'],
      sort: r.sort,
      q: r.q,
      size: r.size,
      columns: (r.columns ?? null) as string[] | null,
      sharedWith,
      owner: { id: r.ownerId, name: owners.find((o) => o.id === r.ownerId)?.name ?? '' },
      mine,
      canDelete: mine || (actor.role === 'ADMIN' && sharedWith.length > 0),
      version: r.version,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  });
}

/** What the audit keeps of a view. */
export function viewSnapshot(row: ViewRow, sharedWith: readonly number[]) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return { ...rest, sharedWith: [...sharedWith].sort((a, b) => a - b) };
}
