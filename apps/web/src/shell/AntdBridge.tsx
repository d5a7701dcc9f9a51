import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setNotifier } from '../api/notifier';

/** Hands antd's context-aware message and modal to the request client (src/api/notifier.ts). */
export function AntdBridge(): null {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  useEffect(() => {
    setNotifier({
      error: (text) => void message.error(text || t('error.generic')),
      serverDown: (onOk, onClose) => {
        modal.confirm({
          title: t('error.serverDownTitle'),
          content: t('error.serverDownBody'),
          okText: t('common.reload'),
          cancelText: t('common.close'),
          onOk,
          afterClose: onClose,
        });
      },
    });
  }, [message, modal, t]);
  return null;
}
