import { ArrowRightOutlined, NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { noticeApi, noticeKeys } from './api';
import { toastTitle } from './noticeText';
import './notices.css';

/**
 * The bottom-right toast of spec §4: the newest unread bulletin addressed to the user. It never closes by itself;
 * its arrow closes it and opens /notice, where the bulletin is read. It comes back on the next visit while the
 * bulletin stays unread, and a newly published one replaces it at once (useMessagesLive refetches).
 */
export function BulletinToast(): React.JSX.Element | null {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [closed, setClosed] = useState<string | null>(null);
  const last = useQuery({
    queryKey: [...noticeKeys.toast, i18n.language],
    queryFn: noticeApi.toast,
    retry: false,
  });
  const notice = last.data?.notice;
  if (!notice || notice.id === closed) return null;
  const title = toastTitle(t, notice.type);
  // In document.body: a transformed ancestor of the shell would otherwise pin `position: fixed` to itself, and
  // on a phone the toast would sit at the foot of the page instead of the screen.
  return createPortal(
    <aside
      className="hg-bulletin-toast"
      role="status"
      aria-labelledby="bulletin-toast-title"
      data-testid="bulletin-toast"
    >
      <div className="hg-bulletin-toast-head">
        <NotificationOutlined aria-hidden className="hg-bulletin-toast-icon" />
        <h2 id="bulletin-toast-title" className="hg-bulletin-toast-title">
          {title}
        </h2>
        <Button
          type="text"
          shape="circle"
          className="hg-flip-rtl"
          icon={<ArrowRightOutlined />}
          aria-label={t('notices.toast.open')}
          data-testid="bulletin-toast-open"
          onClick={() => {
            setClosed(notice.id);
            void navigate('/notice');
          }}
        />
      </div>
      <p className="hg-bulletin-toast-subject">{notice.title}</p>
      <p className="hg-bulletin-toast-text">{notice.content}</p>
    </aside>,
    document.body,
  );
}
