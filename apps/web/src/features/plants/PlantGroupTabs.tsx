import { PLANT_GROUPS, type PlantGroup } from '@heliograph/shared';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

/** The four plant groups (packages/shared plant-list.ts) as tabs, each with its count when known. */
export function PlantGroupTabs({
  value,
  counts,
  onChange,
}: {
  value: PlantGroup;
  counts: Record<PlantGroup, number> | undefined;
  onChange: (group: PlantGroup) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Tabs
      className="hg-plant-groups"
      activeKey={value}
      onChange={(key) => onChange(key as PlantGroup)}
      data-testid="plant-groups"
      items={PLANT_GROUPS.map((g) => ({
        key: g,
        label: (
          <span data-testid={`plant-group-${g}`}>
            {t(`plants.group.${g}`)}
            {counts ? <span className="hg-plant-group-count">{counts[g].toLocaleString()}</span> : null}
          </span>
        ),
      }))}
    />
  );
}
