import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The form shows the error itself (dialog or field errors), so no notification. */
      handlesError?: boolean;
    };
  }
}

/** Client errors will not change on a retry; connection and server trouble may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesError) notifyError(error);
      },
    }),
  });
}

export const queryClient = createQueryClient();
