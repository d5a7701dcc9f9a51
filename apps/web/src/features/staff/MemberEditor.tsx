import { ERROR_CODES, isValidPhone, LIMITS, SEXES, fieldMessage, type Sex } from '@heliograph/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../api/formErrors';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { accountRules } from '../../components/password/formRules';
import { currentLang } from '../../i18n';
import { encryptPasswords } from '../../kit/encryptPassword';
import { useMediaQuery } from '../../kit/useMediaQuery';
import { memberApi, memberKeys, type Member, type MemberRoleOption } from './api';

interface Values {
  account: string;
  nickname: string;
  sex: Sex;
  phone: string;
  roleId: string;
  password?: string;
  confirm?: string;
}

const FIELDS = ['account', 'nickname', 'sex', 'phone', 'roleId', 'password'] as const;

/**
 * Add a member (account = e-mail, with an initial password) or change one (no password). The account is
 * checked with the server when it is left (105: a new account is made; 106, 104, 1104, 1105 refuse it).
 */
export function MemberEditor({
  open,
  member,
  roles,
  roleLabel,
  onClose,
}: {
  open: boolean;
  member: Member | null;
  roles: MemberRoleOption[];
  roleLabel: (r: MemberRoleOption) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 575px)');
  const lang = currentLang();
  const rules = accountRules(lang);
  const [accountHint, setAccountHint] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setAccountHint(null);
    form.setFieldsValue(
      member
        ? {
            account: member.account,
            nickname: member.nickname,
            sex: member.sex,
            phone: member.phone,
            roleId: member.roleId,
          }
        : { account: '', nickname: '', sex: 'unknown', phone: '', roleId: undefined },
    );
  }, [open, member, form]);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const base = {
        account: v.account.trim(),
        nickname: v.nickname.trim(),
        sex: v.sex,
        phone: (v.phone ?? '').trim(),
        roleId: v.roleId,
      };
      if (member) return memberApi.save({ ...base, userId: member.id });
      const { keyId, passwords } = await encryptPasswords(v.password ?? '');
      return memberApi.save({ ...base, keyId, password: passwords[0] ?? '' });
    },
    onSuccess: () => {
      void message.success(member ? t('members.saved') : t('members.added'));
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.notified) return;
      if (error.code === ERROR_CODES.validation) applyServerErrors(form, error, FIELDS);
      else form.setFields([{ name: 'account', errors: [error.message] }]);
    },
  });

  // The server's word on the account, once it is a valid e-mail and the field is left.
  const checkAccount = async (_: unknown, value: unknown): Promise<void> => {
    const account = String(value ?? '')
      .trim()
      .toLowerCase();
    setAccountHint(null);
    if (!account || member?.account === account) return;
    try {
      await memberApi.check(account);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === ERROR_CODES.accountNotRegistered) setAccountHint(t('members.newAccount'));
      else throw new Error(error.message, { cause: error });
    }
  };

  const submit = () =>
    void form
      .validateFields()
      .then((v) => save.mutate(v))
      .catch(() => undefined);

  return (
    <Drawer
      open={open}
      title={member ? t('members.editTitle', { name: member.nickname }) : t('members.addTitle')}
      onClose={onClose}
      size={phone ? '100%' : 480}
      destroyOnHidden
      data-testid="member-editor"
      footer={
        <Space className="hg-members-footer">
          <Button onClick={onClose}>{t('members.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit} data-testid="member-save">
            {t('members.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark>
        <Form.Item
          name="account"
          label={t('members.account')}
          validateTrigger="onBlur"
          extra={accountHint ?? t('members.accountHint')}
          rules={[...rules.email, { validator: checkAccount }]}
        >
          <Input type="email" autoComplete="off" maxLength={LIMITS.emailMax} data-testid="member-account" />
        </Form.Item>
        <Form.Item name="nickname" label={t('members.nickname')} rules={[...rules.required, ...rules.nickname]}>
          <Input maxLength={LIMITS.nicknameMax} data-testid="member-nickname" />
        </Form.Item>
        <Form.Item name="roleId" label={t('members.role')} rules={rules.required}>
          <Select
            options={roles.map((r) => ({ value: r.id, label: roleLabel(r) }))}
            placeholder={t('members.chooseRole')}
            disabled={member?.self}
            data-testid="member-role"
          />
        </Form.Item>
        {member?.self && <p className="hg-page-hint">{t('members.ownRole')}</p>}
        <Form.Item name="sex" label={t('account.sex')}>
          <Select options={SEXES.map((s) => ({ value: s, label: t(`account.sex_${s}`) }))} data-testid="member-sex" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('members.phone')}
          rules={[
            {
              validator: (_r, value: unknown) =>
                !value || isValidPhone(String(value).trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(fieldMessage('phone', lang))),
            },
          ]}
        >
          <Input type="tel" maxLength={32} data-testid="member-phone" />
        </Form.Item>
        {!member && (
          <NewPasswordFields
            name="password"
            label={t('members.initialPassword')}
            testIds={['member-password', 'member-confirm']}
            icons={false}
          />
        )}
      </Form>
    </Drawer>
  );
}
