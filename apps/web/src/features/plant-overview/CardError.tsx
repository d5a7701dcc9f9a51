import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import './overview.css';

/** A card whose data could not be loaded: says so and offers to try again. */
export function CardError({ onRetry, message }: { onRetry: () => void; message?: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="hg-card-error" role="alert" data-testid="card-error">
      <WarningOutlined className="hg-card-error-icon" aria-hidden="true" />
      <span>{message ?? t('overview.loadFailed')}</span>
      <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
