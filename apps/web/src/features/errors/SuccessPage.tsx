import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StandalonePage } from '../../shell/StandalonePage';

/** After registration (/success): the account exists, sign in next. */
export default function SuccessPage(): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandalonePage>
      <Result
        status="success"
        title={<h1 className="hg-result-title">{t('result.registeredTitle')}</h1>}
        subTitle={t('result.registeredBody')}
        extra={
          <Button type="primary" size="large" autoFocus onClick={() => navigate('/login')}>
            {t('auth.signIn')}
          </Button>
        }
      />
    </StandalonePage>
  );
}
