import { serialNumber } from '@heliograph/shared';
import { z } from 'zod';

/** A gateway or device serial number as it appears in a path or query (the gateway protocol's own rule). */
export { serialNumber };

/** `/…/:sn` path parameters: one rule for every route addressed by serial number. */
export const snParams = z.object({ sn: serialNumber });
