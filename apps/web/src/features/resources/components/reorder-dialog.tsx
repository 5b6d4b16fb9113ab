import type { ResourceDef } from '@cohort/domain';
import { lowerLabel } from '@cohort/domain';
import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { FormModal } from '../../../components/dialogs/form-modal';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useAllInOrder, useReorderResource } from '../api/reorder-resource';

/** Moves the item at `from` to `to` (a new array). */
export function move<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

function ReorderList({ def, onDone, onBusy }: { def: ResourceDef; onDone: () => void; onBusy: (b: boolean) => void }) {
  const all = useAllInOrder(def, true);
  const save = useReorderResource(def);
  const [items, setItems] = useState<ApiRecord[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [stale, setStale] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const rowRefs = useRef<(HTMLDivElement | null)[]>([]);
  const focusNext = useRef<number | null>(null);

  useEffect(() => {
    if (all.data) setItems(all.data);
  }, [all.data]);
  useEffect(() => {
    if (focusNext.current !== null) {
      rowRefs.current[focusNext.current]?.focus();
      focusNext.current = null;
    }
  });

  if (all.isPending || !items) return <Loader />;
  if (all.isError) return <Alert color="red">The list could not be loaded. Close this and try again.</Alert>;

  const title = (r: ApiRecord) => String(r[def.titleField] ?? `#${r.id}`);
  const moveTo = (from: number, to: number, keepFocus: boolean) => {
    if (to < 0 || to >= items.length) return;
    setItems(move(items, from, to));
    setAnnouncement(`${title(items[from])} moved to position ${to + 1} of ${items.length}`);
    if (keepFocus) focusNext.current = to;
  };
  const handleKey = (e: KeyboardEvent, i: number) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    moveTo(i, e.key === 'ArrowUp' ? i - 1 : i + 1, true);
  };
  const changed = all.data?.some((r, i) => r.id !== items[i]?.id) ?? false;
  const handleSave = () => {
    onBusy(true);
    save.mutate(
      items.map((r) => r.id),
      {
        onSuccess: () => {
          notifySuccess(`${def.pluralLabel} reordered`);
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) setStale(true);
        },
        onSettled: () => onBusy(false),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" id="reorder-help">
        Drag a row, or focus it and press Alt + ↑ / Alt + ↓ (or use its arrow buttons). Save to apply the new order.
      </Text>
      {stale && (
        <Alert color="orange" title="The list changed">
          Someone added or removed a {lowerLabel(def.label)} since you opened this. Your order was not saved.{' '}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setStale(false);
              void all.refetch();
            }}
          >
            Load the current list
          </Button>
        </Alert>
      )}
      <Stack gap={4} role="list" aria-describedby="reorder-help" mah={420} style={{ overflowY: 'auto' }}>
        {items.map((r, i) => (
          <Paper
            key={r.id}
            withBorder
            p={6}
            role="listitem"
            tabIndex={0}
            aria-label={`${title(r)}, position ${i + 1} of ${items.length}`}
            ref={(el: HTMLDivElement | null) => {
              rowRefs.current[i] = el;
            }}
            onKeyDown={(e: KeyboardEvent) => handleKey(e, i)}
            draggable
            onDragStart={() => setDragging(i)}
            onDragOver={(e: React.DragEvent) => e.preventDefault()}
            onDrop={() => {
              if (dragging !== null) moveTo(dragging, i, false);
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
            style={{ opacity: dragging === i ? 0.5 : 1, cursor: 'grab' }}
          >
            <Group gap="xs" wrap="nowrap">
              <IconGripVertical size={16} aria-hidden />
              <Text size="sm" w={28} c="dimmed">
                {i + 1}
              </Text>
              <Text size="sm" style={{ flex: 1 }} truncate>
                {title(r)}
              </Text>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${title(r)} up`}
                disabled={i === 0}
                onClick={() => moveTo(i, i - 1, false)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${title(r)} down`}
                disabled={i === items.length - 1}
                onClick={() => moveTo(i, i + 1, false)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={handleSave} loading={save.isPending} disabled={!changed || stale}>
          Save order
        </Button>
      </Group>
    </Stack>
  );
}

/** "Reorder" on a list whose resource keeps an order: the whole list in a dialog, saved at once. */
export function ReorderButton({ def }: { def: ResourceDef }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Reorder
      </Button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title={`Reorder ${lowerLabel(def.pluralLabel)}`}>
        {(onBusy) => <ReorderList def={def} onDone={() => setOpened(false)} onBusy={onBusy} />}
      </FormModal>
    </>
  );
}
