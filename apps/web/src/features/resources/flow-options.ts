import { allowedMoves, currentState, type FieldDef, type ResourceDef } from '@cohort/domain';
import type { ApiRecord } from '../../components/resource-form/form-values';

/**
 * Form fields as a record's flows allow them (decision 018): a field a flow moves offers only
 * the states the record may move to from where it stands, and (`keepCurrent`, an edit form that
 * sends only what changed) the state it is in.
 */
export function flowFields(def: ResourceDef, fields: readonly FieldDef[], record: ApiRecord, keepCurrent = false) {
  return fields.map((field) => {
    const machine = def.flows?.find((m) => m.field === field.name);
    if (!machine || !field.options) return field;
    const now = record[field.name];
    const next = allowedMoves(machine, currentState(machine, now));
    const offered = (value: string) => next.includes(value) || (keepCurrent && value === String(now));
    return { ...field, options: field.options.filter((o) => offered(String(o.value))) };
  });
}
