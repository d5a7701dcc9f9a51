import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { DEVICE_LIMITS, serialProblem, type FieldRule, type ImportAnswer } from '@heliograph/shared';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { connPasswordRule } from './connPasswordRule';

export interface OneDevice {
  sn: string;
  registrationKey: string;
  password: string;
}

interface Props {
  /** Test-id prefix of the fields: `<prefix>-sn`, `<prefix>-key`, `<prefix>-password`. */
  testIdPrefix: string;
  saveTestId: string;
  snLabel: string;
  keyLabel: string;
  saveLabel: string;
  /** The message of a serial-number or registration-key rule that fails. */
  serialMessage: (problem: FieldRule, field: 'sn' | 'key') => string;
  /** The message of a problem the server found with the device (a row of its import answer). */
  problemLabel: (problem: string) => string;
  savedMessage: (sn: string) => string;
  /** Saves one device; the server answers as for a one-row import (saved 0 with the row's problems). */
  save: (device: OneDevice) => Promise<ImportAnswer>;
  invalidate: QueryKey;
  onDone: () => void;
}

/** One device into the company's stock: serial number, registration key and connection password. */
export function OneDeviceForm({
  testIdPrefix,
  saveTestId,
  snLabel,
  keyLabel,
  saveLabel,
  serialMessage,
  problemLabel,
  savedMessage,
  save: send,
  invalidate,
  onDone,
}: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OneDevice>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: OneDevice) => send({ ...v, sn: v.sn.trim(), registrationKey: v.registrationKey.trim() }),
    onSuccess: async (answer, v) => {
      if (answer.saved === 0) {
        const problems = answer.rows[0]?.problems ?? [];
        form.setFields([{ name: 'sn', errors: problems.map(problemLabel) }]);
        return;
      }
      void message.success(savedMessage(v.sn.trim()));
      await queryClient.invalidateQueries({ queryKey: invalidate });
      onDone();
    },
    onError: (err) => applyServerErrors(form, err, ['sn', 'registrationKey', 'password']),
  });
  const serialRule = (max: number, field: 'sn' | 'key') => ({
    validator: async (_: unknown, v: string | undefined) => {
      const p = serialProblem(v ?? '', max);
      if (p) throw new Error(serialMessage(p, field));
    },
  });
  return (
    <Form<OneDevice> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} requiredMark="optional">
      <Form.Item name="sn" label={snLabel} rules={[serialRule(DEVICE_LIMITS.serialMax, 'sn')]} required>
        <Input autoComplete="off" maxLength={40} data-testid={`${testIdPrefix}-sn`} />
      </Form.Item>
      <Form.Item
        name="registrationKey"
        label={keyLabel}
        rules={[serialRule(DEVICE_LIMITS.registrationKeyMax, 'key')]}
        required
      >
        <Input autoComplete="off" maxLength={40} data-testid={`${testIdPrefix}-key`} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('acSwitches.connPassword.label')}
        extra={t('acSwitches.connPassword.help')}
        required
        rules={[connPasswordRule(t)]}
      >
        <Input.Password autoComplete="new-password" maxLength={24} data-testid={`${testIdPrefix}-password`} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={saveTestId}>
        {saveLabel}
      </Button>
    </Form>
  );
}
