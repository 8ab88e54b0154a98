import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // Failures are already user-facing messages; one retry covers a blip without hiding real errors.
    // offlineFirst: with no network a query still runs (the service worker may answer it from its
    // copy, issue 35) instead of waiting paused for the network to return.
    queries: {
      retry: 1,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      networkMode: 'offlineFirst',
    },
  },
});
