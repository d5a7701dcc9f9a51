import { App, Button, Descriptions, Form, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, LIMITS, SEXES, fieldMessage, isValidPhone, type Sex, type UserInfo } from '@heliograph/shared';
import { USER_INFO_KEY } from '../../api/auth';
import { call } from '../../api/call';
import { applyServerErrors } from '../../api/formErrors';
import { queryClient } from '../../api/queryClient';
import { session } from '../../api/session';
import { currentLang, HTML_LANG } from '../../i18n';
import { displayRole } from '../../i18n/roles';

interface BasicValues {
  nickname: string;
  phone: string;
  sex: Sex;
}

export function BasicInfoForm({ user, readOnly }: { user: UserInfo; readOnly: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<BasicValues>();
  const [saving, setSaving] = useState(false);
  const lang = currentLang();
  const registered = user.registeredAt
    ? new Intl.DateTimeFormat(HTML_LANG[lang], { dateStyle: 'long' }).format(new Date(user.registeredAt))
    : '—';

  // Fresher data from the server replaces the cached values, unless the person already started editing.
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue({ nickname: user.nickname, phone: user.phone, sex: user.sex });
  }, [form, user.nickname, user.phone, user.sex]);

  const onFinish = async (values: BasicValues): Promise<void> => {
    setSaving(true);
    try {
      const info = await call(
        'POST /user/:userId',
        {
          params: { userId: user.id },
          body: { nickname: values.nickname.trim(), phone: values.phone?.trim() ?? '', sex: values.sex },
        },
        { tolerate: [ERROR_CODES.validation] },
      );
      queryClient.setQueryData(USER_INFO_KEY, info);
      session.setUserInfo(info);
      form.setFieldsValue({ nickname: info.nickname, phone: info.phone, sex: info.sex });
      void message.success(t('account.saved'));
    } catch (err) {
      applyServerErrors(form, err, ['nickname', 'phone', 'sex']);
    } finally {
      setSaving(false);
    }
  };

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
      <Form<BasicValues>
        form={form}
        layout="vertical"
        className="hg-account-form"
        disabled={readOnly}
        initialValues={{ nickname: user.nickname, phone: user.phone, sex: user.sex }}
        onFinish={(v) => void onFinish(v)}
        aria-label={t('account.tabBasic')}
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
        <Button type="primary" htmlType="submit" loading={saving} data-testid="account-save">
          {t('common.save')}
        </Button>
      </Form>
    </div>
  );
}
