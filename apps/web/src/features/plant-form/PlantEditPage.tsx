import { DeleteOutlined, SaveOutlined, ShareAltOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Breadcrumb, Button, Form, Result, Skeleton, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PLANT_TYPE_ROUTE, plantEditSchema, type PlantDetail } from '@heliograph/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { plantAdminApi, plantAdminKeys } from '../../api/plantAdmin';
import { BasicFields } from './BasicFields';
import { ContactFields } from './ContactFields';
import { fromDetail, toEditBody, type PlantFormValues } from './formModel';
import { GatewayBinder } from './GatewayBinder';
import { LocationFields } from './LocationFields';
import { MoreFields, StorageFields } from './MoreFields';
import { PictureField } from './PictureField';
import { placeServerErrors } from './serverErrors';
import { ShareDialog } from './ShareDialog';
import { TransferDialog } from './TransferDialog';
import { usePictureUrl } from './usePictureUrl';
import { ValuationFields } from './ValuationFields';
import './plantForm.css';

type Tab = 'basic' | 'location' | 'valuation' | 'storage' | 'contacts' | 'gateways';

/** The tab that holds a form field (its first name segment). */
function tabOf(name: string): Tab {
  if (['address', 'country', 'latitude', 'longitude'].includes(name)) return 'location';
  if (name === 'valuation') return 'valuation';
  if (name === 'settings') return 'storage';
  if (['contactName', 'contactPhone'].includes(name)) return 'contacts';
  return 'basic';
}

const overviewPath = (p: Pick<PlantDetail, 'id' | 'type'>) => `/plants/overview/${p.id}/${PLANT_TYPE_ROUTE[p.type]}`;

/**
 * /plants/edit/:id — every field of a plant in tabs, saved together (POST /plant/{id}); gateways bound and
 * unbound at once; share, transfer and (logical) delete for those the plant's rights allow. Someone who may
 * only look at the plant is told so and sees no controls.
 */
export default function PlantEditPage(): React.JSX.Element {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: plantAdminKeys.detail(id),
    queryFn: () => plantAdminApi.detail(id),
    enabled: id !== '',
    retry: (count, err) => !(err instanceof ApiError && err.code !== -1) && count < 2,
  });

  if (detail.isLoading) {
    return (
      <section className="hg-page-card hg-pf" aria-busy="true" data-testid="plant-edit-loading">
        <Skeleton active paragraph={{ rows: 10 }} />
      </section>
    );
  }
  if (!detail.data) {
    return (
      <section className="hg-page-card hg-pf">
        <Result
          status="warning"
          title={<h1 className="hg-result-title">{t('plantForm.edit.notLoaded')}</h1>}
          subTitle={detail.error instanceof ApiError ? detail.error.message : undefined}
          extra={[
            <Button key="retry" onClick={() => void detail.refetch()}>
              {t('plantForm.action.retry')}
            </Button>,
            <Link key="back" to="/plants">
              {t('plantForm.backToList')}
            </Link>,
          ]}
        />
      </section>
    );
  }
  if (!detail.data.rights.edit) {
    return (
      <section className="hg-page-card hg-pf" data-testid="plant-edit-readonly">
        <Result
          status="403"
          title={<h1 className="hg-result-title">{t('plantForm.edit.readOnly')}</h1>}
          subTitle={t('plantForm.edit.readOnlyBody', { name: detail.data.name })}
          extra={
            <Link to={overviewPath(detail.data)} className="ant-btn ant-btn-primary">
              {t('plantForm.edit.toOverview')}
            </Link>
          }
        />
      </section>
    );
  }
  // Keyed by the plant's data: a refetch after saving starts the form from what the server now holds.
  return <PlantEditor key={id} plant={detail.data} />;
}

function PlantEditor({ plant }: { plant: PlantDetail }): React.JSX.Element {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PlantFormValues>();
  const initial = useMemo(() => fromDetail(plant), [plant]);
  const [search, setSearch] = useSearchParams();
  // The overview's plan card opens the editor on the storage tab with ?tab=storage.
  const [tab, setTab] = useState<Tab>(() => (search.get('tab') === 'storage' ? 'storage' : 'basic'));
  const [picture, setPicture] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  // The overview's "Share" opens the editor with ?dialog=share.
  const [dialog, setDialogState] = useState<'share' | 'transfer' | null>(() =>
    search.get('dialog') === 'share' && plant.rights.share ? 'share' : null,
  );
  const setDialog = (next: 'share' | 'transfer' | null) => {
    setDialogState(next);
    if (search.has('dialog')) setSearch({}, { replace: true });
  };
  const dialogProps = (which: 'share' | 'transfer') => ({
    plantId: plant.id,
    plantName: plant.name,
    open: dialog === which,
    onClose: () => setDialog(null),
  });
  const currentPicture = usePictureUrl(plant.picture);
  const type = Form.useWatch('type', form) ?? plant.type;
  const isStorage = type !== 'grid';

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['plant', plant.id] });
    void queryClient.invalidateQueries({ queryKey: ['plants'] });
  };

  const save = async () => {
    let values: PlantFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as PlantFormValues;
    } catch (err) {
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name[0];
      if (first !== undefined) setTab(tabOf(String(first)));
      return;
    }
    const body = toEditBody(values);
    const parsed = plantEditSchema.safeParse(body);
    if (!parsed.success) {
      setTab(tabOf(String(parsed.error.issues[0]?.path[0] ?? 'name')));
      return;
    }
    setSaving(true);
    try {
      await plantAdminApi.save(plant.id, body);
      if (picture) {
        await plantAdminApi.picture(plant.id, picture);
        setPicture(null);
      }
      message.success(t('plantForm.edit.saved'));
      refresh();
    } catch (err) {
      const fields = placeServerErrors(form, err);
      if (fields[0]) setTab(tabOf(fields[0].split('.')[0] ?? ''));
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t('plantForm.delete.title', { name: plant.name }),
      content: t('plantForm.delete.body'),
      okText: t('plantForm.delete.submit'),
      okButtonProps: { danger: true, 'data-testid': 'delete-confirm' },
      cancelText: t('plantForm.action.cancel'),
      onOk: async () => {
        await plantAdminApi.remove(plant.id);
        message.success(t('plantForm.delete.done', { name: plant.name }));
        queryClient.removeQueries({ queryKey: ['plant', plant.id] });
        void queryClient.invalidateQueries({ queryKey: ['plants'] });
        await navigate('/plants');
      },
    });

  const { rights } = plant;
  const tabs: { key: Tab; label: string; children: React.ReactNode }[] = [
    {
      key: 'basic',
      label: t('plantForm.step.basic'),
      children: (
        <>
          <BasicFields />
          <PictureField value={picture} onChange={setPicture} current={currentPicture} />
          <MoreFields />
        </>
      ),
    },
    { key: 'location', label: t('plantForm.step.location'), children: <LocationFields /> },
    { key: 'valuation', label: t('plantForm.step.valuation'), children: <ValuationFields /> },
    ...(isStorage
      ? [{ key: 'storage' as const, label: t('plantForm.step.storage'), children: <StorageFields /> }]
      : []),
    { key: 'contacts', label: t('plantForm.step.contacts'), children: <ContactFields withOwner={false} /> },
  ];

  return (
    <section className="hg-page-card hg-pf" aria-labelledby="pf-title" data-testid="plant-edit">
      <Breadcrumb
        className="hg-pf-breadcrumb"
        items={[
          { title: <Link to="/plants">{t('page.plants')}</Link> },
          { title: <Link to={overviewPath(plant)}>{plant.name}</Link> },
          { title: t('page.plantEdit') },
        ]}
      />
      <header className="hg-page-header hg-pf-header">
        <div>
          <h1 id="pf-title" className="hg-page-title">
            {t('plantForm.edit.title', { name: plant.name })}
          </h1>
          {plant.owner && <p className="hg-pf-hint">{t('plantForm.edit.owner', { account: plant.owner.account })}</p>}
        </div>
        <div className="hg-pf-actions">
          {rights.share && (
            <Button icon={<ShareAltOutlined />} onClick={() => setDialog('share')} data-testid="plant-share">
              {t('plantForm.share.open')}
            </Button>
          )}
          {rights.transfer && (
            <Button icon={<SwapOutlined />} onClick={() => setDialog('transfer')} data-testid="plant-transfer">
              {t('plantForm.transfer.open')}
            </Button>
          )}
          {rights.delete && (
            <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} data-testid="plant-delete">
              {t('plantForm.delete.open')}
            </Button>
          )}
        </div>
      </header>

      <Form
        form={form}
        component="div"
        layout="vertical"
        initialValues={initial}
        className="hg-pf-form"
        data-testid="plant-edit-form"
      >
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as Tab)}
          items={tabs.map((x) => ({ ...x, forceRender: true }))}
          data-testid="plant-edit-tabs"
        />
      </Form>
      <footer className="hg-pf-footer">
        <Link to={overviewPath(plant)}>{t('plantForm.edit.toOverview')}</Link>
        <span className="hg-pf-footer-gap" />
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={() => void save()}
          data-testid="plant-save"
        >
          {t('plantForm.action.save')}
        </Button>
      </footer>

      <section className="hg-pf-gateways" aria-labelledby="pf-gateways-title">
        <h2 id="pf-gateways-title" className="hg-pf-step-title">
          {t('plantForm.step.gateways')}
        </h2>
        <p className="hg-pf-hint">{t('plantForm.edit.gatewaysHint')}</p>
        <GatewayBinder
          items={plant.gateways.map((g) => ({ sn: g.sn, alias: g.alias, online: g.online, deviceCount: g.devices }))}
          removeConfirm
          onAdd={async (sn, key, confirm) => {
            await plantAdminApi.bindGateway(plant.id, sn, key, confirm);
            message.success(t('plantForm.gateway.bound', { sn }));
            refresh();
          }}
          onRemove={async (sn) => {
            await plantAdminApi.unbindGateway(plant.id, sn);
            message.success(t('plantForm.gateway.unbound', { sn }));
            refresh();
          }}
        />
      </section>

      {rights.share && <ShareDialog {...dialogProps('share')} />}
      {rights.transfer && (
        <TransferDialog
          {...dialogProps('transfer')}
          onDone={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
    </section>
  );
}
