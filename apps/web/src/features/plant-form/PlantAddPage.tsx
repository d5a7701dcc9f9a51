import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined } from '@ant-design/icons';
import { App, Button, Form, Steps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PLANT_TYPE_ROUTE, plantCreateSchema } from '@heliograph/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { plantAdminApi } from '../../api/plantAdmin';
import { PHONE_QUERY, useMediaQuery } from '../../kit/useMediaQuery';
import { BasicFields } from './BasicFields';
import { ContactFields } from './ContactFields';
import { emptyPlant, toCreateBody, type PlantFormValues } from './formModel';
import { GatewayBinder, type GatewayItem } from './GatewayBinder';
import { LocationFields } from './LocationFields';
import { PictureField } from './PictureField';
import { ReviewSummary } from './ReviewSummary';
import { placeServerErrors } from './serverErrors';
import { ValuationFields } from './ValuationFields';
import { STEP_FIELDS, stepOfField, WIZARD_STEPS, type WizardStep } from './wizardSteps';
import './plantForm.css';

interface BoundGateway extends GatewayItem {
  key: string;
  confirm: boolean;
}

/**
 * /plant-add — the plant creation wizard (spec §2.2, §5): basic facts and picture, location with a map
 * picker, valuation, gateways checked one by one, contacts and owner, then a review. Each step is checked
 * with the shared rules before the next; the server checks them all again and its refusals land on the
 * fields (and the step) they concern. On success the new plant's overview opens.
 */
export default function PlantAddPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [form] = Form.useForm<PlantFormValues>();
  const [current, setCurrent] = useState(0);
  const [gateways, setGateways] = useState<BoundGateway[]>([]);
  const [picture, setPicture] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = WIZARD_STEPS[current] ?? 'basic';

  const go = (target: WizardStep) => {
    setCurrent(WIZARD_STEPS.indexOf(target));
    // Move focus to the new step's heading so keyboard and screen-reader users land on it.
    requestAnimationFrame(() => heading.current?.focus());
  };

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[step]);
    } catch {
      return;
    }
    go(WIZARD_STEPS[current + 1] ?? 'review');
  };

  const create = async () => {
    const values = form.getFieldsValue(true) as PlantFormValues;
    const body = toCreateBody(values, gateways);
    // The server's own check, run here first: a step left with a problem is opened again.
    const parsed = plantCreateSchema.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const target = stepOfField(first ? first.path.map(String).join('.') : 'name');
      go(target);
      requestAnimationFrame(() => void form.validateFields(STEP_FIELDS[target]).catch(() => undefined));
      return;
    }
    setSaving(true);
    try {
      const created = await plantAdminApi.create(body);
      if (picture) {
        // The plant exists already; a refused picture is told (toast) and can be added in the editor.
        await plantAdminApi.picture(created.id, picture).catch(() => undefined);
      }
      void queryClient.invalidateQueries({ queryKey: ['plants'] });
      message.success(t('plantForm.created', { name: values.name.trim() }));
      await navigate(`/plants/overview/${created.id}/${PLANT_TYPE_ROUTE[values.type]}`);
    } catch (err) {
      const fields = placeServerErrors(form, err);
      if (fields[0]) go(stepOfField(fields[0]));
    } finally {
      setSaving(false);
    }
  };

  // Every step keeps its title as text, so its name is what it shows; on a phone only the current one is
  // visible and the others are read by screen readers.
  const items = WIZARD_STEPS.map((s, i) => ({
    title:
      isPhone && i !== current ? (
        <span className="hg-visually-hidden">{t(`plantForm.step.${s}`)}</span>
      ) : (
        t(`plantForm.step.${s}`)
      ),
  }));

  return (
    <section className="hg-page-card hg-pf" aria-labelledby="pf-title" data-testid="plant-add">
      <header className="hg-page-header hg-pf-header">
        <h1 id="pf-title" className="hg-page-title">
          {t('page.plantAdd')}
        </h1>
        <Link to="/plants" className="hg-pf-back">
          {t('plantForm.backToList')}
        </Link>
      </header>
      <Steps
        className="hg-pf-steps"
        current={current}
        size="small"
        responsive={false}
        items={items}
        onChange={(i) => {
          if (i < current) go(WIZARD_STEPS[i] ?? 'basic');
        }}
        data-testid="pf-steps"
      />
      <h2 ref={heading} tabIndex={-1} className="hg-pf-step-title" data-testid="pf-step-title">
        {t('plantForm.stepOf', { n: current + 1, total: WIZARD_STEPS.length, step: t(`plantForm.step.${step}`) })}
      </h2>
      <p className="hg-pf-hint hg-pf-step-hint">{t(`plantForm.stepHint.${step}`)}</p>

      <Form
        form={form}
        component="div"
        layout="vertical"
        initialValues={emptyPlant()}
        scrollToFirstError={{ block: 'center' }}
        className="hg-pf-form"
      >
        {step === 'basic' && (
          <>
            <BasicFields />
            <PictureField value={picture} onChange={setPicture} />
          </>
        )}
        {step === 'location' && <LocationFields />}
        {step === 'valuation' && <ValuationFields />}
        {step === 'contacts' && <ContactFields withOwner />}
      </Form>
      {step === 'gateways' && (
        <GatewayBinder
          items={gateways}
          onAdd={async (sn, key, confirm) => {
            const owner = String(form.getFieldValue('ownerAccount') ?? '').trim();
            const checked = await plantAdminApi.checkGateway(sn, key, confirm, owner ? { ownerAccount: owner } : {});
            setGateways((list) => [...list, { sn: checked.sn, key, confirm, devices: checked.devices }]);
          }}
          onRemove={(sn) => setGateways((list) => list.filter((g) => g.sn !== sn))}
        />
      )}
      {step === 'review' && (
        <ReviewSummary
          values={form.getFieldsValue(true) as PlantFormValues}
          gateways={gateways}
          picture={picture}
          onEdit={go}
        />
      )}

      <footer className="hg-pf-footer">
        {current > 0 && (
          <Button
            icon={<ArrowLeftOutlined className="hg-flip-rtl" />}
            onClick={() => go(WIZARD_STEPS[current - 1] ?? 'basic')}
            data-testid="pf-prev"
          >
            {t('plantForm.action.previous')}
          </Button>
        )}
        <span className="hg-pf-footer-gap" />
        {step === 'review' ? (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={saving}
            onClick={() => void create()}
            data-testid="pf-create"
          >
            {t('plantForm.action.create')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void next()} data-testid="pf-next">
            {step === 'gateways' && gateways.length === 0 ? t('plantForm.action.skip') : t('plantForm.action.next')}
            <ArrowRightOutlined className="hg-flip-rtl" />
          </Button>
        )}
      </footer>
    </section>
  );
}
