import { App, Descriptions, Form, Input, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, LIMITS, SEXES, fieldMessage, isValidPhone, type UserInfo } from '@heliograph/shared';
import { call } from '../../api/call';
import { currentLang, HTML_LANG } from '../../i18n';
import { displayRole } from '../../i18n/roles';
import { AccountForm } from './AccountForm';
import { storeUserInfo, type AccountTabProps } from './accountTab';
import { useFieldsSubmit } from '../../components/useFormSubmit';

/** The user's own fields this tab edits. */
type BasicValues = Pick<UserInfo, 'nickname' | 'phone' | 'sex'>;

export function BasicInfoForm({ user, readOnly }: AccountTabProps): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<BasicValues>();
  const lang = currentLang();
  const registered = user.registeredAt
    ? new Intl.DateTimeFormat(HTML_LANG[lang], { dateStyle: 'long' }).format(new Date(user.registeredAt))
    : '—';

  // Fresher data from the server replaces the cached values, unless the person already started editing.
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue({ nickname: user.nickname, phone: user.phone, sex: user.sex });
  }, [form, user.nickname, user.phone, user.sex]);

  const { busy, onFinish } = useFieldsSubmit(
    form,
    async (values: BasicValues) => {
      const info = await call(
        'POST /user/:userId',
        {
          params: { userId: user.id },
          body: { nickname: values.nickname.trim(), phone: values.phone?.trim() ?? '', sex: values.sex },
        },
        { tolerate: [ERROR_CODES.validation] },
      );
      storeUserInfo(info);
      form.setFieldsValue({ nickname: info.nickname, phone: info.phone, sex: info.sex });
      void message.success(t('account.saved'));
    },
    ['nickname', 'phone', 'sex'],
  );

  return (
    <div className="hg-account-section">
      <Descriptions
        className="hg-account-facts"
        column={{ xs: 1, sm: 1, md: 2 }}
        size="small"
        items={[
          { key: 'email', label: t('account.email'), children: <bdi>{user.email || user.account}</bdi> },
          { key: 'role', label: t('account.role'), children: displayRole(user.role) },
          { key: 'company', label: t('account.company'), children: user.company?.name ?? t('account.noCompany') },
          { key: 'registered', label: t('account.registeredAt'), children: registered },
        ]}
      />
      <AccountForm<BasicValues>
        form={form}
        aria-label={t('account.tabBasic')}
        readOnly={readOnly}
        initialValues={{ nickname: user.nickname, phone: user.phone, sex: user.sex }}
        onFinish={onFinish}
        busy={busy}
        submitLabel={t('common.save')}
        submitTestId="account-save"
      >
        <Form.Item
          name="nickname"
          label={t('auth.nickname')}
          rules={[
            { required: true, whitespace: true, message: fieldMessage('required', lang) },
            { max: LIMITS.nicknameMax, message: fieldMessage('tooLong', lang) },
          ]}
        >
          <Input maxLength={LIMITS.nicknameMax} autoComplete="nickname" data-testid="account-nickname" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('account.phone')}
          rules={[
            {
              validator: (_r, v: string | undefined) =>
                !v || isValidPhone(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(fieldMessage('phone', lang))),
            },
          ]}
        >
          <Input type="tel" inputMode="tel" autoComplete="tel" dir="ltr" data-testid="account-phone" />
        </Form.Item>
        <Form.Item name="sex" label={t('account.sex')}>
          <Radio.Group
            options={SEXES.map((s) => ({ value: s, label: t(`account.sex_${s}`) }))}
            aria-label={t('account.sex')}
          />
        </Form.Item>
      </AccountForm>
    </div>
  );
}
