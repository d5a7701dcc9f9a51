import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A plant page whose plant could not be loaded: says so, offers to try again or go back to the list. `texts` is
 * the page's catalogue section, holding `notLoaded`, `notLoadedBody` and `backToList`.
 */
export function PlantNotLoaded({
  texts,
  testId,
  onRetry,
}: {
  texts: 'overview' | 'plantLayout' | 'cameras';
  testId: string;
  onRetry: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="hg-page-card" data-testid={testId}>
      <Result
        status="warning"
        title={<h1 className="hg-result-title">{t(`${texts}.notLoaded`)}</h1>}
        subTitle={t(`${texts}.notLoadedBody`)}
        extra={[
          <Button key="retry" type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>,
          <Link key="list" to="/plants">
            {t(`${texts}.backToList`)}
          </Link>,
        ]}
      />
    </div>
  );
}
