import { CloudUploadOutlined } from '@ant-design/icons';
import { UPGRADE_PERMISSION, type FirmwareKind } from '@heliograph/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../kit/permissions';
import { UpgradeDialog } from './UpgradeDialog';

/** "Upgrade firmware" on a device page, for whoever holds the kind's upgrade permission (UPGRADE_PERMISSION). */
export function UpgradeButton({ sn, kind }: { sn: string; kind: FirmwareKind }): React.JSX.Element | null {
  const { t } = useTranslation();
  const { held } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!held.has(UPGRADE_PERMISSION[kind])) return null;
  return (
    <>
      <Button icon={<CloudUploadOutlined />} onClick={() => setOpen(true)} data-testid="upgrade-button">
        {t('deviceCommon.upgrade.action')}
      </Button>
      <UpgradeDialog sn={sn} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
