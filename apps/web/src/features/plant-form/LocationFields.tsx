import { Form, Input, InputNumber } from 'antd';
import { plantInfoFields } from '@heliograph/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from './fieldRules';
import type { PlantFormValues } from './formModel';
import { useLang } from './useLang';

// The world map (ECharts geo + world-atlas) is fetched only when this step is shown.
const MapPicker = lazy(() => import('./MapPicker'));

/** Address and coordinates, typed or picked on the map (spec §5: bad coordinates are code 10). */
export function LocationFields(): React.JSX.Element {
  const { t } = useTranslation();
  const { lang } = useLang();
  const form = Form.useFormInstance<PlantFormValues>();
  const latitude = Form.useWatch('latitude', form) ?? null;
  const longitude = Form.useWatch('longitude', form) ?? null;
  const f = plantInfoFields;
  return (
    <div className="hg-pf-location">
      <div className="hg-pf-grid">
        <Form.Item
          name="address"
          label={t('plantForm.field.address')}
          rules={[schemaRule(f.address, lang)]}
          className="hg-pf-wide"
        >
          <Input maxLength={255} autoComplete="street-address" data-testid="pf-address" />
        </Form.Item>
        <Form.Item name="country" label={t('plantForm.field.country')} rules={[schemaRule(f.country, lang)]}>
          <Input maxLength={64} autoComplete="country-name" />
        </Form.Item>
        <Form.Item
          name="latitude"
          label={t('plantForm.field.latitude')}
          required
          rules={[schemaRule(f.latitude, lang)]}
        >
          <InputNumber className="hg-pf-number" step={0.000001} data-testid="pf-latitude" />
        </Form.Item>
        <Form.Item
          name="longitude"
          label={t('plantForm.field.longitude')}
          required
          rules={[schemaRule(f.longitude, lang)]}
        >
          <InputNumber className="hg-pf-number" step={0.000001} data-testid="pf-longitude" />
        </Form.Item>
      </div>
      <Suspense fallback={<div className="hg-pf-map" />}>
        <MapPicker
          latitude={latitude}
          longitude={longitude}
          onPick={(lat, lng) => {
            form.setFieldsValue({ latitude: lat, longitude: lng });
            void form.validateFields(['latitude', 'longitude']);
          }}
        />
      </Suspense>
    </div>
  );
}
