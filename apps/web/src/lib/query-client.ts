import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls are already toasted by the api client, so nothing is retried
 * (a retry would repeat the toast and, for a 401, the logout).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 },
    mutations: { retry: false },
  },
});
