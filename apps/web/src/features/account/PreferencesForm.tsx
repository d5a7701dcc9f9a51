import { App, Button, Form, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ERROR_CODES,
  LANGUAGE_NAMES,
  LANGUAGES,
  TEMPERATURE_UNITS,
  type Lang,
  type TemperatureUnit,
  type UserInfo,
} from '@heliograph/shared';
import { USER_INFO_KEY } from '../../api/auth';
import { call } from '../../api/call';
import { applyServerErrors } from '../../api/formErrors';
import { queryClient } from '../../api/queryClient';
import { session } from '../../api/session';
import { changeLanguage, currentLang, HTML_LANG } from '../../i18n';

interface PreferenceValues {
  temperatureUnit: TemperatureUnit;
  language: Lang;
}

/** Personalisation: temperature unit and language (POST /api/v1/user/personalized). */
export function PreferencesForm({ user, readOnly }: { user: UserInfo; readOnly: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PreferenceValues>();
  const [saving, setSaving] = useState(false);
  const lang = currentLang();

  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue({ temperatureUnit: user.temperatureUnit ?? 'C' });
  }, [form, user.temperatureUnit]);

  const onFinish = async (values: PreferenceValues): Promise<void> => {
    setSaving(true);
    try {
      const info = await call(
        'POST /user/personalized',
        { body: values },
        {
          tolerate: [ERROR_CODES.validation],
        },
      );
      queryClient.setQueryData(USER_INFO_KEY, info);
      session.setUserInfo(info);
      if (values.language !== lang) {
        changeLanguage(values.language);
        return;
      }
      void message.success(t('account.saved'));
    } catch (err) {
      applyServerErrors(form, err, ['temperatureUnit', 'language']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PreferenceValues>
      form={form}
      layout="vertical"
      className="hg-account-form"
      disabled={readOnly}
      initialValues={{ temperatureUnit: user.temperatureUnit ?? 'C', language: lang }}
      onFinish={(v) => void onFinish(v)}
      aria-label={t('account.tabPreferences')}
    >
      <Form.Item name="temperatureUnit" label={t('account.temperatureUnit')} extra={t('account.temperatureHint')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          aria-label={t('account.temperatureUnit')}
          options={TEMPERATURE_UNITS.map((u) => ({
            value: u,
            label: u === 'C' ? t('account.celsius') : t('account.fahrenheit'),
          }))}
          data-testid="temperature-unit"
        />
      </Form.Item>
      <Form.Item name="language" label={t('account.language')} extra={t('account.languageHint')}>
        <Select
          className="hg-language-select"
          aria-label={t('account.language')}
          options={LANGUAGES.map((code) => ({
            value: code,
            label: <span lang={HTML_LANG[code]}>{LANGUAGE_NAMES[code]}</span>,
          }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="preferences-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}
