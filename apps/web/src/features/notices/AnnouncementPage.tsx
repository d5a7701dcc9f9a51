import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../components/Quantity';
import { StandalonePage } from '../../kit/StandalonePage';
import { LoadFailed } from '../device-common/LoadFailed';
import { noticeApi, noticeKeys } from './api';
import { formatTime, typeLabel } from './noticeText';
import './notices.css';

const SIZE = 10;

/** /announcement — the bulletins to everyone, readable without signing in (spec §2.1), newest first. */
export default function AnnouncementPage(): React.JSX.Element {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...noticeKeys.announcements(page), i18n.language],
    queryFn: () => noticeApi.announcements(page, SIZE),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  return (
    <StandalonePage wide>
      <section className="hg-announcements" aria-labelledby="announcements-title" data-testid="announcements">
        <h1 id="announcements-title" className="hg-page-title">
          {t('page.announcement')}
        </h1>
        {list.isError && !list.data ? (
          <LoadFailed title={t('notices.loadFailed')} retry={list.refetch} retryText={t('notices.retry')} />
        ) : list.isLoading ? (
          <Skeleton active />
        ) : rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.noAnnouncements')} />
        ) : (
          <>
            {rows.map((b) => (
              <article key={b.id} className="hg-announcement" aria-labelledby={`announcement-${b.id}`}>
                <header className="hg-announcement-head">
                  <Tag color="blue">{typeLabel(t, { kind: 'bulletin', type: b.type })}</Tag>
                  <h2 id={`announcement-${b.id}`} className="hg-announcement-title">
                    {b.title}
                  </h2>
                </header>
                <p className="hg-announcement-meta">
                  <Quantity>{formatTime(b.releaseAt)}</Quantity>
                  {b.announcer && <span> · {b.announcer}</span>}
                  {b.version && (
                    <span>
                      {' · '}
                      <bdi dir="ltr">{b.version}</bdi>
                    </span>
                  )}
                </p>
                <p className="hg-announcement-text">{b.text}</p>
                {b.url && (
                  <a href={b.url} {...(b.url.startsWith('/') ? {} : { target: '_blank', rel: 'noreferrer noopener' })}>
                    {t('notices.openLink')}
                  </a>
                )}
              </article>
            ))}
            <Pagination
              current={page}
              pageSize={SIZE}
              total={list.data?.total ?? 0}
              onChange={setPage}
              hideOnSinglePage
              showSizeChanger={false}
            />
          </>
        )}
      </section>
    </StandalonePage>
  );
}
