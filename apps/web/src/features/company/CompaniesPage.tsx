import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_LIMITS,
  ERROR_CODES,
  fieldMessage,
  isValidEmail,
  isValidHostName,
  isValidPhone,
} from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { applyServerErrors, setFieldError } from '../../api/formErrors';
import {
  ListPage,
  ListToolbar,
  listEmpty,
  listPagination,
  RowAction,
  useListState,
  useWide,
  type ListSpec,
} from '../../components/list';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { Quantity } from '../../components/Quantity';
import { currentLang } from '../../i18n';
import { encryptPasswords } from '../../kit/encryptPassword';
import { LoadFailed } from '../device-common/LoadFailed';
import { companyApi, type CompanyRow } from './api';
import { formatTime } from '../../components/fileFormat';
import './company.css';

const SPEC: ListSpec<never, never> = { defaultSize: 20 };

interface Values {
  name: string;
  contactName: string;
  email: string;
  phone: string;
  address: string;
  hostName: string;
  adminAccount: string;
  adminNickname: string;
  password: string;
  confirm: string;
}
const FIELDS = [
  'name',
  'contactName',
  'email',
  'phone',
  'address',
  'hostName',
  'adminAccount',
  'adminNickname',
  'password',
];

/** Adds a company with its first administrator, or edits one (its white-label host name included). */
function CompanyDialog({
  editing,
  onClose,
}: {
  editing: CompanyRow | 'new' | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const isNew = editing === 'new';
  const optional = (check: (v: string) => boolean, rule: 'email' | 'phone' | 'hostName') => ({
    validator: (_r: unknown, v: string | undefined) =>
      !v?.trim() || check(v.trim().toLowerCase())
        ? Promise.resolve()
        : Promise.reject(new Error(fieldMessage(rule, lang))),
  });
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const fields = {
        name: v.name.trim(),
        contactName: v.contactName?.trim() ?? '',
        email: v.email?.trim() ?? '',
        phone: v.phone?.trim() ?? '',
        address: v.address?.trim() ?? '',
        hostName: v.hostName?.trim().toLowerCase() ?? '',
      };
      if (isNew) {
        const { keyId, passwords } = await encryptPasswords(v.password);
        await companyApi.addCompany({
          ...fields,
          adminAccount: v.adminAccount.trim().toLowerCase(),
          adminNickname: v.adminNickname.trim(),
          keyId,
          password: passwords[0] ?? '',
        });
        void message.success(t('company.companyAdded', { name: fields.name }));
      } else if (editing) {
        await companyApi.editCompany(editing.id, fields);
        void message.success(t('company.saved'));
      }
      void queryClient.invalidateQueries({ queryKey: ['companies'] });
      form.resetFields();
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError) || err.notified) return;
      if (err.code === ERROR_CODES.companyNameDuplicate) setFieldError(form, 'name', err.message);
      else if (err.code === ERROR_CODES.accountExists || err.code === ERROR_CODES.accountOtherCompany)
        setFieldError(form, 'adminAccount', err.message);
      else applyServerErrors(form, err, FIELDS);
    } finally {
      setBusy(false);
    }
  };
  const initial = editing && editing !== 'new' ? { ...editing, hostName: editing.hostName ?? '' } : {};
  return (
    <Modal
      open={!!editing}
      title={isNew ? t('company.addCompany') : t('company.editCompany')}
      okText={isNew ? t('company.add') : t('company.save')}
      cancelText={t('company.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={busy}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      width={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        aria-label={t('company.companyForm')}
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('company.name')}
          rules={[
            { required: true, whitespace: true, message: fieldMessage('required', lang) },
            { max: COMPANY_LIMITS.nameMax, message: fieldMessage('tooLong', lang) },
          ]}
        >
          <Input maxLength={COMPANY_LIMITS.nameMax} data-testid="companies-name" />
        </Form.Item>
        <div className="hg-company-pair">
          <Form.Item name="contactName" label={t('company.contactName')}>
            <Input maxLength={COMPANY_LIMITS.contactMax} />
          </Form.Item>
          <Form.Item name="phone" label={t('company.phone')} rules={[optional(isValidPhone, 'phone')]}>
            <Input type="tel" dir="ltr" className="hg-ltr" />
          </Form.Item>
        </div>
        <div className="hg-company-pair">
          <Form.Item name="email" label={t('company.email')} rules={[optional(isValidEmail, 'email')]}>
            <Input type="email" dir="ltr" className="hg-ltr" />
          </Form.Item>
          <Form.Item
            name="hostName"
            label={t('company.hostName')}
            extra={t('company.hostNameFieldHint')}
            rules={[optional(isValidHostName, 'hostName')]}
          >
            <Input dir="ltr" className="hg-ltr" placeholder="console.example.com" />
          </Form.Item>
        </div>
        <Form.Item name="address" label={t('company.address')}>
          <Input maxLength={COMPANY_LIMITS.addressMax} />
        </Form.Item>
        {isNew ? (
          <>
            <h3 className="hg-company-subtitle">{t('company.firstAdmin')}</h3>
            <div className="hg-company-pair">
              <Form.Item
                name="adminAccount"
                label={t('company.adminAccount')}
                rules={[{ required: true, message: fieldMessage('required', lang) }, optional(isValidEmail, 'email')]}
              >
                <Input type="email" dir="ltr" className="hg-ltr" autoComplete="off" data-testid="companies-admin" />
              </Form.Item>
              <Form.Item
                name="adminNickname"
                label={t('company.adminNickname')}
                rules={[{ required: true, whitespace: true, message: fieldMessage('required', lang) }]}
              >
                <Input maxLength={32} />
              </Form.Item>
            </div>
            <NewPasswordFields
              name="password"
              label={t('company.initialPassword')}
              testIds={['companies-password', 'companies-confirm']}
              icons={false}
            />
          </>
        ) : null}
      </Form>
    </Modal>
  );
}

/**
 * /enterprise/companies — the platform administrators' list of every company (search, pages, member and
 * plant counts), where they add a company with its first administrator and edit one, its white-label host
 * name included.
 */
export default function CompaniesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = useWide();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const [editing, setEditing] = useState<CompanyRow | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['companies', state.search, state.page, state.size],
    queryFn: () => companyApi.companies(state.search, state.page, state.size),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<CompanyRow> = [
    { title: t('company.name'), dataIndex: 'name', render: (v: string) => <strong>{v}</strong> },
    {
      title: t('company.admin'),
      key: 'admin',
      responsive: ['md'],
      render: (_: unknown, r) =>
        r.admin ? (
          <span>
            {r.admin.nickname}
            <br />
            <bdi className="hg-muted">{r.admin.account}</bdi>
          </span>
        ) : (
          <span className="hg-muted">{t('company.noAdmin')}</span>
        ),
    },
    {
      title: t('company.hostName'),
      dataIndex: 'hostName',
      responsive: ['lg'],
      render: (v: string | null) => (v ? <bdi>{v}</bdi> : <span className="hg-muted">—</span>),
    },
    // On a phone the counts take the width their heading needs (German, Polish and Spanish words are long).
    {
      title: t('company.members'),
      dataIndex: 'members',
      width: wide ? 100 : undefined,
      render: (v: number) => <Quantity>{v}</Quantity>,
    },
    {
      title: t('company.plants'),
      dataIndex: 'plants',
      width: wide ? 100 : undefined,
      render: (v: number) => <Quantity>{v}</Quantity>,
    },
    {
      title: t('company.created'),
      dataIndex: 'createdAt',
      width: 170,
      responsive: ['md'],
      render: (v: number) => <Quantity>{formatTime(v)}</Quantity>,
    },
    {
      // On a phone the column holds only the pencil: its heading is there for screen readers, not for the width.
      title: wide ? t('company.actions') : <span className="hg-visually-hidden">{t('company.actions')}</span>,
      key: 'actions',
      width: wide ? 110 : 48,
      render: (_: unknown, r) => (
        <RowAction
          wide={wide}
          label={t('company.edit')}
          icon={<EditOutlined />}
          aria-label={t('company.editNamed', { name: r.name })}
          onClick={() => setEditing(r)}
        />
      ),
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('company.companiesFailed')} retry={list.refetch} retryText={t('company.retry')} />;

  return (
    <ListPage
      titleId="companies-title"
      title={t('page.companies')}
      hint={t('company.companiesHint')}
      data-testid="companies"
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="companies-add">
          {t('company.addCompany')}
        </Button>
      }
    >
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('company.companiesSearch')}
        searchLabel={t('company.companiesSearch')}
        narrowed={narrowed}
        onReset={reset}
      />
      <Table<CompanyRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        size={wide ? undefined : 'small'}
        data-testid="companies-table"
        locale={listEmpty(narrowed, t('company.companiesNoMatch'), t('company.companiesNone'))}
      />
      <CompanyDialog editing={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
