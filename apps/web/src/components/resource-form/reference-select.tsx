import { calls, type FieldDef, LABEL_SOURCES, type ListResult, lowerLabel, RESOURCES, staffCall } from '@cohort/domain';
import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { useCan } from '../../lib/auth';
import { call } from '../../lib/call';

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
  // A person (staff: an owner, a mentor) is picked from the team members by name; a college or
  // a batch, label sources with no list here (decision 038), is typed by id.
  const person = ref.resource === 'person';
  const target = RESOURCES[ref.resource] as (typeof RESOURCES)[string] | undefined;
  const can = useCan();
  const allowed = person ? can('user', 'list') : target !== undefined && can(target.permission, 'list');
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
      person
        ? call(calls.learners.teamMembers, {
            query: { page_size: 100, search: debounced || undefined },
            signal,
          }).then((r) => r.data.map((m) => ({ value: String(m.id), label: `${m.name} (${m.role})` })))
        : api
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
    // The team members' first page holds the chosen person.
    enabled: allowed && value !== '' && !person,
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
