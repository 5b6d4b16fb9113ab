/** The placement queue keeps its name search and page in the url. */
export type PlacementQueueSearch = { q?: string; page?: number };

export function validatePlacementQueueSearch(search: Record<string, unknown>): PlacementQueueSearch {
  const page = Number(search.page);
  return {
    q: typeof search.q === 'string' && search.q.trim() ? search.q : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
