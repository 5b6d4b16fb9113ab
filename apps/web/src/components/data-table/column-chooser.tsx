import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';

type Props = {
  options: readonly { value: string; label: string }[];
  visible: readonly string[];
  onChange: (visible: string[]) => void;
  onReset: () => void;
};

/** Toggle any column on or off. */
export function ColumnChooser({ options, visible, onChange, onReset }: Props) {
  const toggle = (value: string, on: boolean) => {
    const next = on ? [...visible, value] : visible.filter((v) => v !== value);
    // Keep the table's column order, not the click order.
    onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    // Focus stays in the open chooser (Tab moves between its boxes; Escape closes it).
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="Visible columns">
          {options.map((o) => (
            <Checkbox
              key={o.value}
              label={o.label}
              checked={visible.includes(o.value)}
              disabled={visible.length === 1 && visible.includes(o.value)}
              onChange={(e) => toggle(o.value, e.currentTarget.checked)}
            />
          ))}
          <Button variant="subtle" size="xs" onClick={onReset}>
            Reset columns
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
