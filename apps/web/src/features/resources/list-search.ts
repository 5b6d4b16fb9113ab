import { FILTER_OPERATORS, type Filter, PAGE_SIZE_DEFAULT } from '@cohort/domain';

export const PAGE_SIZES = [10, 14, 50, 100] as const;

/** List state kept in the url: page, page size, sort ("field" / "-field"), filters, quick search. */
export type ListSearch = { page?: number; size?: number; sort?: string; q?: string; filters?: Filter[] };

function isFilter(v: unknown): v is Filter {
  if (!v || typeof v !== 'object') return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.field === 'string' &&
    (FILTER_OPERATORS as readonly unknown[]).includes(f.operator) &&
    ['string', 'number', 'boolean'].includes(typeof f.value)
  );
}

export function validateListSearch(search: Record<string, unknown>): ListSearch {
  const out: ListSearch = {};
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  const size = Number(search.size);
  if ((PAGE_SIZES as readonly number[]).includes(size) && size !== PAGE_SIZE_DEFAULT) out.size = size;
  if (typeof search.sort === 'string' && search.sort) out.sort = search.sort;
  if (typeof search.q === 'string' && search.q.trim()) out.q = search.q;
  let filters = search.filters;
  if (typeof filters === 'string') {
    try {
      filters = JSON.parse(filters);
    } catch {
      filters = undefined;
    }
  }
  if (Array.isArray(filters)) {
    const valid = filters.filter(isFilter);
    if (valid.length) out.filters = valid;
  }
  return out;
}
