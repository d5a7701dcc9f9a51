import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';

/** "Back" above a device's detail page, to the list it came from (the arrow mirrors in Hebrew). */
export function BackToList({ to }: { to: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Link to={to} className="hg-storage-back" data-testid="back-to-list">
      <ArrowLeftOutlined className="hg-flip-rtl" /> {t('batteries.common.back')}
    </Link>
  );
}

/** A device's detail page while it loads. */
export function DetailLoading(): React.JSX.Element {
  return (
    <section className="hg-page-card" aria-busy="true">
      <Skeleton active paragraph={{ rows: 8 }} />
    </section>
  );
}

interface MissingProps {
  error: unknown;
  retry: () => void;
  listPath: string;
  'data-testid': string;
  /** Default batteries.common.notFound / loadFailed. */
  notFound?: string;
  loadFailed?: string;
}

/**
 * A device that does not exist (or is not the caller's: the API answers with a code) gets a clear page
 * instead of an empty one; any other failure offers a retry. Both lead back to the list.
 */
export function DetailMissing({
  error,
  retry,
  listPath,
  'data-testid': testId,
  notFound,
  loadFailed,
}: MissingProps): React.JSX.Element {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && error.code > 0;
  return (
    <section className="hg-page-card" data-testid={testId}>
      <Result
        status={missing ? '404' : 'warning'}
        title={
          missing ? (notFound ?? t('batteries.common.notFound')) : (loadFailed ?? t('batteries.common.loadFailed'))
        }
        extra={
          <>
            {!missing && <Button onClick={retry}>{t('batteries.common.retry')}</Button>}
            <Link to={listPath}>
              <Button type={missing ? 'primary' : 'default'}>{t('batteries.common.back')}</Button>
            </Link>
          </>
        }
      />
    </section>
  );
}

/** What a detail page shows while it has no device: the skeleton while loading, else why it is missing. */
export function DetailAbsent({ loading, ...missing }: MissingProps & { loading: boolean }): React.JSX.Element {
  return loading ? <DetailLoading /> : <DetailMissing {...missing} />;
}

/** A device's detail query (useDeviceDetail) as a detail page reads it. */
export interface DetailQuery<T> {
  data: T | undefined;
  isLoading: boolean;
  error: unknown;
  refetch: () => unknown;
}

type GateProps<T> = Omit<MissingProps, 'error' | 'retry'> & {
  query: DetailQuery<T>;
  /** The page, once the device is there. */
  children: (device: T) => React.ReactNode;
};

/**
 * A detail page's device once it is loaded; until then the skeleton, or why it is missing (a failed refresh
 * counts too: the page does not go on showing what may be stale without saying so).
 */
export function DetailGate<T>({ query, children, ...missing }: GateProps<T>): React.JSX.Element {
  if (query.isLoading || query.error || !query.data)
    return (
      <DetailAbsent loading={query.isLoading} error={query.error} retry={() => void query.refetch()} {...missing} />
    );
  return <>{children(query.data)}</>;
}
