import type { FormInstance } from 'antd';
import { ERROR_CODES } from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { notifier } from '../../api/notifier';
import { namePathOf } from './wizardSteps';

/**
 * Puts a refused save on the fields it names: code 4 lists them (with the shared rule's message in the
 * caller's language), code 10 is about the coordinates. Returns the wire fields it placed, so the wizard can
 * open the step that holds the first one; anything it cannot place is told as a toast.
 */
export function placeServerErrors(form: FormInstance, err: unknown): string[] {
  if (!(err instanceof ApiError)) return [];
  if (err.code === ERROR_CODES.coordinates) {
    form.setFields([
      { name: 'latitude', errors: [err.message] },
      { name: 'longitude', errors: [err.message] },
    ]);
    return ['latitude'];
  }
  if (err.code !== ERROR_CODES.validation || err.fields.length === 0) {
    if (!err.notified) notifier().error(err.message);
    return [];
  }
  form.setFields(err.fields.map((f) => ({ name: namePathOf(f.field), errors: [f.message] })));
  return err.fields.map((f) => f.field);
}
