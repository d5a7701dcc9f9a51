import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A layout view whose data could not be loaded: says so, with a button to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('plantLayout.loadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
