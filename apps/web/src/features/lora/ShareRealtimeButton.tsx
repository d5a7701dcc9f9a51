import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { Quantity } from '../../components/Quantity';
import { formatLastSeen } from '../device-common/lastSeen';
import { REALTIME_VIEWS, realtimeUrl } from './realtime';

const sharesKey = (sn: string) => ['lora', 'shares', sn] as const;

/**
 * "Share realtime view" on a master node's page: makes a read-only share link (token shown once, with the
 * addresses of its three public views to copy), lists the links in force and revokes them after confirming.
 */
export function ShareRealtimeButton({ sn }: { sn: string }): React.JSX.Element {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const shares = useQuery({
    queryKey: sharesKey(sn),
    queryFn: () => call('GET /masterNode/:sn/shares', { params: { sn } }),
    enabled: open,
  });
  const make = useMutation({
    mutationFn: () => call('POST /masterNode/:sn/share', { params: { sn } }),
    onSuccess: async (r) => {
      setToken(r.token);
      await qc.invalidateQueries({ queryKey: sharesKey(sn) });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call('POST /masterNode/share/:id/revoke', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sharesKey(sn) }),
  });
  const origin = window.location.origin;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="lora-share">
        {t('lora.share.button')}
      </Button>
      <Modal
        open={open}
        title={t('lora.share.title', { sn })}
        onCancel={() => {
          setOpen(false);
          setToken(null);
        }}
        footer={null}
        destroyOnHidden
      >
        <p>{t('lora.share.hint')}</p>
        {token ? (
          <Alert
            type="success"
            showIcon
            data-testid="lora-share-made"
            message={t('lora.share.made')}
            description={
              <Space direction="vertical" style={{ width: '100%' }}>
                {REALTIME_VIEWS.map((v) => (
                  <div key={v}>
                    <Typography.Text strong>{t(`lora.realtime.view.${v}`)}</Typography.Text>
                    <Typography.Paragraph
                      copyable={{ text: realtimeUrl(v, token, origin) }}
                      className="hg-lora-share-url"
                      data-testid={`lora-share-url-${v}`}
                    >
                      <bdi dir="ltr">{realtimeUrl(v, token, origin)}</bdi>
                    </Typography.Paragraph>
                  </div>
                ))}
              </Space>
            }
          />
        ) : null}
        <Button
          type="primary"
          onClick={() => make.mutate()}
          loading={make.isPending}
          data-testid="lora-share-make"
          style={{ margin: '12px 0' }}
        >
          {t('lora.share.make')}
        </Button>
        <Typography.Title level={5}>{t('lora.share.inForce')}</Typography.Title>
        <List
          size="small"
          loading={shares.isLoading}
          dataSource={shares.data ?? []}
          locale={{
            emptyText: (
              <Typography.Text type="secondary">
                {shares.isError ? t('lora.share.loadFailed') : t('lora.share.none')}
              </Typography.Text>
            ),
          }}
          renderItem={(s) => (
            <List.Item
              data-testid="lora-share-row"
              actions={[
                <Popconfirm
                  key="revoke"
                  title={t('lora.share.revokeConfirm')}
                  okText={t('lora.share.revoke')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutateAsync(s.id)}
                >
                  <Button danger size="small" data-testid="lora-share-revoke">
                    {t('lora.share.revoke')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              {t('lora.share.madeAt')} <Quantity>{formatLastSeen(s.createdAt)}</Quantity>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
