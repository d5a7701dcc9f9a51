import { serialNumber } from '@heliograph/shared';
import { z } from 'zod';

export { serialNumber };

/** `/…/:sn` path parameters: one rule for every route addressed by serial number. */
export const snParams = z.object({ sn: serialNumber });
