import type { FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { applyServerErrors, setFieldError } from '../api/formErrors';

interface FormSubmit<V> {
  busy: boolean;
  onFinish: (values: V) => void;
}

/**
 * A form's submit as every account, sign-in and plant form does it: `busy` while `submit` runs (the save button
 * spins and cannot be pressed twice), a refusal handed to `onError`, which shows it under the fields (the form stays
 * busy until a promise `onError` returns settles).
 */
export function useFormSubmit<V>(
  submit: (values: V) => Promise<void>,
  onError: (err: unknown) => unknown,
): FormSubmit<V> {
  const [busy, setBusy] = useState(false);
  const onFinish = (values: V): void => {
    setBusy(true);
    void submit(values)
      .catch(onError)
      .finally(() => setBusy(false));
  };
  return { busy, onFinish };
}

/**
 * useFormSubmit whose refusals land on the form: an answer code listed in `byCode` under the field it belongs to
 * (108 under the old password, a wrong e-mail code under the code), a code-4 answer under the `fields` it names.
 * An answer the client already told (toast or dialog) is left alone.
 */
export function useFieldsSubmit<V>(
  form: FormInstance<V>,
  submit: (values: V) => Promise<void>,
  fields: readonly (keyof V & string)[],
  byCode: Readonly<Record<number, keyof V & string>> = {},
): FormSubmit<V> {
  return useFormSubmit(submit, (err) => {
    if (!(err instanceof ApiError) || err.notified) return;
    const field = byCode[err.code];
    if (field) setFieldError(form, field, err.message);
    else applyServerErrors(form, err, fields);
  });
}
