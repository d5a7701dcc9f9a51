import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { NotificationRule, NotificationRuleBody, PlantNotificationRule } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, List, Modal, Popconfirm, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationApi, notificationKeys } from './api';
import { RuleForm } from './RuleForm';

/** What a rule says in a line: its severities and channels. */
function Summary({ rule }: { rule: NotificationRule }): React.JSX.Element {
  const { t } = useTranslation();
  if (rule.severities.length === 0) return <Tag>{t('notifications.muted')}</Tag>;
  return (
    <span className="hg-notify-tags">
      {rule.severities.map((s) => (
        <Tag key={s} color={s === 'fault' ? 'red' : s === 'warning' ? 'orange' : 'default'}>
          {t(`notifications.severity.${s}`)}
        </Tag>
      ))}
      {rule.channels.map((c) => (
        <Tag key={c} color="blue">
          {t(`notifications.channel.${c}`)}
        </Tag>
      ))}
      {rule.quietStart && rule.quietEnd ? (
        // Isolated left to right (U+2066 … U+2069), so a right-to-left page does not swap the two times.
        <Tag>{t('notifications.quietShort', { range: `\u2066${rule.quietStart}–${rule.quietEnd}\u2069` })}</Tag>
      ) : null}
    </span>
  );
}

/**
 * A plant's own rules: a plant the user watches can be told differently from their default (more, less, or
 * nothing at all); removing the plant's rule brings the default back, after a confirmation.
 */
export function PlantRules({
  plants,
  fallback,
  onSave,
  onDrop,
}: {
  plants: PlantNotificationRule[];
  fallback: NotificationRule;
  onSave: (plantId: string, body: NotificationRuleBody) => Promise<unknown>;
  onDrop: (plantId: string) => Promise<unknown>;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ plantId: string; plantName: string; rule: NotificationRule } | null>(null);
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: notificationKeys.plants(search),
    queryFn: () => notificationApi.plants(search),
    enabled: adding,
  });

  return (
    <>
      <List
        dataSource={plants}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.noPlantRules')} />,
        }}
        renderItem={(p) => (
          <List.Item
            actions={[
              <Button
                key="edit"
                type="link"
                icon={<EditOutlined />}
                onClick={() => setEditing({ plantId: p.plantId, plantName: p.plantName, rule: p })}
              >
                {t('notifications.edit')}
              </Button>,
              <Popconfirm
                key="drop"
                title={t('notifications.dropConfirm', { name: p.plantName })}
                okText={t('notifications.drop')}
                cancelText={t('notifications.cancel')}
                onConfirm={() => onDrop(p.plantId).then(() => void message.success(t('notifications.dropped')))}
              >
                <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('notifications.drop')} />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta title={<bdi>{p.plantName}</bdi>} description={<Summary rule={p} />} />
          </List.Item>
        )}
      />
      {adding ? (
        <Select
          className="hg-notify-plant-pick"
          showSearch={{ filterOption: false, onSearch: setSearch }}
          autoFocus
          open
          placeholder={t('notifications.pickPlant')}
          loading={found.isFetching}
          notFoundContent={t('notifications.noPlant')}
          options={(found.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onBlur={() => setAdding(false)}
          onChange={(id: string, option) => {
            const name = Array.isArray(option) ? '' : (option?.label ?? '');
            setAdding(false);
            setEditing({ plantId: id, plantName: String(name), rule: fallback });
          }}
          data-testid="notify-plant-pick"
        />
      ) : (
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="notify-add-plant">
          {t('notifications.addPlant')}
        </Button>
      )}
      <Modal
        open={editing !== null}
        title={t('notifications.plantRuleTitle', { name: editing?.plantName ?? '' })}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing ? (
          <RuleForm
            rule={editing.rule}
            testId="notify-plant-form"
            onSave={async (body) => {
              await onSave(editing.plantId, body);
              void message.success(t('notifications.saved'));
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
