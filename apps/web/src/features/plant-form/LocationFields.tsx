import { Form, Input, InputNumber } from 'antd';
import { plantInfoFields } from '@heliograph/shared';
import { lazy, Suspense } from 'react';
import { SchemaItem } from './SchemaItem';
import type { PlantFormValues } from './formModel';

// The world map (ECharts geo + world-atlas) is fetched only when this step is shown.
const MapPicker = lazy(() => import('./MapPicker'));

/** Address and coordinates, typed or picked on the map (spec §5: bad coordinates are code 10). */
export function LocationFields(): React.JSX.Element {
  const form = Form.useFormInstance<PlantFormValues>();
  const latitude = Form.useWatch('latitude', form) ?? null;
  const longitude = Form.useWatch('longitude', form) ?? null;
  const f = plantInfoFields;
  return (
    <div className="hg-pf-location">
      <div className="hg-pf-grid">
        <SchemaItem name="address" schema={f.address} className="hg-pf-wide">
          <Input maxLength={255} autoComplete="street-address" data-testid="pf-address" />
        </SchemaItem>
        <SchemaItem name="country" schema={f.country}>
          <Input maxLength={64} autoComplete="country-name" />
        </SchemaItem>
        {(['latitude', 'longitude'] as const).map((axis) => (
          <SchemaItem key={axis} name={axis} schema={f[axis]} required>
            <InputNumber className="hg-pf-number" step={0.000001} data-testid={`pf-${axis}`} />
          </SchemaItem>
        ))}
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
