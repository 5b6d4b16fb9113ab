import type { FieldDef } from '@cohort/domain';
import { Checkbox, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { FieldErrors } from '../../lib/validation';
import { DateInput } from '../date-input/date-input';
import type { FormValue, FormValues } from './form-values';
import { ReferenceSelect } from './reference-select';

type Props = {
  fields: readonly FieldDef[];
  values: FormValues;
  errors: FieldErrors;
  disabled?: boolean;
  onChange: (name: string, value: FormValue) => void;
};

function FieldInput({
  field,
  value,
  error,
  disabled,
  onChange,
}: {
  field: FieldDef;
  value: FormValue;
  error?: string;
  disabled?: boolean;
  onChange: (v: FormValue) => void;
}) {
  const common = {
    label: field.label,
    description: field.description,
    error,
    disabled,
    required: field.required,
    name: field.name,
  };
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'boolean':
      return (
        <Checkbox
          label={field.label}
          description={field.description}
          error={error}
          disabled={disabled}
          name={field.name}
          checked={Boolean(value)}
          onChange={(e) => onChange(e.currentTarget.checked)}
          mt="lg"
        />
      );
    case 'enum':
      return (
        <NativeSelect
          {...common}
          value={text}
          data={[
            ...(field.required ? [] : [{ value: '', label: '—' }]),
            ...(field.options ?? []).map((o) => ({ value: String(o.value), label: o.label })),
          ]}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={field.required ? 8 : 3}
          maxRows={24}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'integer':
    case 'number':
      return (
        <TextInput
          {...common}
          type="number"
          step={field.type === 'integer' ? 1 : 'any'}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'datetime':
    case 'date':
      return (
        <DateInput
          kind={field.type}
          label={field.label}
          description={field.description}
          error={error}
          disabled={disabled}
          required={field.required}
          bounds={field.dateBounds}
          value={text}
          onChange={onChange}
        />
      );
    case 'reference':
      return <ReferenceSelect field={field} value={text} error={error} disabled={disabled} onChange={onChange} />;
    case 'email':
    case 'url':
      return <TextInput {...common} type={field.type} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** Inputs generated from the resource's form fields; long text spans the full width. */
export function ResourceFormFields({ fields, values, errors, disabled, onChange }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
      {fields.map((f) => (
        <div key={f.name} style={f.type === 'text' ? { gridColumn: '1 / -1' } : undefined}>
          <FieldInput
            field={f}
            value={values[f.name] ?? ''}
            error={errors[f.name]}
            disabled={disabled}
            onChange={(v) => onChange(f.name, v)}
          />
        </div>
      ))}
    </SimpleGrid>
  );
}
