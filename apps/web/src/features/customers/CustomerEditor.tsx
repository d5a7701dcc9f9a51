import { ERROR_CODES, fieldMessage, isValidPhone, LIMITS, type PermissionKey } from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Grid, Input, Skeleton, Space, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../api/formErrors';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { accountRules } from '../../components/password/formRules';
import { currentLang } from '../../i18n';
import { customerApi, customerKeys, type CustomerRow } from './api';
import { allKeys, PermissionTree } from './PermissionTree';
import { flatToTree, typeTreeData } from './typeTree';

interface Values {
  name: string;
  contactName?: string;
  phone?: string;
  email?: string;
  address?: string;
  remark?: string;
  typeId?: string | null;
  account?: string;
  password?: string;
  permissions: PermissionKey[];
}

const FIELDS = ['name', 'contactName', 'phone', 'email', 'address', 'remark', 'typeId', 'account', 'password'];

/**
 * Create or edit a customer in a drawer: its details and type, for a new one the account that signs in and
 * its initial password (checked with GET /customer/check as typed), and its own permission list as a checkbox
 * tree titled in the user's language.
 */
export function CustomerEditor({
  open,
  customer,
  onClose,
}: {
  open: boolean;
  customer: CustomerRow | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const rules = accountRules(lang);
  const { message } = App.useApp();
  const wide = Grid.useBreakpoint().md ?? true;
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const tree = useQuery({
    queryKey: customerKeys.tree(lang),
    queryFn: customerApi.permissionTree,
    enabled: open,
    staleTime: Infinity,
  });
  const types = useQuery({ queryKey: customerKeys.typeList, queryFn: customerApi.typeList, enabled: open });
  const role = useQuery({
    queryKey: customerKeys.role(customer?.id ?? ''),
    queryFn: () => customerApi.role(customer?.id ?? ''),
    enabled: open && !!customer,
  });
  const every = useMemo(() => allKeys(tree.data ?? []), [tree.data]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (customer) {
      form.setFieldsValue({
        name: customer.name,
        contactName: customer.contactName,
        phone: customer.phone,
        email: customer.email,
        address: customer.address,
        remark: customer.remark,
        typeId: customer.typeId,
      });
    }
  }, [open, customer, form]);
  // The permission list arrives after the form opens: a new customer starts with everything ticked.
  useEffect(() => {
    if (!open) return;
    if (customer && role.data) form.setFieldValue('permissions', role.data.permissions);
    else if (!customer && every.length > 0) form.setFieldValue('permissions', every);
  }, [open, customer, role.data, every, form]);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const body = {
        name: v.name.trim(),
        contactName: v.contactName?.trim() ?? '',
        phone: v.phone?.trim() ?? '',
        email: v.email?.trim() ?? '',
        address: v.address?.trim() ?? '',
        remark: v.remark?.trim() ?? '',
        typeId: v.typeId ?? null,
        permissions: v.permissions ?? [],
      };
      return customer
        ? customerApi.update(customer.id, body)
        : customerApi.create({ ...body, account: (v.account ?? '').trim() }, v.password ?? '');
    },
    onSuccess: () => {
      void message.success(t('customers.saved'));
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      onClose();
    },
    onError: (err) => applyServerErrors(form, err, FIELDS),
  });

  /** GET /customer/check as the account is typed: 105, 106, 202 and "already a customer" land on the field. */
  const accountFree = async (_: unknown, value: unknown) => {
    const account = String(value ?? '').trim();
    if (!account) return;
    try {
      await customerApi.check(account);
    } catch (err) {
      if (err instanceof ApiError && err.code !== ERROR_CODES.validation) throw new Error(err.message, { cause: err });
    }
  };

  const loading = tree.isLoading || (!!customer && role.isLoading);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={customer ? t('customers.editTitle', { name: customer.name }) : t('customers.createTitle')}
      width={wide ? 560 : '100%'}
      destroyOnHidden
      data-testid="customer-editor"
      extra={
        <Space>
          <Button onClick={onClose}>{t('customers.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() =>
              void form.validateFields().then(
                (v) => save.mutate(v),
                () => undefined,
              )
            }
            data-testid="customer-save"
          >
            {t('customers.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional">
        <Form.Item
          name="name"
          label={t('customers.name')}
          rules={[{ required: true, whitespace: true, message: fieldMessage('required', lang) }]}
        >
          <Input maxLength={64} data-testid="customer-name" autoFocus />
        </Form.Item>
        <Form.Item name="typeId" label={t('customers.type')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('customers.noType')}
            loading={types.isLoading}
            treeData={typeTreeData(flatToTree(types.data ?? []))}
            data-testid="customer-type"
          />
        </Form.Item>
        {!customer && (
          <>
            <Form.Item
              name="account"
              label={t('customers.account')}
              extra={t('customers.accountHint')}
              validateDebounce={400}
              rules={[...rules.email, { validator: accountFree }]}
              hasFeedback
            >
              <Input maxLength={LIMITS.emailMax} autoComplete="off" inputMode="email" data-testid="customer-account" />
            </Form.Item>
            <NewPasswordFields
              name="password"
              label={t('customers.initialPassword')}
              testIds={['customer-password', 'customer-confirm']}
              icons={false}
            />
          </>
        )}
        <Form.Item name="contactName" label={t('customers.contact')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('customers.phone')}
          rules={[
            {
              validator: (_r, v: unknown) =>
                !v || isValidPhone(String(v).trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(fieldMessage('phone', lang))),
            },
          ]}
        >
          <Input maxLength={32} inputMode="tel" />
        </Form.Item>
        <Form.Item name="email" label={t('customers.email')} rules={rules.email.slice(1)}>
          <Input maxLength={LIMITS.emailMax} inputMode="email" />
        </Form.Item>
        <Form.Item name="address" label={t('customers.address')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="remark" label={t('customers.remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        {loading && <Skeleton active />}
        <Form.Item
          name="permissions"
          label={t('customers.permissions')}
          extra={t('customers.permissionsHint')}
          hidden={loading}
        >
          <PermissionTree nodes={tree.data ?? []} label={t('customers.permissions')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
