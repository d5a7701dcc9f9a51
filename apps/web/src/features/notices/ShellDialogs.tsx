import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_TYPE, NOTICE_LIMITS } from '@heliograph/shared';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_COUNT_KEY } from '../../api/auth';
import { noticeApi, noticeKeys } from './api';
import { noticeLink } from './noticeText';
import './notices.css';

/**
 * The shell's dialogs of spec §4, at the notification width of §9 (680 px): a migration notice (type 2) with a
 * confirm button, and the system notice tip (type 4) with its address. Confirming marks the message read and
 * refreshes the unread count; the next unread one, if any, follows.
 */
export function ShellDialogs(): React.JSX.Element | null {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const popup = useQuery({ queryKey: [...noticeKeys.popup, i18n.language], queryFn: noticeApi.popup, retry: false });
  const confirm = useMutation({
    mutationFn: (id: string) => noticeApi.read({ id, kind: 'message' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      void queryClient.invalidateQueries({ queryKey: MESSAGE_COUNT_KEY });
    },
  });
  const notice = popup.data?.notice;
  if (!notice) return null;
  const migration = notice.type === MESSAGE_TYPE.migration;
  const link = noticeLink(notice);
  const done = () => confirm.mutate(notice.id);
  return (
    <Modal
      open
      width={NOTICE_LIMITS.dialogWidthPx}
      title={migration ? t('notices.dialog.migrationTitle') : t('notices.dialog.systemTitle')}
      closable={!migration}
      keyboard={!migration}
      maskClosable={false}
      onCancel={done}
      footer={
        <Button type="primary" onClick={done} loading={confirm.isPending} data-testid="notice-dialog-ok">
          {migration ? t('notices.dialog.confirm') : t('notices.dialog.gotIt')}
        </Button>
      }
    >
      <div data-testid={migration ? 'migration-dialog' : 'system-notice-dialog'}>
        <p className="hg-notice-dialog-subject">{notice.title}</p>
        {notice.content && <p className="hg-notice-dialog-text">{notice.content}</p>}
        {link && (
          <a
            href={link.to}
            {...(link.external ? { target: '_blank', rel: 'noreferrer noopener' } : {})}
            data-testid="notice-dialog-link"
          >
            {t('notices.dialog.openLink')}
          </a>
        )}
      </div>
    </Modal>
  );
}
