import { LIKE_TERM } from './seed-blogs';

export const PAGE_SIZE = 14;

export type Scenario = {
  key: string;
  label: string;
  /** page_num header (1-based). */
  page: number;
  filters?: { field: string; operator: string; value: string }[];
  sort?: string;
};

export const SCENARIOS: Scenario[] = [
  { key: 'first-page', label: 'a. first page, default sort', page: 1 },
  { key: 'page-50', label: 'b. page 50', page: 50 },
  {
    key: 'title-like',
    label: `c. title like "${LIKE_TERM}"`,
    page: 1,
    filters: [{ field: 'title', operator: 'like', value: LIKE_TERM }],
  },
  {
    key: 'status-eq',
    label: 'd. status = Archived, -createdAt',
    page: 1,
    filters: [{ field: 'status', operator: '=', value: 'Archived' }],
    sort: '-createdAt',
  },
  { key: 'deep-page', label: 'e. page 5000 (offset 69,986)', page: 5000 },
];

export function listPath(s: Scenario): string {
  const q = new URLSearchParams({ page_size: String(PAGE_SIZE) });
  if (s.filters) q.set('filters', JSON.stringify(s.filters));
  if (s.sort) q.set('sort', s.sort);
  return `/admin/blog/get?${q}`;
}
