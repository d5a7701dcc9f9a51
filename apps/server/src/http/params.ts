import { z } from 'zod';

/** A gateway or device serial number as it appears in a path or query (the gateway protocol's own rule). */
export const serialNumber = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** `/…/:sn` path parameters: one rule for every route addressed by serial number. */
export const snParams = z.object({ sn: serialNumber });
