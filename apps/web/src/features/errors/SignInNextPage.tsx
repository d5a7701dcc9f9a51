import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StandalonePage } from '../../kit/StandalonePage';

/** A finished account step (registered, password reset) whose only way on is signing in. */
export function SignInNextPage({ titleKey, bodyKey }: { titleKey: string; bodyKey: string }): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandalonePage>
      <Result
        status="success"
        title={<h1 className="hg-result-title">{t(titleKey)}</h1>}
        subTitle={t(bodyKey)}
        extra={
          <Button type="primary" size="large" autoFocus onClick={() => navigate('/login')}>
            {t('auth.signIn')}
          </Button>
        }
      />
    </StandalonePage>
  );
}
