import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { HomeButton } from './HomeButton';

/** The no-access page (spec §2.3, §6), in the shell or on its own, with a way back home or to sign-in. */
export function ForbiddenContent({ signedIn }: { signedIn: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={
        <>
          <div className="hg-error-code">403</div>
          <h1 className="hg-result-title">{t('error.forbiddenTitle')}</h1>
        </>
      }
      subTitle={t('error.forbiddenBody')}
      extra={<HomeButton signedIn={signedIn} />}
    />
  );
}
