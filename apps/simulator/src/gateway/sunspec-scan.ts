/**
 * `sunspecScan` (issue 14 item 4): the gateway walks a device's SunSpec map ("SunS" marker, then the model
 * headers) over Modbus and answers the models it found. Unlike the other commands it waits on the wire, so it
 * is answered asynchronously; the scanning itself is the device side's (CommandTarget.sunspecScan).
 */
import {
  sunspecScanParamsSchema,
  type CommandResult,
  type GatewayCommand,
  type SunspecScanParams,
  type SunspecScanResult,
} from '@heliograph/shared';

/** The device side: scans a device behind the gateway, or says why it cannot. */
export interface SunspecScanTarget {
  sunspecScan?(params: SunspecScanParams): Promise<SunspecScanResult | { error: string }>;
}

export async function runSunspecScan(
  cmd: GatewayCommand,
  target: SunspecScanTarget,
  now: number,
): Promise<CommandResult> {
  const failed = (error: string): CommandResult => ({ cmdId: cmd.cmdId, status: 'failed', error });
  if (cmd.expiresAt < now) return failed('expired');
  const params = sunspecScanParamsSchema.safeParse({ ...cmd.params, ...(cmd.device ? { device: cmd.device } : {}) });
  if (!params.success) return failed('params must be { device?, unitId? 1-247, base? 40000|50000|0 }');
  if (!target.sunspecScan) return failed('no SunSpec device');
  try {
    const outcome = await target.sunspecScan(params.data);
    if ('error' in outcome) return failed(outcome.error);
    return { cmdId: cmd.cmdId, status: 'succeeded', result: outcome };
  } catch (error) {
    return failed(`scan failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 200));
  }
}
