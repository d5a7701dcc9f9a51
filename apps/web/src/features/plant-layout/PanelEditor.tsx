import { LAYOUT, maskSerial, type PhysicalPanel, type MicroPanelPower } from '@heliograph/shared';
import { Button, Descriptions, Form, Input, InputNumber, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPower } from '../../components/plant/figures';
import type { PanelEdit } from './physicalModel';
import { Quantity } from '../../components/Quantity';

/** The panel's numbers, each with the range the server accepts (spec §7). */
const NUMBER_FIELDS = [
  {
    name: 'inclination',
    min: LAYOUT.inclinationMin,
    max: LAYOUT.inclinationMax,
    step: 1,
    suffix: '°',
    testId: 'edit-inclination',
  },
  { name: 'azimuth', min: LAYOUT.azimuthMin, max: LAYOUT.azimuthMax, step: 1, suffix: '°', testId: 'edit-azimuth' },
  { name: 'ratedW', min: LAYOUT.ratedMinW, max: LAYOUT.ratedMaxW, step: 5, suffix: 'W', testId: 'edit-rated' },
] as const;

interface Values {
  inclination: number | null;
  azimuth: number | null;
  ratedW: number | null;
  string: string;
  scope: 'panels' | 'strings';
}

/** One value shared by every chosen panel, or undefined when they differ. */
function common<K extends keyof PhysicalPanel>(panels: PhysicalPanel[], key: K): PhysicalPanel[K] | undefined {
  const first = panels[0]?.[key];
  return panels.every((p) => p[key] === first) ? first : undefined;
}

/**
 * Inclination, azimuth, rated power and string for the chosen panels — each panel, or every panel of their
 * strings. A field left empty is left as it is (the panels may differ in it).
 */
export function PanelEditor({
  chosen,
  live,
  readOnly,
  locale,
  onApply,
}: {
  chosen: PhysicalPanel[];
  live: ReadonlyMap<string, MicroPanelPower>;
  readOnly: boolean;
  locale: string;
  onApply: (edit: PanelEdit, wholeStrings: boolean) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const ids = chosen.map((p) => p.id).join(',');

  useEffect(() => {
    form.setFieldsValue({
      inclination: common(chosen, 'inclination') ?? null,
      azimuth: common(chosen, 'azimuth') ?? null,
      ratedW: common(chosen, 'ratedW') ?? null,
      string: common(chosen, 'string') ?? '',
    });
    // Refill when the selection or the chosen panels' values change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, JSON.stringify(chosen)]);

  if (chosen.length === 0) {
    return (
      <div className="hg-pe" data-testid="panel-editor">
        <h3 className="hg-pe-title">{t('plantLayout.editor.title')}</h3>
        <p className="hg-layout-hint">{t('plantLayout.editor.none')}</p>
      </div>
    );
  }
  const single = chosen.length === 1 ? chosen[0] : undefined;
  const reading = single ? live.get(single.id) : undefined;
  const mixed = t('plantLayout.editor.mixed');
  const range = (min: number, max: number, key: string) => ({
    validator: (_: unknown, v: number | null) =>
      v === null || v === undefined || (v >= min && v <= max) ? Promise.resolve() : Promise.reject(new Error(t(key))),
  });

  return (
    <div className="hg-pe" data-testid="panel-editor">
      <h3 className="hg-pe-title">
        {single
          ? t('plantLayout.editor.one', { n: single.number })
          : t('plantLayout.editor.many', { n: chosen.length })}
      </h3>
      {single && (
        <Descriptions
          size="small"
          column={1}
          className="hg-pe-facts"
          items={[
            {
              key: 'wired',
              label: t('plantLayout.editor.wiredTo'),
              children: single.inverterSn
                ? t('plantLayout.editor.wiring', { sn: maskSerial(single.inverterSn), input: single.input ?? '--' })
                : t('plantLayout.editor.notWired'),
            },
            {
              key: 'cell',
              label: t('plantLayout.editor.position'),
              children: t('plantLayout.editor.cell', { col: single.x + 1, row: single.y + 1 }),
            },
            ...(reading
              ? [
                  {
                    key: 'live',
                    label: t('plantLayout.editor.livePower'),
                    children: (
                      <Quantity>
                        {formatPower(reading.powerW, locale)}
                        {reading.voltageV !== null && reading.currentA !== null
                          ? ` · ${reading.voltageV} V · ${reading.currentA} A`
                          : ''}
                      </Quantity>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        size="small"
        disabled={readOnly}
        initialValues={{ scope: 'panels' }}
        onFinish={(v) => {
          const edit: PanelEdit = {};
          if (v.inclination !== null && v.inclination !== undefined) edit.inclination = v.inclination;
          if (v.azimuth !== null && v.azimuth !== undefined) edit.azimuth = v.azimuth;
          if (v.ratedW !== null && v.ratedW !== undefined) edit.ratedW = v.ratedW;
          if (v.string !== undefined && (v.string !== '' || common(chosen, 'string') !== undefined))
            edit.string = v.string.trim();
          onApply(edit, v.scope === 'strings');
        }}
      >
        <div className="hg-pe-fields">
          {NUMBER_FIELDS.map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={t(`plantLayout.editor.${f.name}`)}
              tooltip={f.name === 'azimuth' ? t('plantLayout.editor.azimuthHelp') : undefined}
              rules={[range(f.min, f.max, `plantLayout.errors.${f.name}`)]}
            >
              <InputNumber step={f.step} suffix={f.suffix} placeholder={mixed} data-testid={f.testId} />
            </Form.Item>
          ))}
          <Form.Item name="string" label={t('plantLayout.editor.string')}>
            <Input maxLength={32} placeholder={common(chosen, 'string') === undefined ? mixed : ''} />
          </Form.Item>
        </div>
        <Form.Item name="scope" label={t('plantLayout.editor.applyTo')}>
          <Radio.Group
            options={[
              { value: 'panels', label: t('plantLayout.editor.scopePanels') },
              { value: 'strings', label: t('plantLayout.editor.scopeStrings') },
            ]}
          />
        </Form.Item>
        {!readOnly && (
          <Button type="primary" htmlType="submit" data-testid="edit-apply">
            {t('plantLayout.editor.apply')}
          </Button>
        )}
      </Form>
    </div>
  );
}
