import { MobileOutlined } from '@ant-design/icons';
import { Button, QRCode } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type TokenPair } from '@heliograph/shared';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { scanUrl } from './mfaFormat';
import './mfa.css';

/** How often the desktop asks whether the phone confirmed. */
const POLL_MS = 2000;
/** New codes shown without a click before the page waits for the visitor (an idle tab stops asking). */
const AUTO_REFRESHES = 5;

type Status = 'loading' | 'active' | 'expired' | 'error';

/**
 * The login page's scan-code tab: a QR code of a short-lived ticket for a signed-in phone to confirm. The desktop
 * keeps the secret `code` and polls with it; once the phone confirmed, its poll answers a token pair of the
 * desktop's own. A code expires after two minutes and a new one is shown, up to AUTO_REFRESHES times.
 */
export function ScanLogin({ onSignedIn }: { onSignedIn: (pair: TokenPair) => Promise<void> }): React.JSX.Element {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('loading');
  const [ticket, setTicket] = useState<string | null>(null);
  // A click on "show a new code" starts over (and the automatic refreshes with it).
  const [round, setRound] = useState(0);
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });

  useEffect(() => {
    let alive = true;
    let timers: number[] = [];
    let refreshes = 0;
    const clear = (): void => {
      for (const id of timers) window.clearTimeout(id);
      timers = [];
    };
    const later = (ms: number, run: () => void): void => {
      timers.push(window.setTimeout(run, ms));
    };

    const poll = async (code: string): Promise<void> => {
      try {
        const answer = await call(
          'POST /oauth/check/token/code',
          { body: { code } },
          { tolerate: [ERROR_CODES.scanCodeInvalid], silent: true },
        );
        if (!alive) return;
        if (answer.state === 'signedIn' && answer.token) {
          clear();
          await signedIn.current(answer.token);
          return;
        }
        later(POLL_MS, () => void poll(code));
      } catch (err) {
        if (!alive) return;
        // Expired or spent meanwhile: a new code. A network fault is simply asked again.
        if (err instanceof ApiError && err.code === ERROR_CODES.scanCodeInvalid) void fresh();
        else later(POLL_MS * 2, () => void poll(code));
      }
    };

    const fresh = async (): Promise<void> => {
      clear();
      setStatus('loading');
      try {
        const made = await call('POST /anonymous/scanCode', {}, { silent: true });
        if (!alive) return;
        setTicket(made.ticket);
        setStatus('active');
        later(made.expiresIn * 1000, () => {
          refreshes += 1;
          if (refreshes <= AUTO_REFRESHES) void fresh();
          else {
            clear();
            setStatus('expired');
          }
        });
        later(POLL_MS, () => void poll(made.code));
      } catch {
        if (alive) setStatus('error');
      }
    };

    void fresh();
    return () => {
      alive = false;
      clear();
    };
  }, [round]);

  const again = (): void => setRound((r) => r + 1);
  const qrStatus = status === 'error' ? 'expired' : status;
  return (
    <div className="hg-scan" data-testid="scan-login" data-status={status} data-ticket={ticket ?? ''}>
      <QRCode
        value={ticket ? scanUrl(window.location.origin, ticket) : window.location.origin}
        status={qrStatus}
        size={208}
        type="svg"
        className="hg-scan-qr"
        role="img"
        aria-label={t('mfa.scanQrLabel')}
        onRefresh={again}
        statusRender={
          status === 'loading' || status === 'active'
            ? undefined
            : () => (
                <div className="hg-scan-expired" role="status">
                  <p>{status === 'error' ? t('mfa.scanFailed') : t('mfa.scanExpired')}</p>
                  <Button type="primary" onClick={again} data-testid="scan-refresh">
                    {t('mfa.scanRefresh')}
                  </Button>
                </div>
              )
        }
      />
      <ol className="hg-scan-steps">
        <li>
          <MobileOutlined aria-hidden="true" /> {t('mfa.scanStep1')}
        </li>
        <li>{t('mfa.scanStep2')}</li>
        <li>{t('mfa.scanStep3')}</li>
      </ol>
      <p className="hg-scan-note" aria-live="polite">
        {status === 'active' ? t('mfa.scanWaiting') : null}
      </p>
    </div>
  );
}
