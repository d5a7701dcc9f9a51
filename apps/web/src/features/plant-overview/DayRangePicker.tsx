import { DATE_SHORTCUTS, type DateShortcut } from '@heliograph/shared';
import { DatePicker, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isChartDay, oldestChartDay, selectionFor, shortcutOf, type DaySelection } from './daySelection';

/** The spec §9 date shortcuts and a date picker limited to the last 30 days. */
export function DayRangePicker({
  selection,
  today,
  compact,
  onChange,
}: {
  selection: DaySelection;
  today: string;
  compact: boolean;
  onChange: (next: DaySelection) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const active = shortcutOf(selection, today);
  const options = DATE_SHORTCUTS.map((s) => ({ value: s, label: t(`overview.day.shortcut.${s}`) }));
  const choose = (s: DateShortcut) => onChange(selectionFor(s, today));

  return (
    <div className="hg-day-picker" data-testid="day-picker">
      {compact ? (
        <Select<DateShortcut>
          size="middle"
          className="hg-day-shortcut-select"
          value={active ?? undefined}
          placeholder={t('overview.day.shortcuts')}
          aria-label={t('overview.day.shortcuts')}
          options={options}
          onChange={choose}
        />
      ) : (
        <Radio.Group
          size="small"
          optionType="button"
          className="hg-day-shortcuts"
          aria-label={t('overview.day.shortcuts')}
          value={active}
          options={options}
          onChange={(e) => choose(e.target.value as DateShortcut)}
          data-testid="day-shortcuts"
        />
      )}
      <DatePicker
        size={compact ? 'middle' : 'small'}
        className="hg-day-date"
        value={selection.kind === 'day' ? dayjs(selection.day) : null}
        format="YYYY-MM-DD"
        allowClear={false}
        inputReadOnly={compact}
        placeholder={t('overview.day.pickDate')}
        aria-label={t('overview.day.pickDate')}
        minDate={dayjs(oldestChartDay(today))}
        maxDate={dayjs(today)}
        disabledDate={(d: Dayjs) => !isChartDay(d.format('YYYY-MM-DD'), today)}
        onChange={(d: Dayjs | null) => {
          if (d) onChange({ kind: 'day', day: d.format('YYYY-MM-DD') });
        }}
        data-testid="day-date"
      />
    </div>
  );
}
