import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ERROR_CODES,
  fieldMessage,
  PROTOCOL_LIMITS,
  protocolNameProblem,
  type ProtocolInput,
} from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { applyServerErrors, setFieldError } from '../../api/formErrors';
import { currentLang } from '../../i18n';
import { protocolApi, protocolKeys, type ProtocolRow } from './api';

interface Props {
  open: boolean;
  /** The protocol to edit; null: a new one. */
  protocol: ProtocolRow | null;
  onClose: (saved?: ProtocolRow) => void;
}

const FIELDS = ['code', 'manufacturer', 'protocolVersion', 'configureVersion'];

/** Create or edit a protocol's fields (code 6-12 characters, spec §5; unique, 1501). */
export function ProtocolDialog({ open, protocol, onClose }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProtocolInput>();
  const queryClient = useQueryClient();
  const lang = currentLang();
  useEffect(() => {
    if (open)
      form.setFieldsValue(protocol ?? { code: '', manufacturer: '', protocolVersion: '', configureVersion: '1' });
  }, [open, protocol, form]);
  const save = useMutation({
    mutationFn: (body: ProtocolInput) => (protocol ? protocolApi.edit(protocol.id, body) : protocolApi.create(body)),
    onSuccess: (row) => {
      void message.success(t('protocols.saved', { name: row.code }));
      void queryClient.invalidateQueries({ queryKey: protocolKeys.all });
      onClose(row);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === ERROR_CODES.protocolExists) setFieldError(form, 'code', err.message);
      else applyServerErrors(form, err, FIELDS);
    },
  });
  return (
    <Modal
      open={open}
      title={t(protocol ? 'protocols.editTitle' : 'protocols.newTitle')}
      okText={t('protocols.save')}
      cancelText={t('protocols.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void form.validateFields().then((v) => save.mutate(v))}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark="optional">
        <Form.Item
          name="code"
          label={t('protocols.code')}
          extra={t('protocols.codeHint')}
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const problem = protocolNameProblem((v ?? '').trim());
                return problem ? Promise.reject(new Error(fieldMessage(problem, lang))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={PROTOCOL_LIMITS.nameMax} dir="ltr" data-testid="protocol-code" />
        </Form.Item>
        <Form.Item
          name="manufacturer"
          label={t('protocols.manufacturer')}
          rules={[{ required: true, whitespace: true, message: fieldMessage('required', lang) }]}
        >
          <Input maxLength={PROTOCOL_LIMITS.textMax} data-testid="protocol-manufacturer" />
        </Form.Item>
        <Form.Item
          name="protocolVersion"
          label={t('protocols.protocolVersion')}
          rules={[{ required: true, whitespace: true, message: fieldMessage('required', lang) }]}
        >
          <Input maxLength={PROTOCOL_LIMITS.textMax} data-testid="protocol-version" />
        </Form.Item>
        <Form.Item name="configureVersion" label={t('protocols.configureVersion')}>
          <Input maxLength={PROTOCOL_LIMITS.textMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
