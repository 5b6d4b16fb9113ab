import { type FieldDef, formatMoney, referenceLabelKey, thumbnailUrl } from '@cohort/domain';
import { Anchor, Badge, Code, Image, Text } from '@mantine/core';
import { formatDate, formatDateOnly, readableText } from '../lib/format';
import { ReferenceValue } from './reference-value';

/** A record value as text: dates in the spec format, enums by label, booleans as Yes/No. */
export function fieldText(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'date':
      // A calendar day has no time of day (issue 18, finding 10).
      return formatDateOnly(value as string);
    case 'datetime':
      return formatDate(value as string);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'enum':
      return field.options?.find((o) => String(o.value) === String(value))?.label ?? String(value);
    default:
      // A setting whose text is a date reads as one; the form still edits the text as written.
      return typeof value === 'object' ? JSON.stringify(value) : readableText(String(value));
  }
}

/** A record value for display; enum values as badges in the option's colour. */
export function FieldValue({
  field,
  value,
  record,
  long = false,
  link = true,
}: {
  field: FieldDef;
  value: unknown;
  /** The whole record: a reference field shows the label the server answers beside its id. */
  record?: Record<string, unknown>;
  long?: boolean;
  /** A reference links to its record unless the value already sits inside a link. */
  link?: boolean;
}) {
  if (value === null || value === undefined || value === '') return <Text c="dimmed">—</Text>;
  // An amount in minor units, shown in the record's own currency (decision 018).
  const currency = field.currencyField ? record?.[field.currencyField] : undefined;
  if (typeof currency === 'string' && typeof value === 'number') {
    return (
      <Text span style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(value, currency)}
      </Text>
    );
  }
  if (field.type === 'reference') {
    return <ReferenceValue field={field} id={value} label={record?.[referenceLabelKey(field)]} link={link} />;
  }
  if (field.type === 'enum') {
    const option = field.options?.find((o) => String(o.value) === String(value));
    return (
      <Badge
        color={option?.color ?? 'gray'}
        variant="light"
        // Table cells shrink badges to an ellipsis; a status must stay readable.
        styles={{ root: { minWidth: 'max-content' }, label: { overflow: 'visible' } }}
      >
        {option?.label ?? String(value)}
      </Badge>
    );
  }
  if (field.type === 'image' && typeof value === 'string') {
    // Table cells load the server's small WebP thumbnail, not the full upload.
    const src = long ? value : thumbnailUrl(value);
    return <Image src={src} alt={field.label} h={long ? 160 : 32} w="auto" fit="contain" radius="sm" />;
  }
  if (field.type === 'url' && typeof value === 'string') {
    return (
      <Anchor href={value} target="_blank" rel="noreferrer noopener">
        {value}
      </Anchor>
    );
  }
  const text = fieldText(field, value);
  if (field.type === 'text' && long) {
    return (
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {text}
      </Code>
    );
  }
  // A single short token (email, phone number, code) reads badly broken across lines.
  const token = !long && text.length <= 48 && !/\s/.test(text);
  return (
    <Text
      span
      lineClamp={long || token ? undefined : 2}
      // overflow-wrap, not word-break: a column is never squeezed below its longest word.
      style={token ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }}
    >
      {text}
    </Text>
  );
}
