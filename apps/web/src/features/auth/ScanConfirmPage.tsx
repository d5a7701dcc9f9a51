import { CheckCircleOutlined, DesktopOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ERROR_CODES } from '@heliograph/shared';
import { fetchUserInfo, USER_INFO_KEY } from '../../api/auth';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { session } from '../../api/session';
import { StandalonePage } from '../../kit/StandalonePage';
import './mfa.css';

type Outcome = { kind: 'done' } | { kind: 'failed'; message: string } | null;

/**
 * /scan-login?code=… on a signed-in phone (the router sends a visitor without a session to sign in first): the
 * QR code of another device's login page asks "sign in there as this account?". Nothing happens without the
 * explicit yes; the other device then gets its own sign-in, never this phone's.
 */
export default function ScanConfirmPage(): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('code') ?? '';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { data: user, isLoading } = useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: fetchUserInfo,
    placeholderData: session.getUserInfo() ?? undefined,
  });

  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      await call(
        'POST /scanCode/confirm',
        { body: { ticket } },
        { tolerate: [ERROR_CODES.scanCodeInvalid, ERROR_CODES.validation] },
      );
      setOutcome({ kind: 'done' });
    } catch (err) {
      const invalid =
        err instanceof ApiError && (err.code === ERROR_CODES.scanCodeInvalid || err.code === ERROR_CODES.validation);
      setOutcome({ kind: 'failed', message: invalid ? t('mfa.scanConfirmInvalid') : t('error.generic') });
    } finally {
      setBusy(false);
    }
  };

  const home = <Button onClick={() => navigate('/')}>{t('mfa.scanBackHome')}</Button>;

  let body: React.ReactNode;
  if (!ticket) {
    body = (
      <Result
        status="warning"
        title={<h1 className="hg-result-title">{t('mfa.scanConfirmInvalid')}</h1>}
        extra={home}
      />
    );
  } else if (outcome?.kind === 'done') {
    body = (
      <Result
        icon={<CheckCircleOutlined />}
        status="success"
        title={<h1 className="hg-result-title">{t('mfa.scanConfirmed')}</h1>}
        subTitle={t('mfa.scanConfirmedHint')}
        extra={home}
        data-testid="scan-confirmed"
      />
    );
  } else if (outcome?.kind === 'failed') {
    body = (
      <Result
        icon={<WarningOutlined />}
        status="warning"
        title={<h1 className="hg-result-title">{outcome.message}</h1>}
        extra={home}
        data-testid="scan-confirm-failed"
      />
    );
  } else if (!user && isLoading) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else {
    const account = user?.account ?? '';
    body = (
      <section className="hg-scan-confirm" aria-labelledby="scan-confirm-title">
        <DesktopOutlined className="hg-scan-confirm-icon" aria-hidden="true" />
        <h1 id="scan-confirm-title" className="hg-scan-confirm-title">
          {t('mfa.scanConfirmTitle')}
        </h1>
        <p className="hg-scan-confirm-account" data-testid="scan-confirm-account">
          <bdi>{account}</bdi>
        </p>
        <Alert type="warning" showIcon title={t('mfa.scanConfirmWarning')} className="hg-scan-confirm-alert" />
        <div className="hg-scan-confirm-actions">
          <Button
            type="primary"
            size="large"
            block
            loading={busy}
            onClick={() => void confirm()}
            data-testid="scan-confirm"
          >
            {t('mfa.scanConfirmYes')}
          </Button>
          <Button size="large" block onClick={() => navigate('/')} data-testid="scan-cancel">
            {t('mfa.scanConfirmNo')}
          </Button>
        </div>
      </section>
    );
  }
  return <StandalonePage>{body}</StandalonePage>;
}
