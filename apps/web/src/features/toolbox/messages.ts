import type { TFunction } from 'i18next';
import type { AnalysisError, HexError, ValueError } from '@heliograph/modbus/toolbox';

/** The toolbox's input errors in the user's language (the package reports them as values, not text). */
export function hexErrorText(t: TFunction, error: HexError): string {
  switch (error.kind) {
    case 'empty':
      return t('toolbox.errors.empty');
    case 'odd-digits':
      return t('toolbox.errors.oddDigits', { group: error.group });
    case 'bad-character':
      return t('toolbox.errors.badCharacter', { character: error.character });
  }
}

export function valueErrorText(t: TFunction, error: ValueError): string {
  switch (error.kind) {
    case 'empty':
      return t('toolbox.errors.empty');
    case 'not-a-number':
      return t('toolbox.errors.notANumber');
    case 'not-an-integer':
      return t('toolbox.errors.notAnInteger');
    case 'out-of-range':
      return t('toolbox.errors.outOfRange', { min: error.min, max: error.max });
    case 'float-overflow':
      return t('toolbox.errors.floatOverflow');
    case 'digits':
      return t('toolbox.errors.digits', { expected: error.expected, got: error.got });
    case 'bad-character':
      return t('toolbox.errors.badCharacter', { character: error.character });
  }
}

export function analysisErrorText(t: TFunction, error: AnalysisError): string {
  if (error.kind === 'too-short') return t('toolbox.errors.tooShort', { bytes: error.bytes });
  switch (error.reason) {
    case 'unsupported':
      return t('toolbox.errors.unsupported', { code: hexByte(error.functionCode) });
    case 'limit':
      return t('toolbox.errors.limit');
    default:
      return t('toolbox.errors.malformed');
  }
}

/** `0x03` */
export function hexByte(value: number): string {
  return `0x${value.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** A function code with its name where the console knows it: `03 Read holding registers`. */
export function functionLabel(t: TFunction, code: number): string {
  const name = t(`toolbox.functions.fc${code}`, { defaultValue: '' });
  return name ? `${hexByte(code)} ${name}` : hexByte(code);
}

/** An exception with its translated name, falling back to the specification's English name. */
export function exceptionLabel(t: TFunction, code: number, specName: string): string {
  return `${hexByte(code)} ${t(`toolbox.exceptions.e${code}`, { defaultValue: specName })}`;
}
