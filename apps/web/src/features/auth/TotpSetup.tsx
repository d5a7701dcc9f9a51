import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { App, Button, QRCode, Typography } from 'antd';
import type { TotpEnrolment } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { groupSecret } from './mfaFormat';
import './mfa.css';

/**
 * Step one of setting up an authenticator: the QR code of the otpauth URI, and the secret's text for an app
 * that cannot scan (read by the end-to-end test too: `totp-secret`).
 */
export function TotpQr({ enrolment }: { enrolment: TotpEnrolment }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="hg-mfa-setup" data-testid="totp-setup">
      <ol className="hg-mfa-steps">
        <li>{t('mfa.setupStep1')}</li>
        <li>{t('mfa.setupStep2')}</li>
        <li>{t('mfa.setupStep3')}</li>
      </ol>
      <div className="hg-mfa-qr-row">
        <QRCode
          value={enrolment.uri}
          size={176}
          bordered
          className="hg-mfa-qr"
          aria-label={t('mfa.qrLabel')}
          role="img"
          type="svg"
        />
        <div className="hg-mfa-secret">
          <span className="hg-mfa-secret-label" id="totp-secret-label">
            {t('mfa.manualEntry')}
          </span>
          <Typography.Text
            code
            copyable={{ text: enrolment.secret, tooltips: [t('mfa.copy'), t('mfa.copied')] }}
            className="hg-mfa-secret-text"
            data-testid="totp-secret"
            data-secret={enrolment.secret}
            aria-labelledby="totp-secret-label"
          >
            <bdi dir="ltr">{groupSecret(enrolment.secret)}</bdi>
          </Typography.Text>
        </div>
      </div>
    </div>
  );
}

/** Ten one-time recovery codes, shown once: copy or download them before going on. */
export function RecoveryCodes({ codes, account }: { codes: string[]; account: string }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = `${t('mfa.recoveryFileTitle', { account })}\n\n${codes.join('\n')}\n`;
  const download = (): void => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'heliograph-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('mfa.copied'));
    } catch {
      void message.error(t('mfa.copyFailed'));
    }
  };
  return (
    <section className="hg-mfa-recovery" aria-labelledby="recovery-title" data-testid="recovery-codes">
      <h2 id="recovery-title" className="hg-mfa-recovery-title">
        {t('mfa.recoveryTitle')}
      </h2>
      <p>{t('mfa.recoveryHint')}</p>
      <ul className="hg-mfa-recovery-list" dir="ltr">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="hg-mfa-recovery-actions">
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('mfa.copyAll')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('mfa.download')}
        </Button>
      </div>
    </section>
  );
}
