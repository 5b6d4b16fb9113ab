import '@mantine/dates/styles.css';
import { DATE_FORMAT, type DateBounds, dateRange } from '@cohort/domain';
import { DateTimePicker, DateInput as TypedDateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { DAY_FORMAT, parseTypedDay } from '../../lib/format';

type Props = {
  kind: 'date' | 'datetime';
  label: string;
  /** The form's value: "YYYY-MM-DD" (date) or the local "YYYY-MM-DDTHH:mm" (datetime); '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  description?: string;
  bounds?: DateBounds;
  size?: 'xs' | 'sm';
  miw?: number;
};

/**
 * A Mantine date picker showing the spec's format ("3rd Feb 2026, 02:05 PM"), never the
 * browser's mm/dd/yyyy, limited to the field's bounds. Values stay in the form's own shape.
 * A day can be typed as well as picked ("27th Nov 2026", "27/11/2026", "2026-11-27"; issue 18,
 * finding 10); text that is no day goes back to the last good value when the field is left.
 */
export function DateInput({ kind, label, value, onChange, bounds, ...rest }: Props) {
  const range = bounds ? dateRange(bounds) : undefined;
  const parsed = value ? dayjs(value) : null;
  const common = {
    label,
    clearable: !rest.required,
    clearButtonProps: { 'aria-label': `Clear ${label.toLowerCase()}` },
    minDate: range ? dayjs(range.min).format('YYYY-MM-DD') : undefined,
    maxDate: range ? dayjs(range.max).format('YYYY-MM-DD') : undefined,
    ...rest,
  };
  if (kind === 'date') {
    return (
      <TypedDateInput
        {...common}
        valueFormat={DAY_FORMAT}
        dateParser={parseTypedDay}
        placeholder={rest.disabled ? undefined : 'e.g. 27th Nov 2026'}
        value={parsed?.isValid() ? parsed.format('YYYY-MM-DD') : null}
        onChange={(v) => onChange(v ? dayjs(v).format('YYYY-MM-DD') : '')}
      />
    );
  }
  return (
    <DateTimePicker
      {...common}
      valueFormat={DATE_FORMAT}
      timePickerProps={{ format: '12h' }}
      value={parsed?.isValid() ? parsed.format('YYYY-MM-DD HH:mm:ss') : null}
      onChange={(v) => onChange(v ? dayjs(v).format('YYYY-MM-DDTHH:mm') : '')}
    />
  );
}
