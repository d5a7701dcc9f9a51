import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { HomeButton } from './HomeButton';
import { session } from '../../api/session';
import { StandalonePage } from '../../kit/StandalonePage';

export default function NotFoundPage(): React.JSX.Element {
  const { t } = useTranslation();
  const signedIn = session.isSignedIn();
  return (
    <StandalonePage>
      <Result
        status="404"
        title={
          <>
            <div className="hg-error-code">404</div>
            <h1 className="hg-result-title">{t('error.notFoundTitle')}</h1>
          </>
        }
        subTitle={t('error.notFoundBody')}
        extra={<HomeButton signedIn={signedIn} />}
      />
    </StandalonePage>
  );
}
