import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The plant list or map could not be loaded: says so, with a button to try again. */
export function LoadFailedResult({ title, onRetry }: { title: string; onRetry: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={<h2 className="hg-result-title">{title}</h2>}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
