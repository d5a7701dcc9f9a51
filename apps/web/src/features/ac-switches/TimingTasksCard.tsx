import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DEVICE_LIMITS, type TimingTask } from '@heliograph/shared';
import {
  type FormInstance,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Form,
  Popconfirm,
  Radio,
  Switch,
  TimePicker,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { useCommand } from '../device-common/useCommand';
import { switchApi, switchKeys } from './acSwitchApi';
import { showProblems } from './ruleProblems';
import { canAddTask, EMPTY_TASK, formToTask, taskSummary, taskToForm, WEEKDAYS, type TaskForm } from './timingTasks';
import { FormModal } from '../device-common/FormModal';
import '../device-common/settingRow.css';

/** Short weekday names in the reader's language (0 = Sunday), from the browser's own calendar data. */
function useDayName(): (d: number) => string {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return (d: number) => fmt.format(Date.UTC(2023, 0, 1 + d));
}

export function useTaskText(): (task: TimingTask) => string {
  const { t } = useTranslation();
  const dayName = useDayName();
  return (task) => {
    const s = taskSummary(task, dayName, t('acSwitches.task.daySep'));
    return t(`acSwitches.task.summary.${s.key}`, {
      ...s.values,
      action: t(`acSwitches.task.action.${s.values.action}`),
    });
  };
}

/**
 * Single and repeating timing tasks. The switch keeps the whole list, so every add, edit or delete sends
 * the new list as one command and the person sees how it ended; the list changes only when it succeeded.
 */
export function TimingTasksCard({ sn, tasks, canEdit }: { sn: string; tasks: TimingTask[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const text = useTaskText();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const command = useCommand<TimingTask[]>(sn, (next) => switchApi.setTimingTasks(sn, next), switchKeys.detail(sn));
  const send = (next: TimingTask[]) => command.mutateAsync(next).then((o) => o.status === 'succeeded');
  return (
    <Card
      size="small"
      title={t('acSwitches.task.title', { n: tasks.length, max: DEVICE_LIMITS.timingTasksMax })}
      data-testid="switch-tasks"
      extra={
        canEdit ? (
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={!canAddTask(tasks) || command.isPending}
            onClick={() => setEditing('new')}
            data-testid="task-add"
          >
            {t('acSwitches.task.add')}
          </Button>
        ) : null
      }
    >
      {command.isPending ? (
        <CommandStatusTag status="sent" />
      ) : command.data ? (
        <span data-testid="tasks-last-command">
          {t('acSwitches.task.lastSend')} <CommandStatusTag status={command.data.status} />
        </span>
      ) : null}
      {tasks.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('acSwitches.task.none')} />
      ) : (
        <ul className="hg-switch-tasks">
          {tasks.map((task, i) => (
            <li
              key={i}
              className={`hg-switch-setting hg-switch-task${task.enabled ? '' : ' hg-switch-task-off'}`}
              data-testid="task-row"
            >
              <span>
                {text(task)}
                {task.enabled ? null : ` · ${t('acSwitches.task.paused')}`}
              </span>
              {canEdit ? (
                <span>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('acSwitches.task.edit')}
                    disabled={command.isPending}
                    onClick={() => setEditing(i)}
                  />
                  <Popconfirm
                    title={t('acSwitches.task.deleteConfirm')}
                    okText={t('batteries.common.delete')}
                    cancelText={t('batteries.common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => send(tasks.filter((_, j) => j !== i)).catch(() => false)}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('acSwitches.task.delete')}
                      disabled={command.isPending}
                    />
                  </Popconfirm>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editing !== null ? (
        <TaskModal
          initial={editing === 'new' ? EMPTY_TASK : taskToForm(tasks[editing] ?? { ...EMPTY_TASK, repeat: true })}
          saving={command.isPending}
          onCancel={() => setEditing(null)}
          onSave={async (task) => {
            const next = editing === 'new' ? [...tasks, task] : tasks.map((x, j) => (j === editing ? task : x));
            const ok = await send(next).catch(() => false);
            if (ok) setEditing(null);
          }}
        />
      ) : null}
    </Card>
  );
}

interface FormValues {
  repeat: boolean;
  action: 'on' | 'off';
  date: dayjs.Dayjs | null;
  days: number[];
  time: dayjs.Dayjs | null;
  enabled: boolean;
}

function TaskModal({
  initial,
  saving,
  onCancel,
  onSave,
}: {
  initial: TaskForm;
  saving: boolean;
  onCancel: () => void;
  onSave: (task: TimingTask) => Promise<void>;
}) {
  const { t } = useTranslation();
  const dayName = useDayName();
  const [form] = Form.useForm<FormValues>();
  const repeat = Form.useWatch('repeat', form) ?? initial.repeat;
  const submit = (v: FormValues) => {
    const r = formToTask({
      repeat: v.repeat,
      action: v.action,
      date: v.date ? v.date.format('YYYY-MM-DD') : '',
      days: v.days ?? [],
      time: v.time ? v.time.format('HH:mm') : '',
      enabled: v.enabled,
    });
    if (!r.ok) {
      showProblems(
        form as FormInstance,
        Object.keys(r.problems).map((name) => ({ name, message: t(`acSwitches.task.problem.${name}`) })),
      );
      return;
    }
    void onSave(r.task);
  };
  return (
    <FormModal
      open
      title={t('acSwitches.task.formTitle')}
      okText={t('acSwitches.task.send')}
      editor={{ form, save: { isPending: saving } }}
      onClose={onCancel}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          repeat: initial.repeat,
          action: initial.action,
          date: initial.date ? dayjs(initial.date) : null,
          days: initial.days,
          time: dayjs(`2000-01-01T${initial.time}`),
          enabled: initial.enabled,
        }}
      >
        <Form.Item name="repeat" label={t('acSwitches.task.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: true, label: t('acSwitches.task.repeating') },
              { value: false, label: t('acSwitches.task.single') },
            ]}
          />
        </Form.Item>
        {repeat ? (
          <Form.Item name="days" label={t('acSwitches.task.days')}>
            <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: dayName(d) }))} data-testid="task-days" />
          </Form.Item>
        ) : (
          <Form.Item name="date" label={t('acSwitches.task.date')}>
            <DatePicker minDate={dayjs().startOf('day')} data-testid="task-date" />
          </Form.Item>
        )}
        <Form.Item name="time" label={t('acSwitches.task.time')}>
          <TimePicker format="HH:mm" minuteStep={1} needConfirm={false} data-testid="task-time" />
        </Form.Item>
        <Form.Item name="action" label={t('acSwitches.task.actionLabel')}>
          <Radio.Group
            options={[
              { value: 'on', label: t('acSwitches.task.action.on') },
              { value: 'off', label: t('acSwitches.task.action.off') },
            ]}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('acSwitches.task.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <p className="hg-page-hint">{t('acSwitches.task.clockNote')}</p>
      </Form>
    </FormModal>
  );
}
