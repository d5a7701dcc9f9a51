import { App, Form, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, LANGUAGE_NAMES, LANGUAGES, TEMPERATURE_UNITS, type UserInfo } from '@heliograph/shared';
import { call } from '../../api/call';
import { changeLanguage, currentLang, HTML_LANG } from '../../i18n';
import { AccountForm } from './AccountForm';
import { storeUserInfo, type AccountTabProps } from './accountTab';
import { useFieldsSubmit } from '../../components/useFormSubmit';

/** The user's own settings this tab edits. */
type PreferenceValues = Pick<UserInfo, 'temperatureUnit' | 'language'>;

/** Personalisation: temperature unit and language (POST /api/v1/user/personalized). */
export function PreferencesForm({ user, readOnly }: AccountTabProps): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PreferenceValues>();
  const lang = currentLang();

  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue({ temperatureUnit: user.temperatureUnit ?? 'C' });
  }, [form, user.temperatureUnit]);

  const { busy, onFinish } = useFieldsSubmit(
    form,
    async (values: PreferenceValues) => {
      const info = await call('POST /user/personalized', { body: values }, { tolerate: [ERROR_CODES.validation] });
      storeUserInfo(info);
      if (values.language !== lang) {
        changeLanguage(values.language);
        return;
      }
      void message.success(t('account.saved'));
    },
    ['temperatureUnit', 'language'],
  );

  return (
    <AccountForm<PreferenceValues>
      form={form}
      aria-label={t('account.tabPreferences')}
      readOnly={readOnly}
      initialValues={{ temperatureUnit: user.temperatureUnit ?? 'C', language: lang }}
      onFinish={onFinish}
      busy={busy}
      submitLabel={t('common.save')}
      submitTestId="preferences-save"
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
    </AccountForm>
  );
}
