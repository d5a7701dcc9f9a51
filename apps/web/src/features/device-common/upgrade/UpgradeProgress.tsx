import {
  CheckCircleFilled,
  CloseCircleFilled,
  LoadingOutlined,
  MinusCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { isUpgradeOpen, type UpgradeRow } from '@heliograph/shared';
import { Alert, App, Button, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../../components/Quantity';
import { upgradeTime } from './format';
import { stepViews, type StepStatus } from './steps';
import { UpgradeStateTag } from './UpgradeStateTag';
import './upgrade.css';

interface Props {
  row: UpgradeRow;
  /** The time zone its times read in. */
  tz: string;
  /** Asks the device to stop; the button shows only when the upgrade is open and the device can stop. */
  onCancel?: () => void;
  cancelling?: boolean;
  /** Why the device refused to stop (1209, the server's words). */
  cancelRefused?: string | null;
}

const ICON: Record<StepStatus, React.ReactNode> = {
  done: <CheckCircleFilled className="hg-upg-icon-done" />,
  failed: <CloseCircleFilled className="hg-upg-icon-failed" />,
  current: <LoadingOutlined className="hg-upg-icon-current" />,
  pending: <MinusCircleOutlined className="hg-upg-icon-pending" />,
};

/**
 * One upgrade as spec §4 tells it: its state, from which version to which, the steps the device reported with
 * their times (the file's share while it is sent), why it failed, and a Cancel that asks first. The steps are
 * an ordered list; the current one is also announced politely, so a screen reader hears it move on.
 */
export function UpgradeProgress({ row, tz, onCancel, cancelling = false, cancelRefused }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const views = stepViews(row);
  const open = isUpgradeOpen(row.state);
  const current = views.find((v) => v.status === 'current');
  const stepName = (step: string) => t(`deviceCommon.upgrade.steps.${step}`);
  // A step still under way is named for what happens now, not for the outcome it will report.
  const doingName = (step: string) =>
    step === 'upgradeOk'
      ? t('deviceCommon.upgrade.installing')
      : step === 'downloadOk'
        ? t('deviceCommon.upgrade.downloading')
        : stepName(step);

  const confirmCancel = () =>
    modal.confirm({
      title: t('deviceCommon.upgrade.cancelTitle'),
      content: t('deviceCommon.upgrade.cancelBody'),
      okText: t('deviceCommon.upgrade.cancelConfirm'),
      okButtonProps: { danger: true },
      cancelText: t('deviceCommon.upgrade.keepGoing'),
      onOk: () => onCancel?.(),
    });

  return (
    <div className="hg-upg-progress" data-testid="upgrade-progress" data-state={row.state}>
      <div className="hg-upg-summary">
        <UpgradeStateTag state={row.state} />
        <span className="hg-upg-versions">
          <Quantity>
            {t('deviceCommon.upgrade.fromTo', {
              from: row.fromVersion ?? t('deviceCommon.upgrade.unknownVersion'),
              to: row.toVersion,
            })}
          </Quantity>
        </span>
        {row.wave !== null ? (
          <span className="hg-upg-muted">{t('deviceCommon.upgrade.wave', { wave: row.wave })}</span>
        ) : null}
        {open && onCancel && row.cancellable ? (
          <Button
            size="small"
            danger
            icon={<StopOutlined />}
            loading={cancelling}
            onClick={confirmCancel}
            data-testid="upgrade-cancel"
          >
            {t('deviceCommon.upgrade.cancelUpgrade')}
          </Button>
        ) : null}
      </div>
      {row.state === 'waiting' ? (
        <Alert type="info" showIcon title={t('deviceCommon.upgrade.waitingGateway')} data-testid="upgrade-waiting" />
      ) : null}
      <p className="hg-upg-live" aria-live="polite" data-testid="upgrade-current">
        {current ? t('deviceCommon.upgrade.currentStep', { step: doingName(current.step) }) : ''}
      </p>
      <ol className="hg-upg-steps" aria-label={t('deviceCommon.upgrade.stepsLabel')} data-testid="upgrade-steps">
        {views.map((v) => (
          <li
            key={v.step}
            className={`hg-upg-step hg-upg-step-${v.status}`}
            data-step={v.step}
            data-status={v.status}
            aria-current={v.status === 'current' ? 'step' : undefined}
          >
            <span aria-hidden="true">{ICON[v.status]}</span>
            <span className="hg-upg-step-body">
              <span className="hg-upg-step-name">{v.status === 'current' ? doingName(v.step) : stepName(v.step)}</span>
              <span className="hg-upg-step-time">
                {v.at !== null ? (
                  <Quantity>{upgradeTime(v.at, tz)}</Quantity>
                ) : (
                  <span className="hg-upg-muted">{t('deviceCommon.upgrade.stepPending')}</span>
                )}
              </span>
              {v.step === 'sendingFile' && v.status === 'current' && row.progress !== null ? (
                <Progress
                  percent={Math.round(row.progress)}
                  size="small"
                  aria-label={t('deviceCommon.upgrade.fileProgress', { percent: Math.round(row.progress) })}
                  data-testid="upgrade-file-progress"
                />
              ) : null}
            </span>
          </li>
        ))}
      </ol>
      <dl className="hg-upg-times">
        <div>
          <dt>{t('deviceCommon.upgrade.startedAt')}</dt>
          <dd>
            <Quantity>{upgradeTime(row.startedAt, tz)}</Quantity>
          </dd>
        </div>
        <div>
          <dt>{t('deviceCommon.upgrade.finishedAt')}</dt>
          <dd>
            <Quantity>{upgradeTime(row.finishedAt, tz)}</Quantity>
          </dd>
        </div>
        <div>
          <dt>{t('deviceCommon.upgrade.operator')}</dt>
          <dd>{row.operator}</dd>
        </div>
      </dl>
      {row.error ? (
        <Alert
          type="error"
          showIcon
          title={t('deviceCommon.upgrade.failedBecause', { reason: row.error })}
          data-testid="upgrade-error"
        />
      ) : null}
      {open && !row.cancellable ? (
        <p className="hg-upg-muted" data-testid="upgrade-no-cancel">
          {t('deviceCommon.upgrade.notCancellable')}
        </p>
      ) : null}
      {cancelRefused ? (
        <Alert type="warning" showIcon title={cancelRefused} data-testid="upgrade-cancel-refused" />
      ) : null}
    </div>
  );
}
