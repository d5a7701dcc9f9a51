import { LinkOutlined, DisconnectOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plantApi } from '../../api/plants';
import { operationLogKey } from '../device-common/commandApi';
import { switchApi, switchKeys } from './acSwitchApi';

interface Target {
  sn: string;
  plantName: string | null;
  plantId: string | null;
}

/** Bind a switch to one of the caller's plants, or unbind it (confirmed: the plant stops seeing it). */
export function BindButton({ target, compact }: { target: Target; compact?: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [plantId, setPlantId] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [missing, setMissing] = useState(false);
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: switchKeys.all }),
      queryClient.invalidateQueries({ queryKey: operationLogKey(target.sn) }),
    ]);
  };
  const plants = useQuery({
    queryKey: ['plant-select', search],
    queryFn: () => plantApi.list({ page: 1, size: 50, keyword: search || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: open,
  });
  const bind = useMutation({
    mutationFn: (id: string) => switchApi.bind(target.sn, id),
    onSuccess: async () => {
      void message.success(t('acSwitches.bind.bound', { sn: target.sn }));
      setOpen(false);
      await refresh();
    },
  });
  const unbind = useMutation({
    mutationFn: () => switchApi.unbind(target.sn),
    onSuccess: async () => {
      void message.success(t('acSwitches.bind.unbound', { sn: target.sn }));
      await refresh();
    },
  });

  if (target.plantId)
    return (
      <Button
        size={compact ? 'small' : 'middle'}
        icon={<DisconnectOutlined />}
        loading={unbind.isPending}
        data-testid={`switch-unbind-${target.sn}`}
        onClick={() =>
          void modal.confirm({
            title: t('acSwitches.bind.unbindTitle', { sn: target.sn }),
            content: t('acSwitches.bind.unbindBody', { plant: target.plantName ?? '--' }),
            okText: t('acSwitches.bind.unbind'),
            okButtonProps: { danger: true },
            cancelText: t('batteries.common.cancel'),
            onOk: () => unbind.mutateAsync().catch(() => undefined),
          })
        }
      >
        {t('acSwitches.bind.unbind')}
      </Button>
    );
  return (
    <>
      <Button
        size={compact ? 'small' : 'middle'}
        icon={<LinkOutlined />}
        data-testid={`switch-bind-${target.sn}`}
        onClick={() => {
          setPlantId(undefined);
          setMissing(false);
          setOpen(true);
        }}
      >
        {t('acSwitches.bind.bind')}
      </Button>
      <Modal
        open={open}
        title={t('acSwitches.bind.title', { sn: target.sn })}
        okText={t('acSwitches.bind.bind')}
        cancelText={t('batteries.common.cancel')}
        confirmLoading={bind.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => (plantId ? bind.mutate(plantId) : setMissing(true))}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label={t('batteries.common.plant')}
            validateStatus={missing ? 'error' : undefined}
            help={missing ? t('acSwitches.bind.pickPlant') : undefined}
            required
          >
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              value={plantId}
              onChange={(v: string) => {
                setPlantId(v);
                setMissing(false);
              }}
              loading={plants.isFetching}
              placeholder={t('acSwitches.bind.pickPlant')}
              aria-label={t('batteries.common.plant')}
              options={(plants.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
              notFoundContent={t('events.noPlant')}
              data-testid="switch-bind-plant"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
