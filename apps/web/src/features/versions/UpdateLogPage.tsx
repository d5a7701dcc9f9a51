import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Pagination, Skeleton, Tag, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../components/Quantity';
import { LoadFailed } from '../device-common/LoadFailed';
import { versionApi, versionKeys } from './api';
import './versions.css';

const SIZE = 10;

/**
 * /systemupdate — the update log (spec §2.2, hidden from the menu; every signed-in user): the published console
 * versions newest first, each with its notes in the reader's language (English where that language has none).
 */
export default function UpdateLogPage(): React.JSX.Element {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const timeline = useQuery({
    // The notes come in the caller's language: a language change asks again.
    queryKey: [...versionKeys.timeline(page, SIZE), i18n.language],
    queryFn: () => versionApi.timeline(page, SIZE),
    placeholderData: keepPreviousData,
  });
  const latest = useQuery({ queryKey: versionKeys.latest, queryFn: versionApi.latest, staleTime: 60_000 });

  if (timeline.isError && !timeline.data)
    return (
      <LoadFailed card title={t('versions.loadFailed')} retry={timeline.refetch} retryText={t('versions.retry')} />
    );

  const rows = timeline.data?.rows ?? [];
  const running = latest.data?.running;
  return (
    <section className="hg-page-card hg-update-log" aria-labelledby="update-log-title" data-testid="update-log">
      <header className="hg-page-header">
        <div>
          <h1 id="update-log-title" className="hg-page-title">
            {t('page.updateLog')}
          </h1>
          <p className="hg-page-hint">
            {running ? t('versions.updateLogHint', { version: running }) : t('versions.updateLogHintPlain')}
          </p>
        </div>
      </header>
      {timeline.isLoading ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('versions.updateLogEmpty')} />
      ) : (
        <>
          <Timeline
            className="hg-update-timeline"
            items={rows.map((v, i) => ({
              key: v.id,
              color: page === 1 && i === 0 ? 'green' : 'gray',
              content: (
                <article className="hg-update-entry" aria-labelledby={`update-${v.id}`} data-testid="update-entry">
                  <h2 id={`update-${v.id}`} className="hg-update-title">
                    {t('versions.versionNamed', { version: v.version })}
                    {page === 1 && i === 0 && <Tag color="green">{t('versions.latest')}</Tag>}
                    {v.version === running && <Tag color="blue">{t('versions.runningTag')}</Tag>}
                  </h2>
                  <p className="hg-versions-meta">
                    <Quantity>{dayjs(v.publishedAt).format('YYYY-MM-DD')}</Quantity>
                  </p>
                  <div className="hg-versions-notes">{v.content}</div>
                </article>
              ),
            }))}
          />
          {(timeline.data?.total ?? 0) > SIZE && (
            <Pagination
              current={page}
              pageSize={SIZE}
              total={timeline.data?.total ?? 0}
              onChange={setPage}
              showSizeChanger={false}
              className="hg-update-pages"
            />
          )}
        </>
      )}
    </section>
  );
}
