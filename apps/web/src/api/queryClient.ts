import { QueryClient } from '@tanstack/react-query';

/** The request client already tells the person about failures (toast or dialog), so queries do not retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});
