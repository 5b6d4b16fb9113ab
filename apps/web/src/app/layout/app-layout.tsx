import { roleByName } from '@cohort/domain';
import {
  ActionIcon,
  AppShell,
  Burger,
  Button,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { IconLogout, IconMoon, IconSearch, IconSun } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useLogout } from '../../features/auth/api/logout';
import { ImpersonationBanner } from '../../features/impersonation/components/impersonation-banner';
import { useRoleKey } from '../../lib/auth';
import { savePreferences } from '../../lib/preferences';
import { useAppStore } from '../../lib/store';
import { APP_HEADER_HEIGHT } from '../toasts';
import { CommandPalette } from './command-palette';
import { navGroupsFor } from './nav-links';

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} mode`}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Toggle dark mode"
        onClick={() => {
          setColorScheme(next);
          savePreferences({ theme: next });
        }}
      >
        {computed === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = useAppStore((s) => s.user);
  const role = useRoleKey();
  const { pathname } = useLocation();
  const logout = useLogout();
  const groups = navGroupsFor(role);
  // The spec's role names (ADMIN, KEY ACCOUNT MANAGER); a custom role by its own name.
  const roleLabel = user ? (roleByName(user.role)?.name ?? user.role) : '';

  return (
    <AppShell
      header={{ height: APP_HEADER_HEIGHT }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text fw={700} size="lg" c="inherit" td="none" component={Link} to="/" data-testid="brand-link">
              Cohort Admin
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user && (
              <Stack gap={0} visibleFrom="xs" align="flex-end" data-testid="current-user">
                <Text size="sm" fw={600}>
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {roleLabel}
                </Text>
              </Stack>
            )}
            <Tooltip label="Search (Ctrl+K)">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Open the command palette"
                onClick={() => spotlight.open()}
              >
                <IconSearch size={18} />
              </ActionIcon>
            </Tooltip>
            <ColorSchemeToggle />
            <Button
              variant="default"
              leftSection={<IconLogout size={16} />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              Log out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea type="auto" scrollbarSize={6}>
          {groups.map((g) => (
            <Stack key={g.area ?? 'top'} gap={0} mb="xs">
              {g.area && (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={4}>
                  {g.area}
                </Text>
              )}
              {g.links.map((l) => (
                <NavLink
                  key={l.key}
                  component={Link}
                  to={l.to}
                  label={l.label}
                  active={isActive(pathname, l.to)}
                  onClick={close}
                />
              ))}
            </Stack>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <CommandPalette />
      <AppShell.Main id="main" tabIndex={-1}>
        <ImpersonationBanner />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
