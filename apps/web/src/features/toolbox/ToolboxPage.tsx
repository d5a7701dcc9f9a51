import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AnalysisTab } from './AnalysisTab';
import { BaseTab } from './BaseTab';
import { CrcTab } from './CrcTab';
import { GeneratorTab } from './GeneratorTab';
import './toolbox.css';

const TABS = ['generator', 'crc', 'base', 'analysis'] as const;
type Tab = (typeof TABS)[number];

/**
 * /management/toolbox — the Modbus toolbox of spec §2.3: message generator (function codes 01–04, RTU and
 * TCP), CRC check, base conversion and protocol analysis. Everything runs in the browser on
 * @heliograph/modbus, the code the server and the simulator use for the same frames; no server call.
 */
export default function ToolboxPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((k) => k === params.get('tab')) ?? 'generator';
  const [analysisText, setAnalysisText] = useState('');
  const open = (key: string): void => setParams(key === 'generator' ? {} : { tab: key }, { replace: true });

  return (
    <section className="hg-page-card" aria-labelledby="toolbox-title" data-testid="toolbox">
      <header className="hg-page-header">
        <div>
          <h1 id="toolbox-title" className="hg-page-title">
            {t('page.toolbox')}
          </h1>
          <p className="hg-page-hint">{t('toolbox.hint')}</p>
        </div>
      </header>
      <Tabs
        activeKey={tab}
        onChange={open}
        items={[
          {
            key: 'generator',
            label: <span data-testid="tab-generator">{t('toolbox.tabs.generator')}</span>,
            children: (
              <GeneratorTab
                onAnalyse={(frame) => {
                  setAnalysisText(frame);
                  open('analysis');
                }}
              />
            ),
          },
          { key: 'crc', label: <span data-testid="tab-crc">{t('toolbox.tabs.crc')}</span>, children: <CrcTab /> },
          { key: 'base', label: <span data-testid="tab-base">{t('toolbox.tabs.base')}</span>, children: <BaseTab /> },
          {
            key: 'analysis',
            label: <span data-testid="tab-analysis">{t('toolbox.tabs.analysis')}</span>,
            children: <AnalysisTab text={analysisText} onText={setAnalysisText} />,
          },
        ]}
      />
    </section>
  );
}
