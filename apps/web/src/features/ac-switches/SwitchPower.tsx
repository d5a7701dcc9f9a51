import { PoweroffOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { App, Button, Space, Switch, Tag, Tooltip, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { useCommand } from '../device-common/useCommand';
import { switchApi, switchKeys } from './acSwitchApi';
import { powerState } from './powerState';

interface Target {
  sn: string;
  on: boolean;
  localOff: boolean;
}

// antd's ButtonProps has no data-* index, so the test id travels in a typed spread.
const CONFIRM_OFF: ButtonProps = { danger: true, ...({ 'data-testid': 'switch-off-confirm' } as ButtonProps) };

/**
 * Turning a switch on or off: off is confirmed first (whatever hangs on it loses power); on is refused here
 * with the reason when the switch was turned off at the switch itself, as the switch would refuse it (spec §4).
 */
function usePower(target: Target) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const command = useCommand<boolean>(target.sn, (on) => switchApi.setSwitch(target.sn, on), switchKeys.all);
  const request = (on: boolean) => {
    if (on) {
      command.mutate(true);
      return;
    }
    void modal.confirm({
      title: t('acSwitches.power.offTitle', { sn: target.sn }),
      content: t('acSwitches.power.offBody'),
      okText: t('acSwitches.power.turnOff'),
      okButtonProps: CONFIRM_OFF,
      cancelText: t('batteries.common.cancel'),
      onOk: () => command.mutateAsync(false).catch(() => undefined),
    });
  };
  return { command, request };
}

/** The state as words: on, off, or off at the switch (colour is never the only cue). */
export function PowerTag({ on, localOff }: { on: boolean; localOff: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { state } = powerState({ on, localOff });
  const colour = { on: 'success', off: 'default', localOff: 'warning' }[state];
  return (
    <Tag color={colour} data-testid="switch-state" data-state={state}>
      {t(`acSwitches.state.${state}`)}
    </Tag>
  );
}

/** A row's toggle in the list. */
export function PowerToggle({ target }: { target: Target }): React.JSX.Element {
  const { t } = useTranslation();
  const { command, request } = usePower(target);
  const blocked = powerState(target).onRefused && !target.on;
  // The switch took the command but its next reading is still to come: show what it was told, not the old
  // reading, so the toggle does not spring back.
  const [awaiting, setAwaiting] = useState<boolean | undefined>();
  useEffect(() => {
    if (command.data?.status === 'succeeded') setAwaiting(command.variables);
  }, [command.data, command.variables]);
  useEffect(() => {
    if (awaiting === target.on) setAwaiting(undefined);
  }, [awaiting, target.on]);
  const shown = awaiting ?? (target.on && !target.localOff);
  const toggle = (
    <Switch
      size="small"
      checked={shown}
      loading={command.isPending}
      disabled={blocked}
      aria-label={t('acSwitches.power.toggle', { sn: target.sn })}
      data-testid={`switch-toggle-${target.sn}`}
      onChange={(on) => request(on)}
    />
  );
  return (
    <Space size={4}>
      {blocked ? <Tooltip title={t('acSwitches.power.localOffReason')}>{<span>{toggle}</span>}</Tooltip> : toggle}
      {command.data ? <CommandStatusTag status={command.data.status} /> : null}
    </Space>
  );
}

/** The detail page's on and off buttons with how the last command ended. */
export function PowerButtons({ target }: { target: Target }): React.JSX.Element {
  const { t } = useTranslation();
  const { command, request } = usePower(target);
  const power = powerState(target);
  const blocked = power.onRefused;
  return (
    <div className="hg-switch-power" data-testid="switch-power">
      <Space wrap>
        <Tooltip title={blocked ? t('acSwitches.power.localOffReason') : undefined}>
          <Button
            type={power.main === 'on' ? 'primary' : 'default'}
            icon={<ThunderboltOutlined />}
            disabled={blocked || command.isPending}
            loading={command.isPending && command.variables === true}
            onClick={() => request(true)}
            data-testid="switch-on"
          >
            {t('acSwitches.power.turnOn')}
          </Button>
        </Tooltip>
        <Button
          danger
          icon={<PoweroffOutlined />}
          disabled={command.isPending}
          loading={command.isPending && command.variables === false}
          onClick={() => request(false)}
          data-testid="switch-off"
        >
          {t('acSwitches.power.turnOff')}
        </Button>
        {command.isPending ? (
          <CommandStatusTag status="sent" />
        ) : command.data ? (
          <span data-testid="switch-last-command">
            {t(command.variables ? 'acSwitches.power.lastOn' : 'acSwitches.power.lastOff')}{' '}
            <CommandStatusTag status={command.data.status} />
          </span>
        ) : null}
      </Space>
      {blocked ? (
        <p className="hg-page-hint" role="note" data-testid="switch-local-off-note">
          {t('acSwitches.power.localOffReason')}
        </p>
      ) : null}
    </div>
  );
}
