import { FILTER_OPERATORS, type Filter } from '@cohort/domain';

export const PAGE_SIZES = [10, 14, 50, 100] as const;

/**
 * List state kept in the url: page, page size, sort ("field" / "-field"), filters, quick search.
 * `filters` is text when the link's filters could not be read (the list page says so and
 * drops them); `size` is any number the link gave (the list page keeps it to PAGE_SIZES).
 */
export type ListSearch = {
  page?: number;
  size?: number;
  sort?: string;
  q?: string;
  filters?: Filter[] | string;
  /** The saved view these came from (decision 020): named above the list, offered for saving over. */
  view?: number;
  /** Columns shown, in order (a saved view's); without it, the person's own column choice. */
  columns?: string[];
};

function isFilter(v: unknown): v is Filter {
  if (!v || typeof v !== 'object') return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.field === 'string' &&
    (FILTER_OPERATORS as readonly unknown[]).includes(f.operator) &&
    ['string', 'number', 'boolean'].includes(typeof f.value)
  );
}

/** The url's `filters` as the router decoded it: an array of filters, or the text that could not be read. */
function readFilters(raw: unknown): Filter[] | string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return raw.slice(0, 200);
    }
  }
  // One bad entry makes the whole set untrustworthy: a half-applied link would mislead.
  if (!Array.isArray(value) || !value.every(isFilter)) return JSON.stringify(value).slice(0, 200);
  return value.length ? value : undefined;
}

/** The url's `columns`: field names (checked against the list by the page), comma-separated or a list. */
function readColumns(raw: unknown): string[] | undefined {
  const names = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const clean = names.filter((n): n is string => typeof n === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(n)).slice(0, 100);
  return clean.length ? clean : undefined;
}

/**
 * Search parameters are untrusted input (a link cut off in a chat, a hand-edited url): this
 * shapes them, the list page then checks them against the resource (`usableListSearch`).
 * Every key is set, to undefined when absent: the router spreads the raw search under the
 * validated one, so a key left out would let the raw value through.
 */
export function validateListSearch(search: Record<string, unknown>): ListSearch {
  const page = Number(search.page);
  const size = Number(search.size);
  return {
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    size: search.size !== undefined && search.size !== '' && Number.isFinite(size) ? size : undefined,
    sort: typeof search.sort === 'string' && search.sort ? search.sort.slice(0, 64) : undefined,
    q: typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 500) : undefined,
    filters: readFilters(search.filters),
    view: Number.isInteger(Number(search.view)) && Number(search.view) > 0 ? Number(search.view) : undefined,
    columns: readColumns(search.columns),
  };
}
