import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';

/**
 * For component tests (happy-dom): the English catalogue the app ships, a router at `path`, a query cache,
 * and an unmount after each test, so a test reads what a user would see on the page.
 */
const catalogues = import.meta.glob<Record<string, unknown>>(
  ['../i18n/locales/en.json', '../features/*/locales/en.json'],
  {
    import: 'default',
    eager: true,
  },
);

const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: Object.assign({}, ...Object.values(catalogues)) } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

afterEach(cleanup);

/** A query cache that never retries; a test fills it (setQueryData) where a component would fetch. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

export function renderPage(
  ui: React.ReactElement,
  { path = '/', queryClient = testQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
): RenderResult {
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
