import { type FieldDef, LABEL_SOURCES, type ListResult, lowerLabel, RESOURCES, staffCall } from '@cohort/domain';
import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { useCan } from '../../lib/auth';

type Option = { value: string; label: string };

/** A list of the target's records answering only their label (decision 021: nothing else is read). */
function listUrl(path: string, labelField: string, filters: unknown[]): string {
  const def = RESOURCES[path];
  const query = new URLSearchParams({ page_size: '20', filters: JSON.stringify(filters), columns: labelField });
  return `${staffCall(def, 'list').url}?${query}`;
}

/**
 * A searchable picker over the records of the resource a reference field names: it asks the
 * server for up to 20 records whose label contains what is typed, and always knows the label
 * of the chosen one. A role that may not list that resource types the id instead.
 */
export function ReferenceSelect({
  field,
  value,
  error,
  disabled,
  onChange,
}: {
  field: FieldDef;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (v: string) => void;
}) {
  const ref = field.reference!;
  // A label source (a person, a college, a batch: decision 038) has no list here to pick from.
  const target = RESOURCES[ref.resource] as (typeof RESOURCES)[string] | undefined;
  const allowed = useCan()(target?.permission ?? 'user', 'list') && target !== undefined;
  const targetLabel = target?.label ?? LABEL_SOURCES[ref.resource]?.label ?? 'record';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const toOptions = (rows: Record<string, unknown>[]): Option[] =>
    rows.map((r) => ({ value: String(r.id), label: String(r[ref.labelField] ?? `#${r.id}`) }));

  const matches = useQuery<Option[]>({
    queryKey: ['reference', ref.resource, debounced],
    enabled: allowed,
    placeholderData: (previous: Option[] | undefined) => previous,
    queryFn: ({ signal }) =>
      api
        .get<ListResult<Record<string, unknown>>>(
          listUrl(
            ref.resource,
            ref.labelField,
            debounced ? [{ field: ref.labelField, operator: 'like', value: debounced }] : [],
          ),
          { signal },
        )
        .then((r) => toOptions(r.data)),
  });
  const chosen = useQuery<Option[]>({
    queryKey: ['reference', ref.resource, 'id', value],
    enabled: allowed && value !== '',
    queryFn: ({ signal }) =>
      api
        .get<ListResult<Record<string, unknown>>>(
          listUrl(ref.resource, ref.labelField, [{ field: 'id', operator: '=', value: Number(value) }]),
          {
            signal,
          },
        )
        .then((r) => toOptions(r.data)),
  });

  if (!allowed) {
    return (
      <TextInput
        label={field.label}
        description={`The ${lowerLabel(targetLabel)}'s id`}
        required={field.required}
        error={error}
        disabled={disabled}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
      />
    );
  }
  const options = [...(chosen.data ?? []), ...(matches.data ?? [])].filter(
    (o, i, all) => all.findIndex((x) => x.value === o.value) === i,
  );
  return (
    <Select
      label={field.label}
      description={field.description}
      required={field.required}
      error={error}
      disabled={disabled}
      searchable
      clearable={!field.required}
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={
        matches.isFetching ? 'Searching…' : `No ${lowerLabel(target?.pluralLabel ?? targetLabel)} match`
      }
      // The server already filtered by what was typed.
      filter={({ options: all }) => all}
    />
  );
}
