import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StandalonePage } from '../../shell/StandalonePage';

/** /forgetok: the password was reset. */
export default function ForgetOkPage(): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandalonePage>
      <Result
        status="success"
        title={<h1 className="hg-result-title">{t('result.resetTitle')}</h1>}
        subTitle={t('result.resetBody')}
        extra={
          <Button type="primary" size="large" autoFocus onClick={() => navigate('/login')}>
            {t('auth.signIn')}
          </Button>
        }
      />
    </StandalonePage>
  );
}
