import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { deviceAliasProblem } from '@heliograph/shared';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { applyServerErrors } from '../../api/formErrors';
import { operationLogKey } from './commandApi';
import { FormModal } from './FormModal';

interface Props {
  sn: string;
  alias: string | null;
  save: (sn: string, alias: string) => Promise<unknown>;
  /** Queries that show the alias; the device's operation log is refreshed as well. */
  invalidate: readonly QueryKey[];
  /** The button's test id; the field's is `<id>-input`. */
  'data-testid': string;
  /** The words of the device's own catalogue (title already with the serial number). */
  texts: { button: string; title: string; ok: string; label: string; help: string; tooLong: string; saved: string };
}

/** Rename a device (at most 32 bytes; empty clears the alias). */
export function RenameDeviceButton({
  sn,
  alias,
  save: send,
  invalidate,
  'data-testid': testId,
  texts,
}: Props): React.JSX.Element {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ alias: string }>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: { alias: string }) => send(sn, v.alias),
    onSuccess: async () => {
      setOpen(false);
      void message.success(texts.saved);
      await Promise.all(
        [...invalidate, operationLogKey(sn)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (err) => applyServerErrors(form, err, ['alias']),
  });
  return (
    <>
      <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {texts.button}
      </Button>
      <FormModal
        open={open}
        title={texts.title}
        okText={texts.ok}
        saving={save.isPending}
        form={form}
        onClose={() => setOpen(false)}
      >
        <Form form={form} layout="vertical" initialValues={{ alias: alias ?? '' }} onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="alias"
            label={texts.label}
            extra={texts.help}
            rules={[
              {
                validator: async (_, v: string) => {
                  if (deviceAliasProblem(v ?? '')) throw new Error(texts.tooLong);
                },
              },
            ]}
          >
            <Input autoFocus maxLength={64} data-testid={`${testId}-input`} />
          </Form.Item>
        </Form>
      </FormModal>
    </>
  );
}
