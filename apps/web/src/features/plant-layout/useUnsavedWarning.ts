import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Warns before unsaved changes are lost: a confirmation when leaving inside the console, the browser's own
 * prompt when closing or reloading the tab.
 */
export function useUnsavedWarning(dirty: boolean): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('plantLayout.unsaved.title'),
      content: t('plantLayout.unsaved.body'),
      okText: t('plantLayout.unsaved.leave'),
      okButtonProps: { danger: true },
      cancelText: t('plantLayout.unsaved.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
