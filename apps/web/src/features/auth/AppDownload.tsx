import { MobileOutlined } from '@ant-design/icons';
import { Button, Modal, QRCode } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextButton } from './TextButton';
import './mfa.css';

/**
 * The login page's app entry: a QR code of this console's address for a phone, which opens it and installs it
 * from the browser as a web app (the manifest in public/ gives it a name, icons and a standalone window).
 */
export function AppDownload(): React.JSX.Element {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const address = `${window.location.origin}/login`;
  return (
    <>
      <TextButton icon={<MobileOutlined />} onClick={() => setOpen(true)} data-testid="app-download">
        {t('mfa.appDownload')}
      </TextButton>
      <Modal
        open={open}
        title={t('mfa.appTitle')}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            {t('mfa.close')}
          </Button>
        }
        width={400}
        centered
      >
        <div className="hg-app-qr" data-testid="app-qr">
          <QRCode value={address} size={192} type="svg" role="img" aria-label={t('mfa.appQrLabel')} />
          <p className="hg-app-address">
            <bdi dir="ltr">{address}</bdi>
          </p>
          <ol className="hg-scan-steps">
            <li>{t('mfa.appStep1')}</li>
            <li>{t('mfa.appStep2')}</li>
          </ol>
        </div>
      </Modal>
    </>
  );
}
