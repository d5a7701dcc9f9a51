import { renameButtonFor } from '../device-common/RenameDeviceButton';
import { loraKeys, renameLoraMaster } from './loraApi';

/** Rename a master node (at most 32 bytes; empty clears the alias). */
export const RenameButton = renameButtonFor({
  save: renameLoraMaster,
  invalidate: () => [loraKeys.all],
  'data-testid': 'lora-rename',
  words: { prefix: 'lora.rename' },
});
