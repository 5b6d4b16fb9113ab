export const DASHBOARD_TABS = [
  { value: 'home', label: 'Home' },
  { value: 'studies', label: 'Studies' },
  { value: 'stories', label: 'Stories' },
  { value: 'progress', label: 'Progress' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];
export type DashboardSearch = { tab?: DashboardTab };

export function validateDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const tab = DASHBOARD_TABS.find((t) => t.value === search.tab)?.value;
  return { tab: tab && tab !== 'home' ? tab : undefined };
}
