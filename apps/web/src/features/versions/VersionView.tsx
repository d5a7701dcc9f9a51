import { LANGUAGE_NAMES, LANGUAGES } from '@heliograph/shared';
import { HTML_LANG } from '../../i18n';
import { Button, Modal, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../components/Quantity';
import type { ConsoleVersion } from './api';

/** One version's notes in every language (an empty language says that English is shown instead). */
export function VersionView({ version, onClose }: { version: ConsoleVersion | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!version}
      title={t('versions.viewTitle', { version: version?.version ?? '' })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('versions.close')}</Button>}
      width={720}
      data-testid="version-view"
    >
      {version && (
        <>
          <p className="hg-versions-meta">
            <Quantity>{dayjs(version.publishedAt).format('YYYY-MM-DD HH:mm')}</Quantity>
            {' · '}
            {version.publishedBy ?? t('versions.unknownPublisher')}
          </p>
          <Tabs
            items={LANGUAGES.map((l) => ({
              key: l,
              label: <span lang={HTML_LANG[l]}>{LANGUAGE_NAMES[l]}</span>,
              children: version.notes[l] ? (
                <div className="hg-versions-notes" lang={HTML_LANG[l]} dir={l === 'he' ? 'rtl' : 'ltr'}>
                  {version.notes[l]}
                </div>
              ) : (
                <p className="hg-versions-fallback">{t('versions.fallsBack')}</p>
              ),
            }))}
          />
        </>
      )}
    </Modal>
  );
}
