import { QueryClient } from '@tanstack/react-query';

// One cache for the portal and admin area. Imported only by their layouts, so public
// pages never load TanStack Query.

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});
