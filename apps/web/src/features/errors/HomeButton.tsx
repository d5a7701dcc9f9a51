import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Back to the console's home when signed in, else to sign-in (spec §2.3 error pages). */
export function HomeButton({ signedIn }: { signedIn: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" size="large" onClick={() => navigate(signedIn ? '/' : '/login')}>
      {signedIn ? t('common.backHome') : t('common.goToLogin')}
    </Button>
  );
}
