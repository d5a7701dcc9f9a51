import {
  BYTE_ORDERS,
  columnProblems,
  configProblems,
  LANGUAGES,
  REGISTER_TYPE_OF,
  type ByteOrder,
  type ColumnBody,
  type ColumnInput,
  type ColumnProblem,
  type ColumnRow,
  type Lang,
  type ProtocolFunctionCode,
} from '@heliograph/shared';

/** The four byte orders the form offers: the spec's "switch byte" and "switch register" flags together. */
export const ORDERS = BYTE_ORDERS;
export type Order = ByteOrder;

export const orderOf = (c: { byteSwap: boolean; registerSwap: boolean }): Order =>
  c.byteSwap ? (c.registerSwap ? 'DCBA' : 'BADC') : c.registerSwap ? 'CDAB' : 'ABCD';

/** The column form's values: a column with its order as one choice and a description field per language. */
export type ColumnFormValues = Omit<ColumnBody, 'byteSwap' | 'registerSwap' | 'descriptions'> & {
  order: Order;
} & Partial<Record<`description_${Lang}`, string>>;

export function toFormValues(c: ColumnRow | null): ColumnFormValues {
  const base: ColumnFormValues = {
    name: c?.name ?? '',
    functionCode: c?.functionCode ?? 3,
    startAddress: c?.startAddress ?? '',
    registerCount: c?.registerCount ?? 1,
    unit: c?.unit ?? '',
    registerType: c?.registerType ?? 'holding',
    dataType: c?.dataType ?? 'u16',
    order: c ? orderOf(c) : 'ABCD',
    base: c?.base ?? 0,
    scale: c?.scale ?? 1,
    scaleFactor: c?.scaleFactor ?? null,
    skipBytes: c?.skipBytes ?? 0,
    required: c?.required ?? false,
  };
  for (const l of LANGUAGES) base[`description_${l}`] = c?.descriptions[l] ?? '';
  return base;
}

export function toColumnInput(v: ColumnFormValues): ColumnInput {
  const descriptions: Partial<Record<Lang, string>> = {};
  for (const l of LANGUAGES) {
    const text = v[`description_${l}`]?.trim();
    if (text) descriptions[l] = text;
  }
  return {
    name: (v.name ?? '').trim(),
    functionCode: Number(v.functionCode),
    startAddress: (v.startAddress ?? '').trim().toUpperCase(),
    registerCount: Number(v.registerCount),
    unit: (v.unit ?? '').trim(),
    registerType: v.registerType,
    dataType: v.dataType,
    ...ORDERS[v.order],
    base: Number(v.base ?? 0),
    scale: Number(v.scale ?? 1),
    scaleFactor: v.scaleFactor || null,
    skipBytes: Number(v.skipBytes ?? 0),
    required: Boolean(v.required),
    descriptions,
  };
}

/** The register type a function code reads (the form follows the code). */
export const registerTypeFor = (fc: number): string | undefined => REGISTER_TYPE_OF[fc as ProtocolFunctionCode];

/** The same rules the server applies (packages/shared), on the form's field names. */
export function formProblems(
  input: ColumnInput,
  siblings: readonly ColumnInput[],
): { field: string; problem: ColumnProblem }[] {
  const whole = configProblems([...siblings, input])
    .filter((p) => p.index === siblings.length)
    .map((p) => p.problem);
  return [...columnProblems(input), ...whole].map((problem) => ({
    field:
      problem.field === 'descriptions'
        ? 'description_en'
        : problem.field === 'byteSwap' || problem.field === 'registerSwap'
          ? 'order'
          : problem.field,
    problem,
  }));
}
