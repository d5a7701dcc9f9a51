import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { initI18n } from './i18n';
import { theme } from './kit/theme';
import { AntdBridge } from './shell/AntdBridge';
import { queryClient } from './api/queryClient';
import { router } from './shell/router';
import './styles.css';

/**
 * A visitor who asked their system for less motion (WCAG 2.3.3) gets none from Ant Design either: menus,
 * dialogs and drawers appear at once instead of zooming and sliding in.
 */
function themeForMotion(): typeof theme {
  const reduce =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}

async function start(): Promise<void> {
  const { antdLocale, direction } = await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider locale={antdLocale} direction={direction} theme={themeForMotion()}>
        <AntApp>
          <AntdBridge />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </StrictMode>,
  );
}

void start();
