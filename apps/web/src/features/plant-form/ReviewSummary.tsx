import { Button, Descriptions } from 'antd';
import { formatPrice } from './priceText';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, type PlantFormValues } from './formModel';
import type { GatewayItem } from './GatewayBinder';
import type { WizardStep } from './wizardSteps';
import { Quantity } from '../../components/Quantity';

/** Everything entered, section by section, each with a way back to change it. */
export function ReviewSummary({
  values,
  gateways,
  picture,
  onEdit,
}: {
  values: PlantFormValues;
  gateways: readonly GatewayItem[];
  picture: File | null;
  onEdit: (step: WizardStep) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const v = values.valuation;
  const none = t('plantForm.review.none');
  const devices = gateways.reduce((n, g) => n + (g.devices?.length ?? 0), 0);
  return (
    <div className="hg-pf-review" data-testid="pf-review">
      <ReviewSection step="basic" wide onEdit={onEdit}>
        <Descriptions.Item label={t('plantForm.field.name')}>{values.name}</Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.type')}>{t(`plantForm.type.${values.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.inverterKind')}>
          {t(`plantForm.inverterKind.${values.inverterKind}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.capacity')}>
          <Quantity className="hg-num" value={values.capacityKw} unit="kW" />
        </Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.commissionedOn')}>
          <bdi className="hg-num">{values.commissionedOn?.format(DATE_FORMAT)}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.timezone')}>{values.timezone}</Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.currency')}>{values.currency}</Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.picture')}>{picture ? picture.name : none}</Descriptions.Item>
      </ReviewSection>
      <ReviewSection step="location" wide onEdit={onEdit}>
        <Descriptions.Item label={t('plantForm.field.address')}>{values.address || none}</Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.country')}>{values.country || none}</Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.latitude')}>
          <bdi className="hg-num">{values.latitude}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.longitude')}>
          <bdi className="hg-num">{values.longitude}</bdi>
        </Descriptions.Item>
      </ReviewSection>
      <ReviewSection step="valuation" onEdit={onEdit}>
        <Descriptions.Item label={t('plantForm.field.valuationMethod')}>
          {t(`plantForm.method.${v.method}`)}
        </Descriptions.Item>
        <Descriptions.Item
          label={t(v.method === 'generation' ? 'plantForm.field.generationPrice' : 'plantForm.field.buyPrice')}
        >
          <bdi className="hg-num">{formatPrice(v.buyPrice, values.currency)}</bdi>
          {v.method !== 'generation' && (
            <>
              {' · '}
              {t('plantForm.field.sellPrice')} <bdi className="hg-num">{formatPrice(v.sellPrice, values.currency)}</bdi>
            </>
          )}
        </Descriptions.Item>
        {v.method === 'tou' && (
          <Descriptions.Item label={t('plantForm.field.segments')}>
            <ul className="hg-pf-review-segments">
              {v.segments.map((s, i) => (
                <li key={i}>
                  <bdi className="hg-num">
                    {s.start}–{s.end}
                  </bdi>{' '}
                  {t('plantForm.review.segmentPrices', {
                    buy: formatPrice(s.buy, values.currency),
                    sell: formatPrice(s.sell, values.currency),
                  })}
                </li>
              ))}
            </ul>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('plantForm.review.vatFees')}>
          {t('plantForm.review.vatFeesValue', {
            buyVat: v.buyVat ?? 0,
            sellVat: v.sellVat ?? 0,
            buyFee: formatPrice(v.buyFee, values.currency),
            sellFee: formatPrice(v.sellFee, values.currency),
          })}
        </Descriptions.Item>
      </ReviewSection>
      <ReviewSection step="gateways" onEdit={onEdit}>
        <Descriptions.Item label={t('plantForm.step.gateways')}>
          {gateways.length === 0
            ? none
            : t('plantForm.review.gatewaysValue', { list: gateways.map((g) => g.sn).join(', '), devices })}
        </Descriptions.Item>
      </ReviewSection>
      <ReviewSection step="contacts" wide onEdit={onEdit}>
        <Descriptions.Item label={t('plantForm.field.contactName')}>{values.contactName || none}</Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.contactPhone')}>
          <bdi>{values.contactPhone || none}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('plantForm.field.ownerAccount')}>{values.ownerAccount || none}</Descriptions.Item>
      </ReviewSection>
    </div>
  );
}

/** One step's answers, titled by the step, with a button back to it; `wide` lays them out in two columns. */
function ReviewSection({
  step,
  wide = false,
  onEdit,
  children,
}: {
  step: WizardStep;
  wide?: boolean;
  onEdit: (step: WizardStep) => void;
  children: React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  const title = t(`plantForm.step.${step}`);
  return (
    <Descriptions
      title={title}
      extra={
        <Button
          type="link"
          size="small"
          onClick={() => onEdit(step)}
          aria-label={t('plantForm.review.editOf', { step: title })}
        >
          {t('plantForm.review.edit')}
        </Button>
      }
      column={wide ? { xs: 1, md: 2 } : 1}
      size="small"
      bordered
    >
      {children}
    </Descriptions>
  );
}
