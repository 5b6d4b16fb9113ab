import type { Filter, SavedView } from '@cohort/domain';
import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconBookmark, IconTrash } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { saveListPreferences, useListPreferences } from '../../../lib/preferences';

const route = getRouteApi('/$resource');

type Props = {
  /** The list's screen (url segment). */
  screen: string;
  /** The list state a new view saves. */
  current: { filters: Filter[]; sort?: string; q?: string };
};

/** Named list states (filters, sort, search), kept with the person's preferences on the server. */
export function SavedViews({ screen, current }: Props) {
  const navigate = route.useNavigate();
  const views = useListPreferences(screen).views ?? [];
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSave = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Name the view');
    if (trimmed.length > 60) return setError('At most 60 characters');
    if (views.length >= 20) return setError('A list keeps at most 20 views: delete one first');
    const view: SavedView = {
      name: trimmed,
      ...(current.filters.length ? { filters: current.filters } : {}),
      ...(current.sort ? { sort: current.sort } : {}),
      ...(current.q ? { q: current.q } : {}),
    };
    saveListPreferences(screen, { views: [...views.filter((v) => v.name !== trimmed), view] });
    notifySuccess(`View "${trimmed}" saved`);
    setName('');
    setError(null);
  };

  const open = (view: SavedView) => {
    setOpened(false);
    void navigate({
      search: { filters: view.filters, sort: view.sort, q: view.q, page: undefined, size: undefined },
    });
  };

  const remove = (view: SavedView) => saveListPreferences(screen, { views: views.filter((v) => v !== view) });

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconBookmark size={16} />} onClick={() => setOpened((o) => !o)}>
          Views
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={320}>
        <Stack gap="xs">
          {views.length === 0 ? (
            <Text size="sm" c="dimmed">
              No saved views yet. Save the current filters, sort and search under a name.
            </Text>
          ) : (
            <Stack gap={4} role="list" aria-label="Saved views">
              {views.map((v) => (
                <Group key={v.name} gap="xs" wrap="nowrap" justify="space-between" role="listitem">
                  <UnstyledButton onClick={() => open(v)} fz="sm" style={{ flex: 1 }}>
                    {v.name}
                  </UnstyledButton>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete view ${v.name}`}
                    onClick={() => remove(v)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          <form onSubmit={handleSave} noValidate>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Save the current view as"
                size="xs"
                value={name}
                error={error}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <Button type="submit" size="xs">
                Save
              </Button>
            </Group>
          </form>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
