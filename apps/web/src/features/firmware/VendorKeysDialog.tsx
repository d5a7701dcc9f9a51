import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_LIMITS, fieldMessage } from '@heliograph/shared';
import { applyServerErrors } from '../../api/formErrors';
import { formatTime } from '../../components/fileFormat';
import { Quantity } from '../../components/Quantity';
import { currentLang } from '../../i18n';
import { firmwareApi, firmwareKeys, type VendorKeyRow } from './api';

/**
 * The vendor keys images must be signed with (issue 13 point 2; docs/firmware.md): register a vendor's Ed25519
 * public key, compare its fingerprint with the vendor's, revoke it after a confirmation.
 */
export function VendorKeysDialog({ open, onClose }: { open: boolean; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; publicKey: string }>();
  const keys = useQuery({ queryKey: firmwareKeys.vendorKeys, queryFn: firmwareApi.vendorKeys, enabled: open });
  const add = useMutation({
    mutationFn: (v: { name: string; publicKey: string }) => firmwareApi.addVendorKey(v.name.trim(), v.publicKey),
    onSuccess: () => {
      void message.success(t('firmware.keyAdded'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: firmwareKeys.vendorKeys });
    },
    onError: (err) => applyServerErrors(form, err, ['name', 'publicKey']),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => firmwareApi.revokeVendorKey(id),
    onSuccess: () => {
      void message.success(t('firmware.keyRevoked'));
      void queryClient.invalidateQueries({ queryKey: firmwareKeys.vendorKeys });
    },
  });
  const required = { required: true, whitespace: true, message: fieldMessage('required', lang) };

  return (
    <Modal
      open={open}
      title={t('firmware.vendorKeys')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('firmware.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      <p className="hg-fw-muted">{t('firmware.keysHint')}</p>
      <Form
        form={form}
        layout="vertical"
        aria-label={t('firmware.addKey')}
        onFinish={(v) => add.mutate(v)}
        requiredMark={false}
      >
        <Form.Item name="name" label={t('firmware.keyName')} rules={[required]}>
          <Input maxLength={FIRMWARE_LIMITS.vendorKeyNameMax} />
        </Form.Item>
        <Form.Item name="publicKey" label={t('firmware.publicKey')} rules={[required]}>
          <Input.TextArea
            rows={3}
            className="hg-fw-hash"
            dir="ltr"
            spellCheck={false}
            placeholder={'-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----'}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
          {t('firmware.addKey')}
        </Button>
      </Form>
      <Table<VendorKeyRow>
        style={{ marginBlockStart: 24 }}
        rowKey="id"
        size="small"
        loading={keys.isLoading}
        dataSource={keys.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.noKeys')} /> }}
        columns={[
          { title: t('firmware.keyName'), dataIndex: 'name', render: (v: string) => <bdi>{v}</bdi> },
          {
            title: t('firmware.fingerprint'),
            dataIndex: 'fingerprint',
            render: (v: string) => (
              <span className="hg-fw-hash" dir="ltr" title={v}>
                {v.slice(0, 16)}…
              </span>
            ),
          },
          {
            title: t('firmware.added'),
            dataIndex: 'createdAt',
            responsive: ['md'],
            render: (v: number) => <Quantity>{formatTime(v)}</Quantity>,
          },
          {
            title: t('firmware.state'),
            key: 'state',
            render: (_: unknown, k) =>
              k.revokedAt ? (
                <Tag color="red">{t('firmware.keyRevokedState')}</Tag>
              ) : (
                <Button
                  type="link"
                  danger
                  aria-label={t('firmware.revokeNamed', { name: k.name })}
                  onClick={() =>
                    modal.confirm({
                      title: t('firmware.revokeKeyTitle', { name: k.name }),
                      content: t('firmware.revokeKeyBody'),
                      okText: t('firmware.revoke'),
                      okButtonProps: { danger: true },
                      cancelText: t('firmware.cancel'),
                      onOk: () => revoke.mutateAsync(k.id),
                    })
                  }
                >
                  {t('firmware.revoke')}
                </Button>
              ),
          },
        ]}
      />
    </Modal>
  );
}
