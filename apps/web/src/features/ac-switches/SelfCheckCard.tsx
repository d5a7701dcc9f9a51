import { SafetyOutlined } from '@ant-design/icons';
import { DEVICE_LIMITS } from '@heliograph/shared';
import { App, Button, Card, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { useCommand } from '../device-common/useCommand';
import { switchApi } from './acSwitchApi';

const SECONDS = DEVICE_LIMITS.selfCheckSeconds;

/**
 * The leakage self-check: the switch cuts power for ten seconds, so it is confirmed first and the wait is
 * shown as it passes; the outcome follows when the switch answers.
 */
export function SelfCheckCard({ sn, canRun }: { sn: string; canRun: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const command = useCommand<void>(sn, () => switchApi.selfCheck(sn));
  // The power stays cut for the whole check even when the switch answers at once, so the countdown runs
  // its ten seconds from the moment the command leaves.
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => {
      const s = (Date.now() - startedAt) / 1000;
      setElapsed(Math.min(SECONDS, s));
      if (s >= SECONDS) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [startedAt]);
  const counting = startedAt !== null && elapsed < SECONDS;
  const start = () =>
    void modal.confirm({
      title: t('acSwitches.selfCheck.confirmTitle'),
      content: t('acSwitches.selfCheck.confirmBody', { s: SECONDS }),
      okText: t('acSwitches.selfCheck.run'),
      cancelText: t('batteries.common.cancel'),
      onOk: () => {
        setElapsed(0);
        setStartedAt(Date.now());
        command.mutate();
      },
    });
  return (
    <Card size="small" title={t('acSwitches.selfCheck.title')} data-testid="switch-selfcheck">
      <div className="hg-switch-selfcheck">
        <p className="hg-page-hint">{t('acSwitches.selfCheck.help', { s: SECONDS })}</p>
        {counting || command.isPending ? (
          <div role="status" aria-live="polite" data-testid="selfcheck-progress">
            <Progress percent={Math.round((elapsed / SECONDS) * 100)} showInfo={false} status="active" />
            <span>
              {counting
                ? t('acSwitches.selfCheck.running', { s: Math.ceil(SECONDS - elapsed) })
                : t('acSwitches.selfCheck.waiting')}
            </span>
          </div>
        ) : null}
        {command.data && !command.isPending && !counting ? (
          <div role="status" data-testid="selfcheck-outcome">
            {t('acSwitches.selfCheck.outcome')} <CommandStatusTag status={command.data.status} />
            {command.data.error ? <span className="hg-storage-sub">{command.data.error}</span> : null}
          </div>
        ) : null}
        {canRun ? (
          <Button
            icon={<SafetyOutlined />}
            onClick={start}
            loading={command.isPending || counting}
            style={{ alignSelf: 'flex-start' }}
            data-testid="selfcheck-run"
          >
            {t('acSwitches.selfCheck.run')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
