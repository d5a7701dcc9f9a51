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

async function start(): Promise<void> {
  const { antdLocale, direction } = await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider locale={antdLocale} direction={direction} theme={theme}>
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
