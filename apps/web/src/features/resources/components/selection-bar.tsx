import { Button, Group, Paper, Text } from '@mantine/core';
import type { ListSelection } from '../../../lib/resource-registration';

type Props = {
  selection: ListSelection;
  /** Rows the filters match. */
  total: number;
  /** Every row of the page shown is chosen. */
  pageAll: boolean;
  /** "learners" */
  what: string;
  onSelectAll: () => void;
  onClear: () => void;
};

const n = (v: number) => v.toLocaleString('en-US');

/**
 * What is chosen in a list, Gmail style: "40 learners selected", and once a whole page is,
 * "Select all 3,214 learners that match" (then the list actions work on every match).
 */
export function SelectionBar({ selection, total, pageAll, what, onSelectAll, onClear }: Props) {
  return (
    <Paper withBorder px="sm" py={6} radius="sm" role="status" aria-label="Selection" data-testid="selection-bar">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {selection.mode === 'all'
            ? `All ${n(total)} ${what} that match are selected.`
            : `${n(selection.ids.length)} ${what} selected.`}
        </Text>
        {selection.mode === 'ids' && pageAll && total > selection.ids.length && (
          <Button size="compact-sm" variant="subtle" onClick={onSelectAll}>
            Select all {n(total)} {what} that match
          </Button>
        )}
        <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
