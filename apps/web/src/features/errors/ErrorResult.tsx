import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { HomeButton } from './HomeButton';

/** An error page's body: the big status code, its title and text, and a way back home or to sign-in. */
export function ErrorResult({
  status,
  error,
  signedIn,
}: {
  status: '403' | '404';
  /** Names the texts `error.<error>Title` and `error.<error>Body`. */
  error: 'forbidden' | 'notFound';
  signedIn: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Result
      status={status}
      title={
        <>
          <div className="hg-error-code">{status}</div>
          <h1 className="hg-result-title">{t(`error.${error}Title`)}</h1>
        </>
      }
      subTitle={t(`error.${error}Body`)}
      extra={<HomeButton signedIn={signedIn} />}
    />
  );
}
