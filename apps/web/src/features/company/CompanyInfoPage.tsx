import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, ColorPicker, Descriptions, Form, Input, Skeleton, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_LIMITS,
  ERROR_CODES,
  LOGO_KINDS,
  LOGO_SIZES,
  fieldMessage,
  isValidEmail,
  isValidPhone,
  type CompanyFieldsInput,
} from '@heliograph/shared';
import { USER_INFO_KEY } from '../../api/auth';
import { ApiError } from '../../api/client';
import { setFieldError } from '../../api/formErrors';
import { SubmitForm } from '../../components/SubmitForm';
import { useFieldsSubmit } from '../../components/useFormSubmit';
import { currentLang } from '../../i18n';
import { usePermissions } from '../../kit/permissions';
import { accessiblePrimary, isThemeColor, readableTextOn, THEME_COLOR } from '../../kit/theme';
import { LoadFailed } from '../device-common/LoadFailed';
import { companyApi, companyKeys, type CompanyInfo, type LogoKind } from './api';
import './company.css';

const FIELDS = ['name', 'contactName', 'email', 'phone', 'address'] as const;
type Values = Required<CompanyFieldsInput>;

/** The pixel size of an image file the browser can decode, or null. */
async function pixelSize(file: File): Promise<{ width: number; height: number } | null> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

function InfoForm({ info, editable }: { info: CompanyInfo; editable: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue(info);
  }, [form, info]);
  const { busy, onFinish } = useFieldsSubmit(
    form,
    async (values: Values) => {
      try {
        const saved = await companyApi.edit(values);
        queryClient.setQueryData(companyKeys.info, saved);
        void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
        form.resetFields();
        form.setFieldsValue(saved);
        void message.success(t('company.saved'));
      } catch (err) {
        if (err instanceof ApiError && err.code === ERROR_CODES.companyNameDuplicate)
          setFieldError(form, 'name', err.message);
        else throw err;
      }
    },
    FIELDS,
  );
  const optional = (check: (v: string) => boolean, rule: 'email' | 'phone') => ({
    validator: (_r: unknown, v: string | undefined) =>
      !v?.trim() || check(v.trim()) ? Promise.resolve() : Promise.reject(new Error(fieldMessage(rule, lang))),
  });
  return (
    <SubmitForm<Values>
      form={form}
      className="hg-company-form"
      aria-label={t('company.infoTitle')}
      disabled={!editable}
      initialValues={info}
      onFinish={onFinish}
      busy={busy}
      submitLabel={t('company.save')}
      submitTestId="company-save"
    >
      <Form.Item
        name="name"
        label={t('company.name')}
        rules={[
          { required: true, whitespace: true, message: fieldMessage('required', lang) },
          { max: COMPANY_LIMITS.nameMax, message: fieldMessage('tooLong', lang) },
        ]}
      >
        <Input maxLength={COMPANY_LIMITS.nameMax} autoComplete="organization" data-testid="company-name" />
      </Form.Item>
      <Form.Item name="contactName" label={t('company.contactName')}>
        <Input maxLength={COMPANY_LIMITS.contactMax} autoComplete="name" />
      </Form.Item>
      <div className="hg-company-pair">
        <Form.Item name="email" label={t('company.email')} rules={[optional(isValidEmail, 'email')]}>
          <Input type="email" autoComplete="email" dir="ltr" className="hg-ltr" />
        </Form.Item>
        <Form.Item name="phone" label={t('company.phone')} rules={[optional(isValidPhone, 'phone')]}>
          <Input type="tel" inputMode="tel" autoComplete="tel" dir="ltr" className="hg-ltr" />
        </Form.Item>
      </div>
      <Form.Item name="address" label={t('company.address')}>
        <Input.TextArea
          maxLength={COMPANY_LIMITS.addressMax}
          autoSize={{ minRows: 2, maxRows: 4 }}
          autoComplete="street-address"
        />
      </Form.Item>
    </SubmitForm>
  );
}

function LogoCard({
  which,
  info,
  editable,
}: {
  which: LogoKind;
  info: CompanyInfo;
  editable: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const size = LOGO_SIZES[which];
  const url = which === 'wide' ? info.logoWide : info.logoSquare;
  const saved = (next: CompanyInfo) => {
    queryClient.setQueryData(companyKeys.info, next);
    void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
  };
  const upload = useMutation({
    mutationFn: (file: File) => companyApi.uploadLogo(which, file),
    onSuccess: (next) => {
      setError(null);
      saved(next);
      void message.success(t('company.logoSaved'));
    },
    onError: (err) => {
      if (err instanceof ApiError && !err.notified) setError(err.fields[0]?.message ?? err.message);
    },
  });
  const remove = useMutation({ mutationFn: () => companyApi.removeLogo(which), onSuccess: saved });

  // The browser checks what it can before sending; the server checks the bytes again.
  const check = async (file: File): Promise<string | null> => {
    if (!['image/png', 'image/jpeg'].includes(file.type)) return fieldMessage('logoType', lang);
    if (file.size > COMPANY_LIMITS.logoBytes) return fieldMessage('logoBytes', lang);
    const px = await pixelSize(file);
    if (px && (px.width !== size.width || px.height !== size.height))
      return fieldMessage(which === 'wide' ? 'logoWideSize' : 'logoSquareSize', lang);
    return null;
  };
  const titleId = `logo-${which}-title`;
  return (
    <section className="hg-logo-card" aria-labelledby={titleId} data-testid={`logo-${which}`}>
      <h3 id={titleId} className="hg-company-subtitle">
        {t(which === 'wide' ? 'company.logoWide' : 'company.logoSquare')}
      </h3>
      <p className="hg-page-hint">
        {t('company.logoHint', { width: size.width, height: size.height, kb: COMPANY_LIMITS.logoBytes / 1024 })}
      </p>
      <div className={`hg-logo-preview hg-logo-preview-${which}`} style={{ background: info.themeColor }}>
        {url ? (
          <img
            src={url}
            alt={t('company.logoPreviewAlt', { name: info.name })}
            width={size.width}
            height={size.height}
          />
        ) : (
          <span className="hg-logo-none" style={{ color: readableTextOn(info.themeColor) }}>
            {t('company.noLogo')}
          </span>
        )}
      </div>
      {error ? (
        <p className="hg-field-error" role="alert">
          {error}
        </p>
      ) : null}
      {editable ? (
        <Space wrap>
          <Upload
            accept="image/png,image/jpeg"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void check(file).then((problem) => {
                if (problem) setError(problem);
                else upload.mutate(file);
              });
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid={`logo-${which}-upload`}>
              {url ? t('company.replaceLogo') : t('company.uploadLogo')}
            </Button>
          </Upload>
          {url ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={remove.isPending}
              onClick={() =>
                modal.confirm({
                  title: t('company.removeLogoTitle'),
                  content: t('company.removeLogoBody'),
                  okText: t('company.remove'),
                  okButtonProps: { danger: true },
                  cancelText: t('company.cancel'),
                  onOk: () => remove.mutateAsync(),
                })
              }
            >
              {t('company.remove')}
            </Button>
          ) : null}
        </Space>
      ) : null}
    </section>
  );
}

function ThemeCard({ info, editable }: { info: CompanyInfo; editable: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // Remounted (key) when the saved colour changes, so the draft starts from it again.
  const [color, setColor] = useState(info.themeColor);
  const save = useMutation({
    mutationFn: (c: string) => companyApi.themeColor(c),
    onSuccess: (next) => {
      queryClient.setQueryData(companyKeys.info, next);
      void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
      void message.success(t('company.colorSaved'));
    },
  });
  const valid = isThemeColor(color);
  const text = readableTextOn(valid ? color : THEME_COLOR);
  const primary = accessiblePrimary(valid ? color : THEME_COLOR);
  return (
    <section className="hg-company-section" aria-labelledby="theme-title">
      <h2 id="theme-title" className="hg-company-section-title">
        {t('company.themeTitle')}
      </h2>
      <p className="hg-page-hint">{t('company.themeHint')}</p>
      <div className="hg-theme-row">
        <Space orientation="vertical" size="middle">
          <label className="hg-theme-label" htmlFor="theme-color-text">
            {t('company.themeColor')}
          </label>
          <Space wrap>
            <ColorPicker
              showText={false}
              value={color}
              disabled={!editable}
              disabledAlpha
              format="hex"
              presets={[
                {
                  label: t('company.presets'),
                  colors: ['#353340', '#0b3d91', '#005a4e', '#7a1f3d', '#1f2937', '#4a3aff', '#ff8c00', '#f5f5f5'],
                },
              ]}
              onChange={(c) => setColor(c.toHexString())}
            >
              <Button aria-label={t('company.pickColor')} title={t('company.pickColor')} className="hg-theme-swatch">
                <span className="hg-theme-swatch-fill" style={{ background: valid ? color : THEME_COLOR }} />
              </Button>
            </ColorPicker>
            <Input
              id="theme-color-text"
              className="hg-theme-hex hg-ltr"
              value={color}
              disabled={!editable}
              maxLength={7}
              dir="ltr"
              status={valid ? undefined : 'error'}
              onChange={(e) => setColor(e.target.value.trim())}
              data-testid="theme-color"
            />
          </Space>
          {editable ? (
            <Space wrap>
              <Button
                type="primary"
                disabled={!valid || color.toLowerCase() === info.themeColor.toLowerCase()}
                loading={save.isPending}
                onClick={() => save.mutate(color)}
                data-testid="theme-save"
              >
                {t('company.saveColor')}
              </Button>
              <Button
                disabled={info.themeColor.toLowerCase() === THEME_COLOR && color.toLowerCase() === THEME_COLOR}
                onClick={() => {
                  setColor(THEME_COLOR);
                  save.mutate(THEME_COLOR);
                }}
              >
                {t('company.resetColor')}
              </Button>
            </Space>
          ) : null}
        </Space>
        {/* A live preview: the menu in the colour with the text colour chosen for it, and a primary button. */}
        <figure className="hg-theme-preview" aria-label={t('company.previewLabel')} data-testid="theme-preview">
          <div className="hg-theme-preview-sider" style={{ background: valid ? color : THEME_COLOR, color: text }}>
            <span className="hg-theme-preview-brand">{info.name}</span>
            <span className="hg-theme-preview-item hg-theme-preview-active">{t('company.previewPlants')}</span>
            <span className="hg-theme-preview-item">{t('company.previewDevices')}</span>
          </div>
          <div className="hg-theme-preview-body">
            <span className="hg-theme-preview-button" style={{ background: primary, color: '#ffffff' }}>
              {t('company.previewButton')}
            </span>
            <span style={{ color: primary }}>{t('company.previewLink')}</span>
          </div>
        </figure>
      </div>
    </section>
  );
}

/**
 * /enterprise/company — the company's information (spec §3 Company), its logos in the two sizes of spec §9 and its
 * theme colour, which every member's console takes. Members without company.edit see it read-only.
 */
export default function CompanyInfoPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { held } = usePermissions();
  const editable = held.has('company.edit');
  const query = useQuery({ queryKey: companyKeys.info, queryFn: companyApi.info });

  if (query.isError && !query.data)
    return <LoadFailed card title={t('company.loadFailed')} retry={query.refetch} retryText={t('company.retry')} />;

  const info = query.data;
  return (
    <div className="hg-company" data-testid="company-info">
      <section className="hg-page-card" aria-labelledby="company-title">
        <header className="hg-page-header">
          <div>
            <h1 id="company-title" className="hg-page-title">
              {t('page.companyInfo')}
            </h1>
            <p className="hg-page-hint">{editable ? t('company.hint') : t('company.readOnlyHint')}</p>
          </div>
        </header>
        {info ? (
          <div className="hg-company-grid">
            <section className="hg-company-section" aria-labelledby="company-info-title">
              <h2 id="company-info-title" className="hg-company-section-title">
                {t('company.infoTitle')}
              </h2>
              <InfoForm info={info} editable={editable} />
            </section>
            <section className="hg-company-section" aria-labelledby="company-admin-title">
              <h2 id="company-admin-title" className="hg-company-section-title">
                {t('company.adminTitle')}
              </h2>
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: 'admin',
                    label: t('company.admin'),
                    children: info.admin ? (
                      <span>
                        {info.admin.nickname} <bdi className="hg-muted">({info.admin.account})</bdi>
                      </span>
                    ) : (
                      t('company.noAdmin')
                    ),
                  },
                  {
                    key: 'host',
                    label: t('company.hostName'),
                    children: info.hostName ? <bdi>{info.hostName}</bdi> : t('company.noHostName'),
                  },
                ]}
              />
              <p className="hg-page-hint">{t('company.hostNameHint')}</p>
            </section>
          </div>
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </section>
      {info ? (
        <>
          <section className="hg-page-card" aria-labelledby="logos-title">
            <h2 id="logos-title" className="hg-company-section-title">
              {t('company.logosTitle')}
            </h2>
            <p className="hg-page-hint">{t('company.logosHint')}</p>
            <div className="hg-logo-grid">
              {LOGO_KINDS.map((which) => (
                <LogoCard key={which} which={which} info={info} editable={editable} />
              ))}
            </div>
          </section>
          <section className="hg-page-card">
            <ThemeCard key={info.themeColor} info={info} editable={editable} />
          </section>
        </>
      ) : null}
    </div>
  );
}
