import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EMBED_KINDS, type EmbedKind } from '@heliograph/shared';
import { Alert, App, Button, Empty, Form, List, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../components/Quantity';
import { useFigureLocale } from '../../components/plant/useFigureLocale';
import { displayApi, displayKeys, embedUrl } from './api';

/**
 * Embed links of a plant (spec §2.1 /plantFlow): pick a plant you may change, make a read-only link of its
 * energy flow for another site (shown once, as an address and as an iframe), and revoke the ones in force.
 */
export function EmbedDialog({ open, onClose }: { open: boolean; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [plantId, setPlantId] = useState<string | undefined>();
  const [made, setMade] = useState<string | null>(null);
  const [kind, setKind] = useState<EmbedKind>('plant');
  const [sn, setSn] = useState<string | undefined>();
  const inverters = useQuery({
    queryKey: ['displays', 'inverters', plantId ?? ''],
    queryFn: () => displayApi.inverters(plantId ?? ''),
    enabled: open && !!plantId && kind === 'device',
  });
  const found = useQuery({
    queryKey: ['displays', 'plants', keyword],
    queryFn: () => displayApi.plants(keyword),
    enabled: open,
    staleTime: 30_000,
  });
  const links = useQuery({
    queryKey: displayKeys.embeds(plantId ?? ''),
    queryFn: () => displayApi.embeds(plantId ?? ''),
    enabled: open && !!plantId,
  });
  const make = useMutation({
    mutationFn: (id: string) => displayApi.newEmbed(id, kind, kind === 'device' ? sn : undefined),
    onSuccess: (r) => {
      setMade(r.token);
      void queryClient.invalidateQueries({ queryKey: displayKeys.embeds(plantId ?? '') });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => displayApi.revokeEmbed(id),
    onSuccess: () => {
      void message.success(t('displays.embed.revoked'));
      void queryClient.invalidateQueries({ queryKey: displayKeys.embeds(plantId ?? '') });
    },
  });
  const url = made && plantId ? embedUrl(kind, plantId, made, { sn, origin: window.location.origin }) : '';
  const close = () => {
    setMade(null);
    setPlantId(undefined);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('displays.embed.title')}
      onCancel={close}
      footer={<Button onClick={close}>{t('displays.link.done')}</Button>}
      width={720}
      destroyOnHidden
    >
      <p className="hg-page-hint">{t('displays.embed.hint')}</p>
      <Form layout="vertical">
        <Form.Item label={t('displays.embed.plant')} htmlFor="embed-plant">
          <Select
            id="embed-plant"
            value={plantId}
            onChange={(v: string) => {
              setPlantId(v);
              setSn(undefined);
              setMade(null);
            }}
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={found.isFetching}
            placeholder={t('displays.form.plantsPlaceholder')}
            options={(found.data?.rows ?? []).filter((p) => p.writable).map((p) => ({ value: p.id, label: p.name }))}
            data-testid="embed-plant"
          />
        </Form.Item>
        <Form.Item label={t('displays.embed.kind')}>
          <Radio.Group
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as EmbedKind);
              setMade(null);
            }}
            options={EMBED_KINDS.map((k) => ({ value: k, label: t(`displays.embed.kinds.${k}`) }))}
          />
        </Form.Item>
        {kind === 'device' && plantId ? (
          <Form.Item label={t('displays.embed.inverter')} htmlFor="embed-inverter">
            <Select
              id="embed-inverter"
              value={sn}
              onChange={(v: string) => {
                setSn(v);
                setMade(null);
              }}
              loading={inverters.isFetching}
              options={(inverters.data?.rows ?? []).map((r) => ({
                value: r.sn,
                label: r.alias ? `${r.alias} (${r.sn})` : r.sn,
              }))}
              data-testid="embed-inverter"
            />
          </Form.Item>
        ) : null}
      </Form>
      <Button
        type="primary"
        disabled={!plantId || (kind === 'device' && !sn)}
        loading={make.isPending}
        onClick={() => plantId && make.mutate(plantId)}
        data-testid="embed-make"
      >
        {t('displays.embed.make')}
      </Button>
      {url ? (
        <div style={{ marginBlockStart: 16 }}>
          <Alert type="warning" showIcon message={t('displays.link.once')} style={{ marginBlockEnd: 12 }} />
          <Typography.Title level={5}>{t('displays.embed.address')}</Typography.Title>
          <Typography.Paragraph copyable className="hg-displays-link-url" data-testid="embed-url">
            {url}
          </Typography.Paragraph>
          <Typography.Title level={5}>{t('displays.embed.iframe')}</Typography.Title>
          <Typography.Paragraph copyable className="hg-displays-link-url">
            {`<iframe src="${url}" width="720" height="520" style="border:0"></iframe>`}
          </Typography.Paragraph>
        </div>
      ) : null}
      {plantId ? (
        <>
          <Typography.Title level={5} style={{ marginBlockStart: 16 }}>
            {t('displays.embed.existing')}
          </Typography.Title>
          <List
            loading={links.isLoading}
            dataSource={links.data ?? []}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('displays.embed.none')} />,
            }}
            data-testid="embed-links"
            renderItem={(l) => (
              <List.Item
                actions={[
                  <Button
                    key="revoke"
                    type="link"
                    danger
                    data-testid={`embed-revoke-${l.id}`}
                    onClick={() =>
                      modal.confirm({
                        title: t('displays.embed.revokeTitle'),
                        content: t('displays.link.revokeBody'),
                        okText: t('displays.link.revoke'),
                        okButtonProps: { danger: true, 'data-testid': 'embed-revoke-confirm' },
                        cancelText: t('displays.cancel'),
                        onOk: () => revoke.mutateAsync(l.id),
                      })
                    }
                  >
                    {t('displays.link.revoke')}
                  </Button>,
                ]}
              >
                {t(`displays.embed.kinds.${l.kind}`)}
                {l.sn ? <Quantity>{` ${l.sn}`}</Quantity> : null} · {t('displays.embed.madeAt')}{' '}
                <Quantity>{new Date(l.createdAt).toLocaleString(locale)}</Quantity>
              </List.Item>
            )}
          />
        </>
      ) : null}
    </Modal>
  );
}
