/** The roles list keeps its name search in the url. */
export type RolesSearch = { q?: string };

export function validateRolesSearch(search: Record<string, unknown>): RolesSearch {
  // Every key set: the router spreads the raw search under the validated one.
  return { q: typeof search.q === 'string' && search.q.trim() ? search.q : undefined };
}

export const ROLE_TABS = [
  { value: 'members', label: 'Members' },
  { value: 'attendance', label: 'Attendance' },
] as const;
export type RoleTab = (typeof ROLE_TABS)[number]['value'];

/** Role detail: tab (members by default), page of the tab's list, attendance day (today by default). */
export type RoleDetailSearch = { tab?: 'attendance'; page?: number; date?: string };

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day in the browser's time zone, as YYYY-MM-DD (today by default). */
export function today(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function validateRoleDetailSearch(search: Record<string, unknown>): RoleDetailSearch {
  const page = Number(search.page);
  return {
    tab: search.tab === 'attendance' ? 'attendance' : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    date: isIsoDate(search.date) ? search.date : undefined,
  };
}
