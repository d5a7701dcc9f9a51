import { renameButtonFor } from '../device-common/RenameDeviceButton';
import { meterKey, saveMeterAlias } from './meterApi';

/** Rename a meter (at most 32 bytes; empty clears the alias). */
export const AliasButton = renameButtonFor({
  save: saveMeterAlias,
  invalidate: (sn) => [meterKey(sn), ['meters', 'list']],
  'data-testid': 'meter-alias',
  words: { prefix: 'meters.alias', button: 'meters.alias.edit', save: 'meters.params.save' },
});
