import { Button, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EquipmentPanel } from './EquipmentPanel';
import { LightsPanel } from './LightsPanel';
import { WeatherPanel } from './WeatherPanel';
import './acenter.css';

const TABS = ['lights', 'rules', 'weather', 'equipment'] as const;
type Tab = (typeof TABS)[number];

/** The lighting rules are built on the intelligence pages; this tab only leads there. */
function RulesPanel(): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('acenter.rules.title')}>
      <p>{t('acenter.rules.hint')}</p>
      <Link to="/intelligence/list?action=light" data-testid="acenter-rules-link">
        <Button type="primary">{t('acenter.rules.open')}</Button>
      </Link>
    </Card>
  );
}

/**
 * /acenter (spec §2.2): the application centre — smart bulbs (provider account, binding to plants, switching
 * and dimming), the lighting rules' entry, weather-station accounts per plant and the smart equipment list.
 */
export default function AcenterPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((k) => k === params.get('tab')) ?? 'lights';
  return (
    <div className="hg-acenter" data-testid="acenter">
      <h1 className="hg-page-title">{t('page.appCenter')}</h1>
      <p className="hg-page-hint">{t('acenter.hint')}</p>
      <Tabs
        activeKey={tab}
        onChange={(k) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              next.set('tab', k);
              return next;
            },
            { replace: true },
          )
        }
        items={[
          { key: 'lights', label: t('acenter.tabs.lights'), children: <LightsPanel /> },
          { key: 'rules', label: t('acenter.tabs.rules'), children: <RulesPanel /> },
          { key: 'weather', label: t('acenter.tabs.weather'), children: <WeatherPanel /> },
          { key: 'equipment', label: t('acenter.tabs.equipment'), children: <EquipmentPanel /> },
        ]}
      />
    </div>
  );
}
