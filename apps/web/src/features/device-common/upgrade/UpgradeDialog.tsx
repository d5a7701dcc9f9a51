import { ERROR_CODES, type UpgradeCheck, type UpgradeOption, type UpgradeRow } from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Radio, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { Quantity } from '../../../components/Quantity';
// Through the toolkit's own name: the boundary rule reads a bare "../" from this sub-folder as another feature.
import { operationLogKey } from '../../device-common/commandApi';
import { START_REFUSALS, upgradeApi, upgradeKeys } from './api';
import { formatBytes, upgradeTime, viewerZone } from './format';
import './upgrade.css';

interface Props {
  sn: string;
  open: boolean;
  onClose: () => void;
  tz?: string;
}

/**
 * "Upgrade firmware" (spec §4): asks the device what it runs and what it may take, lists the firmware newest
 * first with its change log, size and mode, and starts the chosen one. An offline device asks first whether to
 * go on (1201, then again with confirmOffline); an offline gateway means the upgrade waits for it; the other
 * refusals (1202, 1207, 1208, 1211) are the server's own translated words, shown in the dialog.
 */
export function UpgradeDialog({ sn, open, onClose, tz = viewerZone() }: Props): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('deviceCommon.upgrade.title', { sn })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={640}
      data-testid="upgrade-dialog"
    >
      {open ? <CheckedOptions sn={sn} onClose={onClose} tz={tz} /> : null}
    </Modal>
  );
}

function CheckedOptions({ sn, onClose, tz }: { sn: string; onClose: () => void; tz: string }) {
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: upgradeKeys.check(sn),
    queryFn: () => upgradeApi.check(sn),
    retry: false,
    // Each opening asks again: versions and the device's state change between two looks.
    staleTime: 0,
    gcTime: 0,
  });
  const latest =
    (check.error instanceof ApiError && check.error.code === ERROR_CODES.firmwareLatest) ||
    (check.data !== undefined && check.data.options.length === 0 && !check.data.open);

  if (latest)
    return (
      <Result
        status="success"
        title={t('deviceCommon.upgrade.latest')}
        subTitle={check.data?.current ? t('deviceCommon.upgrade.runs', { version: check.data.current }) : undefined}
        extra={<Button onClick={onClose}>{t('deviceCommon.upgrade.close')}</Button>}
        data-testid="upgrade-latest"
      />
    );
  if (check.isError)
    return (
      <Result
        status="warning"
        title={t('deviceCommon.upgrade.loadFailed')}
        extra={<Button onClick={() => void check.refetch()}>{t('deviceCommon.upgrade.retry')}</Button>}
      />
    );
  if (!check.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  return <StartForm sn={sn} check={check.data} onClose={onClose} tz={tz} />;
}

interface StartVars {
  firmwareId: string;
  confirmOffline: boolean;
}

function StartForm({ sn, check, onClose, tz }: { sn: string; check: UpgradeCheck; onClose: () => void; tz: string }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string | undefined>(check.options[0]?.firmwareId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const option = check.options.find((o) => o.firmwareId === picked);

  const start = useMutation<UpgradeRow, Error, StartVars>({
    mutationFn: ({ firmwareId, confirmOffline }) => upgradeApi.start(sn, firmwareId, confirmOffline),
    onMutate: () => setRefusal(null),
    onSuccess: (row) => {
      queryClient.setQueryData(upgradeKeys.progress(sn), row);
      void queryClient.invalidateQueries({ queryKey: operationLogKey(sn) });
      if (row.state === 'waiting') void message.info(t('deviceCommon.upgrade.waitingGateway'));
      else void message.success(t('deviceCommon.upgrade.started', { version: row.toVersion }));
      onClose();
    },
    onError: (err, vars) => {
      if (!(err instanceof ApiError) || !START_REFUSALS.includes(err.code)) return;
      if (err.code === ERROR_CODES.deviceOffline && !vars.confirmOffline) {
        // Spec §4: upgrading an offline device asks whether to go on, warning it may fail.
        modal.confirm({
          title: t('deviceCommon.upgrade.offlineTitle'),
          content: t('deviceCommon.upgrade.offlineBody'),
          okText: t('deviceCommon.upgrade.continue'),
          cancelText: t('deviceCommon.upgrade.back'),
          onOk: () => start.mutate({ firmwareId: vars.firmwareId, confirmOffline: true }),
        });
        return;
      }
      setRefusal(err.message);
    },
  });

  return (
    <div data-testid="upgrade-check">
      <div className="hg-upg-facts">
        <span>
          {t('deviceCommon.upgrade.current')}:{' '}
          <Quantity>{check.current ?? t('deviceCommon.upgrade.unknownVersion')}</Quantity>
        </span>
        <span>
          {t('deviceCommon.upgrade.model')}: <bdi>{check.model || '--'}</bdi>
        </span>
      </div>
      {!check.gatewayOnline ? (
        <Alert
          type="info"
          showIcon
          title={t('deviceCommon.upgrade.gatewayOffline')}
          data-testid="upgrade-gateway-offline"
        />
      ) : !check.online ? (
        <Alert type="warning" showIcon title={t('deviceCommon.upgrade.deviceOffline')} />
      ) : null}
      {check.open ? (
        <Alert type="info" showIcon title={t('deviceCommon.upgrade.alreadyOpen')} data-testid="upgrade-already-open" />
      ) : null}
      <h3 className="hg-upg-heading" id={`upgrade-options-${sn}`}>
        {t('deviceCommon.upgrade.options')}
      </h3>
      <Radio.Group
        value={picked}
        onChange={(e) => setPicked(e.target.value as string)}
        className="hg-upg-options"
        aria-labelledby={`upgrade-options-${sn}`}
        data-testid="upgrade-options"
      >
        {check.options.map((o) => (
          <OptionRow key={o.firmwareId} option={o} locale={i18n.language} tz={tz} />
        ))}
      </Radio.Group>
      {refusal ? <Alert type="error" showIcon title={refusal} data-testid="upgrade-refused" /> : null}
      <div className="hg-upg-summary" style={{ marginBlockStart: 16, justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{t('deviceCommon.upgrade.close')}</Button>
        <Button
          type="primary"
          disabled={!option || check.open !== null}
          loading={start.isPending}
          onClick={() => option && start.mutate({ firmwareId: option.firmwareId, confirmOffline: false })}
          data-testid="upgrade-start"
        >
          {option
            ? t('deviceCommon.upgrade.startVersion', { version: option.softwareVersion })
            : t('deviceCommon.upgrade.start')}
        </Button>
      </div>
    </div>
  );
}

function OptionRow({ option: o, locale, tz }: { option: UpgradeOption; locale: string; tz: string }) {
  const { t } = useTranslation();
  return (
    <Radio value={o.firmwareId} className="hg-upg-option">
      {/* The radio hands its own attributes to its input; the option's facts carry the test hooks. */}
      <span className="hg-upg-option-body" data-testid="upgrade-option" data-version={o.softwareVersion}>
        <span className="hg-upg-option-head">
          <strong>
            <Quantity>{o.softwareVersion}</Quantity>
          </strong>
          <Tag color={o.upgradeMode === 'remote' ? 'blue' : 'orange'}>
            {t(`deviceCommon.upgrade.modes.${o.upgradeMode}`)}
          </Tag>
          <span className="hg-upg-muted">
            <Quantity>{formatBytes(o.size, locale)}</Quantity>
          </span>
          <span className="hg-upg-muted">
            <Quantity>{upgradeTime(o.createdAt, tz)}</Quantity>
          </span>
        </span>
        <span className="hg-upg-muted">
          <bdi>{o.fileName}</bdi>
        </span>
        <span className="hg-upg-changelog">{o.changeLog || t('deviceCommon.upgrade.noChangeLog')}</span>
      </span>
    </Radio>
  );
}
