import type { NamePath } from 'antd/es/form/interface';

export const WIZARD_STEPS = ['basic', 'location', 'valuation', 'gateways', 'contacts', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The form fields each step holds: "next" checks only these, a server refusal opens the step it names. */
export const STEP_FIELDS: Record<WizardStep, NamePath[]> = {
  basic: ['name', 'type', 'inverterKind', 'capacityKw', 'commissionedOn', 'timezone', 'currency'],
  location: ['address', 'country', 'latitude', 'longitude'],
  valuation: [
    ['valuation', 'method'],
    ['valuation', 'segments'],
    ['valuation', 'buyPrice'],
    ['valuation', 'sellPrice'],
    ['valuation', 'buyVat'],
    ['valuation', 'sellVat'],
    ['valuation', 'buyFee'],
    ['valuation', 'sellFee'],
  ],
  gateways: [],
  contacts: ['contactName', 'contactPhone', 'ownerAccount'],
  review: [],
};

/** The step that holds a wire field ("valuation.segments.1.start" → valuation). */
export function stepOfField(field: string): WizardStep {
  const head = field.split('.')[0] ?? '';
  if (head === 'gateways') return 'gateways';
  for (const step of WIZARD_STEPS) {
    if (STEP_FIELDS[step].some((n) => (Array.isArray(n) ? n[0] : n) === head)) return step;
  }
  return 'basic';
}

/** A wire field as a form name path; time-of-use rows are one field (the editor marks the row itself). */
export function namePathOf(field: string): NamePath {
  const parts = field.split('.');
  if (parts[0] === 'valuation' && parts[1] === 'segments') return ['valuation', 'segments'];
  return parts.length === 1 ? parts[0]! : parts;
}
