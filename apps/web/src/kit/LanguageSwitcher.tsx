import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@heliograph/shared';
import { call } from '../api/call';
import { session } from '../api/session';
import { changeLanguage, currentLang, HTML_LANG } from '../i18n';

/**
 * The eight-language switcher (spec §1, §2.2): native names, the choice is saved locally (and in the
 * signed-in user's preferences) and the page reloads in the new language.
 */
export function LanguageSwitcher({
  compact = false,
  variant = 'text',
}: {
  compact?: boolean;
  variant?: 'text' | 'outlined';
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();

  const choose = async (next: Lang): Promise<void> => {
    if (next === lang) return;
    if (session.isSignedIn()) {
      // Best effort, at most a second: the local choice is what decides.
      await Promise.race([
        call('POST /user/personalized', { body: { language: next } }, { quiet: true }).catch(() => null),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]);
    }
    changeLanguage(next);
  };

  const items: MenuProps['items'] = LANGUAGES.map((code) => ({
    key: code,
    label: (
      <span lang={HTML_LANG[code]} dir={code === 'he' ? 'rtl' : 'ltr'} data-testid={`language-option-${code}`}>
        {LANGUAGE_NAMES[code]}
      </span>
    ),
  }));

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [lang], onClick: ({ key }) => void choose(key as Lang) }}
    >
      <Button
        type={variant === 'text' ? 'text' : 'default'}
        icon={<GlobalOutlined />}
        data-testid="language-switcher"
        aria-label={t('shell.language', { language: LANGUAGE_NAMES[lang] })}
        className="hg-topbar-button"
      >
        {compact ? null : <span lang={HTML_LANG[lang]}>{LANGUAGE_NAMES[lang]}</span>}
      </Button>
    </Dropdown>
  );
}
