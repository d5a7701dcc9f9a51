import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Any error a route throws: most often a page chunk that no longer exists after an upgrade. */
export function RouteError(): React.JSX.Element {
  const error = useRouteError();
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="hg-center-page">
      <Result
        status="warning"
        title={t('error.pageFailedTitle')}
        subTitle={t('error.pageFailedBody')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </main>
  );
}
