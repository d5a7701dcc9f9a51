import { ApiOutlined, DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Empty, Form, Input, List, Popconfirm, Tag } from 'antd';
import { ERROR_CODES, fieldMessage, gatewayBindingSchema, type CheckedDevice } from '@heliograph/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { schemaRule } from './fieldRules';
import { useLang } from './useLang';

export interface GatewayItem {
  sn: string;
  /** The devices the gateway reports, when known (after a check). */
  devices?: CheckedDevice[];
  /** How many devices report through it (a bound gateway, in the editor). */
  deviceCount?: number;
  online?: boolean;
  alias?: string | null;
}

interface Entry {
  sn: string;
  key: string;
}

/** Which input a refused check is about: an unknown or used serial number, or a wrong key. */
const FIELD_OF: Record<number, 'sn' | 'key'> = {
  [ERROR_CODES.gatewayNotFound]: 'sn',
  [ERROR_CODES.gatewayUsed]: 'sn',
  [ERROR_CODES.gatewayUnusable]: 'sn',
  [ERROR_CODES.gatewayKeyIncorrect]: 'key',
};

/**
 * Gateways by serial number and registration key (spec §5, §8): each is checked by the server before it is
 * listed; 300, 301, 305 and 1218 (locked) are shown on the field they concern; a gateway assigned to another customer (1216)
 * asks for confirmation and is sent again with `confirm`.
 */
export function GatewayBinder({
  items,
  onAdd,
  onRemove,
  removeConfirm,
}: {
  items: readonly GatewayItem[];
  /** Checks (wizard) or binds (editor) one gateway; rejects with the server's ApiError. */
  onAdd: (sn: string, key: string, confirm: boolean) => Promise<void>;
  onRemove: (sn: string) => void | Promise<void>;
  /** Ask before removing (the editor unbinds at once). */
  removeConfirm?: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Entry>();
  const [busy, setBusy] = useState(false);

  const add = async (entry: Entry, confirm: boolean): Promise<void> => {
    setBusy(true);
    try {
      await onAdd(entry.sn.trim(), entry.key.trim(), confirm);
      form.resetFields();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === ERROR_CODES.gatewayOtherCustomer && !confirm) {
        modal.confirm({
          title: t('plantForm.gateway.otherCustomerTitle'),
          content: err.message,
          okText: t('plantForm.gateway.bindAnyway'),
          cancelText: t('plantForm.action.cancel'),
          onOk: () => add(entry, true),
        });
        return;
      }
      const field = FIELD_OF[err.code];
      if (field) form.setFields([{ name: field, errors: [err.message] }]);
      else if (err.code === ERROR_CODES.validation) {
        const bad = err.fields.find((f) => f.field === 'key') ? 'key' : 'sn';
        form.setFields([{ name: bad, errors: [err.fields[0]?.message ?? err.message] }]);
      }
    } finally {
      setBusy(false);
    }
  };

  const snRule = schemaRule(gatewayBindingSchema.shape.sn, lang);
  const notListed = {
    validator: async (_r: unknown, value: unknown) => {
      const sn = String(value ?? '')
        .trim()
        .toUpperCase();
      if (sn && items.some((g) => g.sn.toUpperCase() === sn)) throw new Error(fieldMessage('gatewayRepeat', lang));
    },
  };

  return (
    <div className="hg-gw">
      <Form
        form={form}
        layout="vertical"
        className="hg-gw-form"
        requiredMark={false}
        onFinish={(entry) => void add(entry, false)}
        aria-label={t('plantForm.gateway.formLabel')}
      >
        <Form.Item name="sn" label={t('plantForm.gateway.sn')} rules={[snRule, notListed]} validateTrigger="onSubmit">
          <Input maxLength={32} autoComplete="off" spellCheck={false} data-testid="gw-sn" />
        </Form.Item>
        <Form.Item
          name="key"
          label={t('plantForm.gateway.key')}
          rules={[schemaRule(gatewayBindingSchema.shape.key, lang)]}
          validateTrigger="onSubmit"
        >
          <Input maxLength={32} autoComplete="off" spellCheck={false} data-testid="gw-key" />
        </Form.Item>
        <Form.Item label=" " className="hg-gw-submit">
          <Button htmlType="submit" icon={<SearchOutlined />} loading={busy} data-testid="gw-check">
            {t('plantForm.gateway.check')}
          </Button>
        </Form.Item>
      </Form>
      <List
        className="hg-gw-list"
        bordered
        dataSource={[...items]}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plantForm.gateway.none')} /> }}
        renderItem={(g) => (
          <List.Item
            data-testid={`gw-item-${g.sn}`}
            actions={[
              removeConfirm ? (
                <Popconfirm
                  key="remove"
                  title={t('plantForm.gateway.unbindConfirm', { sn: g.sn })}
                  okText={t('plantForm.gateway.unbind')}
                  cancelText={t('plantForm.action.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onRemove(g.sn)}
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('plantForm.gateway.unbindOf', { sn: g.sn })}
                  />
                </Popconfirm>
              ) : (
                <Button
                  key="remove"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('plantForm.gateway.removeOf', { sn: g.sn })}
                  onClick={() => void onRemove(g.sn)}
                />
              ),
            ]}
          >
            <List.Item.Meta
              avatar={<ApiOutlined aria-hidden="true" className="hg-gw-icon" />}
              title={
                <span className="hg-gw-title">
                  <bdi>{g.sn}</bdi>
                  {g.alias ? <span className="hg-pf-hint">{g.alias}</span> : null}
                  {g.online !== undefined && (
                    <Tag color={g.online ? 'green' : 'default'}>
                      {t(g.online ? 'plantForm.gateway.online' : 'plantForm.gateway.offline')}
                    </Tag>
                  )}
                </span>
              }
              description={
                g.devices ? (
                  g.devices.length === 0 ? (
                    t('plantForm.gateway.noDevices')
                  ) : (
                    <span className="hg-gw-devices">
                      {t('plantForm.gateway.devicesFound', { count: g.devices.length })}{' '}
                      {g.devices.map((d) => (
                        <Tag key={d.sn} className="hg-gw-device">
                          {t(`plantForm.deviceKind.${d.kind}`, { defaultValue: d.kind })} · <bdi>{d.model || d.sn}</bdi>
                        </Tag>
                      ))}
                    </span>
                  )
                ) : g.deviceCount !== undefined ? (
                  t('plantForm.gateway.devicesFound', { count: g.deviceCount })
                ) : null
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}
