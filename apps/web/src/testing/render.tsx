import { cleanup, render, type RenderResult } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';

/**
 * For component tests (happy-dom): the English catalogue the app ships, a router at `path`, and an unmount
 * after each test, so a test reads what a user would see on the page.
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

export function renderPage(ui: React.ReactElement, path = '/'): RenderResult {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}
