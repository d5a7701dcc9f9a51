import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceAliasProblem } from '@heliograph/shared';
import { App, Button, Form, Input, Modal, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '../../api/formErrors';
import { operationLogKey } from '../device-common/commandApi';
import { LIST_PATH, switchApi, switchKeys } from './acSwitchApi';

// antd's ButtonProps has no data-* index, so the test id travels in a typed spread.
const CONFIRM_DELETE: ButtonProps = { danger: true, ...({ 'data-testid': 'switch-delete-confirm' } as ButtonProps) };

/** Rename a switch (at most 32 bytes; empty clears the alias). */
export function RenameSwitchButton({ sn, alias }: { sn: string; alias: string | null }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ alias: string }>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: { alias: string }) => switchApi.setAlias(sn, v.alias),
    onSuccess: async () => {
      setOpen(false);
      void message.success(t('acSwitches.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: switchKeys.all }),
        queryClient.invalidateQueries({ queryKey: operationLogKey(sn) }),
      ]);
    },
    onError: (err) => applyServerErrors(form, err, ['alias']),
  });
  return (
    <>
      <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="switch-rename">
        {t('acSwitches.rename.button')}
      </Button>
      <Modal
        open={open}
        title={t('acSwitches.rename.title', { sn })}
        okText={t('acSwitches.save')}
        cancelText={t('batteries.common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ alias: alias ?? '' }} onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="alias"
            label={t('acSwitches.rename.label')}
            extra={t('acSwitches.rename.help')}
            rules={[
              {
                validator: async (_, v: string) => {
                  if (deviceAliasProblem(v ?? '')) throw new Error(t('acSwitches.rename.tooLong'));
                },
              },
            ]}
          >
            <Input autoFocus maxLength={64} data-testid="switch-rename-input" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Delete a switch after confirmation; it leaves every list and its connections are refused. */
export function DeleteSwitchButton({ sn }: { sn: string }): React.JSX.Element {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => switchApi.remove(sn),
    onSuccess: async () => {
      void message.success(t('batteries.common.deleted', { sn }));
      // Leave first and forget the switch: refetching the open page would only answer "does not exist".
      await navigate(LIST_PATH);
      queryClient.removeQueries({ queryKey: switchKeys.detail(sn) });
      await queryClient.invalidateQueries({ queryKey: switchKeys.all });
    },
  });
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      loading={mutation.isPending}
      data-testid="switch-delete"
      onClick={() =>
        void modal.confirm({
          title: t('batteries.common.deleteTitle', { sn }),
          content: t('acSwitches.deleteBody'),
          okText: t('batteries.common.delete'),
          okButtonProps: CONFIRM_DELETE,
          cancelText: t('batteries.common.cancel'),
          onOk: () => mutation.mutateAsync().catch(() => undefined),
        })
      }
    >
      {t('batteries.common.delete')}
    </Button>
  );
}
