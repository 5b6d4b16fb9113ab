import {
  can,
  canReadField,
  canWriteField,
  type FieldDef,
  hasOperation,
  operatorsFor,
  type ResourceDef,
  type RoleKey,
} from '@cohort/domain';
import type { ResourceRegistration } from '../../lib/resource-registration';

export type Capabilities = {
  list: boolean;
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  export: boolean;
  upload: boolean;
  reorder: boolean;
  import: boolean;
};

/** What the console offers for a resource: the calls it answers and the role may make. */
export function capabilitiesFor(reg: ResourceRegistration, role: RoleKey | null): Capabilities {
  const { def } = reg;
  const allowed = (op: 'list' | 'read' | 'create' | 'update' | 'delete') =>
    role !== null && hasOperation(def, op) && can(role, def.permission, op);
  const update = allowed('update');
  return {
    list: allowed('list'),
    read: allowed('read'),
    create: reg.allowCreate && allowed('create'),
    update,
    delete: allowed('delete'),
    export: role !== null && allowed('list') && can(role, def.permission, 'export'),
    upload: Boolean(def.images?.length) && update,
    reorder: role !== null && hasOperation(def, 'reorder') && can(role, def.permission, 'reorder'),
    import: role !== null && hasOperation(def, 'import') && can(role, def.permission, 'import'),
  };
}

/** Fields the role may filter on (same rule as the server's parseFilters). */
export function filterableFields(fields: readonly FieldDef[], role: RoleKey | null): FieldDef[] {
  return fields.filter(
    (f) =>
      f.filter &&
      operatorsFor(f.type).length > 0 &&
      (!f.filterRoles || role === 'ADMIN' || (role !== null && f.filterRoles.includes(role))),
  );
}

/**
 * The definition as this role meets it, mirroring the server: fields it may not read are
 * gone (columns, details, filters), fields it may not set are not in its forms.
 */
export function defForRole(def: ResourceDef, role: RoleKey | null): ResourceDef {
  if (!def.fields.some((f) => f.readRoles || f.writeRoles)) return def;
  const r = role ?? 'USER';
  return {
    ...def,
    fields: def.fields
      .filter((f) => canReadField(f, r))
      .map((f) => (f.form && !canWriteField(f, r) ? { ...f, form: false } : f)),
  };
}
