import type { FieldDef } from '@cohort/domain';
import { useCallback, useMemo, useState } from 'react';
import type { FieldErrors } from '../../lib/validation';
import { dirtyFields, type FormValue, type FormValues, rebaseValues, toFormValues } from './form-values';

/** Form state over a record: the base (last saved version), the user's values, field errors. */
export function useResourceForm(fields: readonly FieldDef[], record?: Record<string, unknown> | null) {
  const [base, setBase] = useState<FormValues>(() => toFormValues(fields, record));
  const [values, setValues] = useState<FormValues>(base);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setValue = useCallback((name: string, value: FormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _, ...rest } = e;
      return rest;
    });
  }, []);

  /** The saved record becomes both base and values. */
  const reset = useCallback(
    (next: Record<string, unknown> | null | undefined) => {
      const v = toFormValues(fields, next);
      setBase(v);
      setValues(v);
      setErrors({});
    },
    [fields],
  );

  /** A newer version becomes the base; the user's edits stay on top of it. */
  const rebase = useCallback(
    (latest: Record<string, unknown>) => {
      const latestValues = toFormValues(fields, latest);
      setValues((v) => rebaseValues(fields, base, latestValues, v));
      setBase(latestValues);
    },
    [fields, base],
  );

  const dirty = useMemo(() => dirtyFields(fields, base, values), [fields, base, values]);

  return { base, values, setValue, errors, setErrors, dirty, isDirty: dirty.length > 0, reset, rebase };
}
