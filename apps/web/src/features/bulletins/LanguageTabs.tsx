import { LANGUAGE_NAMES, LANGUAGES, NOTICE_LIMITS, type Lang } from '@heliograph/shared';
import { Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { HTML_LANG } from '../../i18n';

/** The BCP 47 tag of a console language (its codes cn and po are the console's own). */
const tag = (l: Lang): string => HTML_LANG[l];

/**
 * A title and a text in the eight languages, one tab each. English is required; a language left empty shows
 * the English text (the server falls back the same way).
 */
export function LanguageTabs({
  tab,
  onTab,
  titleField,
  textField,
  testId,
}: {
  tab: Lang;
  onTab: (l: Lang) => void;
  titleField: string;
  textField: string;
  testId: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => onTab(k as Lang)}
      items={LANGUAGES.map((l) => ({
        key: l,
        label: <span lang={tag(l)}>{LANGUAGE_NAMES[l]}</span>,
        forceRender: true,
        children: (
          <>
            <Form.Item
              name={[titleField, l]}
              label={t('bulletins.titleIn', { language: LANGUAGE_NAMES[l] })}
              rules={l === 'en' ? [{ required: true, whitespace: true, message: t('bulletins.englishRequired') }] : []}
            >
              <Input
                maxLength={NOTICE_LIMITS.titleMax}
                dir={l === 'he' ? 'rtl' : 'ltr'}
                lang={tag(l)}
                data-testid={`${testId}-title-${l}`}
              />
            </Form.Item>
            <Form.Item
              name={[textField, l]}
              label={t('bulletins.contentIn', { language: LANGUAGE_NAMES[l] })}
              rules={[
                ...(l === 'en' ? [{ required: true, whitespace: true, message: t('bulletins.englishRequired') }] : []),
                {
                  max: NOTICE_LIMITS.contentMax,
                  message: t('bulletins.contentTooLong', { max: NOTICE_LIMITS.contentMax }),
                },
              ]}
            >
              <Input.TextArea
                rows={5}
                maxLength={NOTICE_LIMITS.contentMax}
                showCount
                dir={l === 'he' ? 'rtl' : 'ltr'}
                lang={tag(l)}
                data-testid={`${testId}-content-${l}`}
              />
            </Form.Item>
          </>
        ),
      }))}
    />
  );
}

/** The form's per-language values as the API takes them (trimmed, empty for a language left out). */
export function langValues(v: Partial<Record<Lang, string | undefined>> | undefined): Record<Lang, string> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, (v?.[l] ?? '').trim()])) as Record<Lang, string>;
}

/** Which language tab a server field error such as `content.vi` points at. */
export function errorLang(field: string): Lang | null {
  const l = field.split('.').at(-1);
  return (LANGUAGES as readonly string[]).includes(l ?? '') ? (l as Lang) : null;
}
