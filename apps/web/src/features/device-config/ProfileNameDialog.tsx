import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_PROFILE_LIMITS, ERROR_CODES, fieldMessage } from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { applyServerErrors, setFieldError } from '../../api/formErrors';
import { currentLang } from '../../i18n';
import { profileApi, profileKeys, type DeviceProfile } from './api';

interface Props {
  open: boolean;
  /** The profile to rename; none: a new profile. */
  profile: DeviceProfile | null;
  onClose: () => void;
}

/** Names a new profile or renames one; a taken name (any case) is told under the field. */
export function ProfileNameDialog({ open, profile, onClose }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: profile?.name ?? '' });
  }, [open, profile, form]);
  const save = useMutation({
    mutationFn: (name: string) => (profile ? profileApi.rename(profile.id, { name }) : profileApi.create({ name })),
    onSuccess: (p) => {
      void message.success(
        profile ? t('deviceConfig.renamed', { name: p.name }) : t('deviceConfig.created', { name: p.name }),
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      form.resetFields();
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && !err.notified && err.code === ERROR_CODES.profileNameExists)
        setFieldError(form, 'name', err.message);
      else applyServerErrors(form, err, ['name']);
    },
  });
  const title = profile ? t('deviceConfig.renameTitle', { name: profile.name }) : t('deviceConfig.createTitle');
  return (
    <Modal
      open={open}
      title={title}
      okText={profile ? t('deviceConfig.save') : t('deviceConfig.create')}
      cancelText={t('deviceConfig.cancel')}
      confirmLoading={save.isPending}
      onOk={() =>
        void form
          .validateFields()
          .then(({ name }) => save.mutate(name.trim()))
          .catch(() => undefined)
      }
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" aria-label={title} onFinish={({ name }) => save.mutate(name.trim())}>
        <Form.Item
          name="name"
          label={t('deviceConfig.name')}
          rules={[
            { required: true, whitespace: true, message: fieldMessage('required', lang) },
            { max: DEVICE_PROFILE_LIMITS.nameMax, message: fieldMessage('tooLong', lang) },
          ]}
        >
          <Input maxLength={DEVICE_PROFILE_LIMITS.nameMax} showCount autoFocus data-testid="profile-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
