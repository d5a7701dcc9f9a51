import { UploadOutlined } from '@ant-design/icons';
import { DISPLAY_LIMITS, DISPLAY_PAGES, DISPLAY_STYLES, type DisplayPage, type DisplayStyle } from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { displayApi, displayKeys, type Display } from './api';

interface Values {
  name: string;
  style: DisplayStyle;
  allPlants: boolean;
  plantIds: string[];
  rows: number;
  cols: number;
  pages: DisplayPage[];
  pageSeconds: number;
}

const FIELDS = ['name', 'style', 'allPlants', 'plantIds', 'rows', 'cols', 'pages', 'pageSeconds'] as const;

/** The plants to choose from: a search over the caller's plants (20 at a time), plus those already chosen. */
function PlantPicker({
  value,
  onChange,
  chosen,
  id,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  chosen: readonly { id: string; name: string }[];
  id?: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['displays', 'plants', keyword],
    queryFn: () => displayApi.plants(keyword),
    staleTime: 30_000,
  });
  const options = new Map<string, string>(chosen.map((p) => [p.id, p.name]));
  for (const p of found.data?.rows ?? []) options.set(p.id, p.name);
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={found.isFetching}
      placeholder={t('displays.form.plantsPlaceholder')}
      options={[...options].map(([value, label]) => ({ value, label }))}
      data-testid="display-plants"
    />
  );
}

/** Create or edit a display: title, style, plants, the spliced grid or the rotating pages, and the logo. */
export function DisplayDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: Display | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const style = Form.useWatch('style', form) ?? 'single';
  const allPlants = Form.useWatch('allPlants', form) ?? false;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        style: editing.style,
        allPlants: editing.allPlants,
        plantIds: editing.plants.map((p) => p.id),
        rows: editing.rows,
        cols: editing.cols,
        pages: editing.pages,
        pageSeconds: editing.pageSeconds,
      });
  }, [open, editing, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { ...v, plantIds: v.allPlants ? [] : v.plantIds };
      return editing ? displayApi.update(editing.id, body) : displayApi.create(body);
    },
    onSuccess: () => {
      void message.success(editing ? t('displays.saved') : t('displays.created'));
      void queryClient.invalidateQueries({ queryKey: displayKeys.all });
      onClose();
    },
    onError: (err) => applyServerErrors(form, err, FIELDS),
  });

  const logo = useMutation({
    mutationFn: (file: File | null) =>
      editing ? (file ? displayApi.uploadLogo(editing.id, file) : displayApi.removeLogo(editing.id)) : Promise.reject(),
    onSuccess: () => {
      void message.success(t('displays.logoSaved'));
      void queryClient.invalidateQueries({ queryKey: displayKeys.all });
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('displays.editTitle', { name: editing.name }) : t('displays.createTitle')}
      okText={t('displays.save')}
      cancelText={t('displays.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
      okButtonProps={{ 'data-testid': 'display-save' }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          style: 'single',
          allPlants: true,
          plantIds: [],
          rows: 2,
          cols: 2,
          pages: [...DISPLAY_PAGES],
          pageSeconds: 20,
        }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="name"
          label={t('displays.form.name')}
          rules={[{ required: true, whitespace: true, message: t('displays.form.nameRequired') }]}
        >
          <Input maxLength={DISPLAY_LIMITS.nameMax} data-testid="display-name" />
        </Form.Item>
        <Form.Item name="style" label={t('displays.form.style')}>
          <Radio.Group
            optionType="button"
            options={DISPLAY_STYLES.map((s) => ({ value: s, label: t(`displays.styles.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="allPlants" label={t('displays.form.allPlants')} valuePropName="checked">
          <Switch data-testid="display-all-plants" />
        </Form.Item>
        {allPlants ? null : (
          <Form.Item
            name="plantIds"
            label={t('displays.form.plants')}
            rules={[{ required: true, type: 'array', min: 1, message: t('displays.form.plantsRequired') }]}
          >
            <PlantPicker chosen={editing?.plants ?? []} />
          </Form.Item>
        )}
        {style === 'spliced' ? (
          <Space size="large" wrap>
            <Form.Item name="rows" label={t('displays.form.rows')}>
              <InputNumber min={1} max={DISPLAY_LIMITS.gridMax} precision={0} />
            </Form.Item>
            <Form.Item name="cols" label={t('displays.form.cols')}>
              <InputNumber min={1} max={DISPLAY_LIMITS.gridMax} precision={0} />
            </Form.Item>
          </Space>
        ) : null}
        {style === 'multipage' ? (
          <>
            <Form.Item
              name="pages"
              label={t('displays.form.pages')}
              rules={[{ required: true, type: 'array', min: 1, message: t('displays.form.pagesRequired') }]}
            >
              <Checkbox.Group options={DISPLAY_PAGES.map((p) => ({ value: p, label: t(`displays.pages.${p}`) }))} />
            </Form.Item>
            <Form.Item name="pageSeconds" label={t('displays.form.pageSeconds')}>
              <InputNumber min={DISPLAY_LIMITS.pageSecondsMin} max={DISPLAY_LIMITS.pageSecondsMax} precision={0} />
            </Form.Item>
          </>
        ) : null}
        {editing ? (
          <Form.Item label={t('displays.form.logo')} extra={t('displays.form.logoHint')}>
            <Space wrap>
              <Upload
                accept="image/png,image/jpeg"
                showUploadList={false}
                beforeUpload={(file) => {
                  logo.mutate(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={logo.isPending}>
                  {t('displays.form.logoUpload')}
                </Button>
              </Upload>
              {editing.logoUrl ? (
                <Button onClick={() => logo.mutate(null)}>{t('displays.form.logoRemove')}</Button>
              ) : null}
            </Space>
          </Form.Item>
        ) : (
          <p className="hg-page-hint">{t('displays.form.logoLater')}</p>
        )}
      </Form>
    </Modal>
  );
}
