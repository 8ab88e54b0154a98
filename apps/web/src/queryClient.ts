import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // Failures are already user-facing messages; one retry covers a blip without hiding real errors.
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});
