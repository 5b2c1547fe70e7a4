import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Retrying a 4xx cannot succeed and would repeat the server's message; only network trouble
// and server errors get one more try.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
