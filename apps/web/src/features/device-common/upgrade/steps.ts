import { type UpgradeRow, type UpgradeStep } from '@heliograph/shared';

/** How one step of spec §4 stands in an upgrade. */
export type StepStatus = 'done' | 'failed' | 'current' | 'pending';

export interface StepView {
  step: UpgradeStep;
  status: StepStatus;
  /** When the console heard the device report it. */
  at: number | null;
}

const FAILED: ReadonlySet<UpgradeStep> = new Set(['downloadFailed', 'upgradeFailed']);

/**
 * The four rows a person reads: the code sent, the file sent, then the download's and the upgrade's outcome,
 * each row naming the outcome the device reported (or the good one while it is still to come). The row the
 * device is at now is `current`: the file while it is being sent, otherwise the first row not reported yet.
 */
export function stepViews(row: UpgradeRow): StepView[] {
  const at = new Map<UpgradeStep, number>();
  for (const s of row.steps) at.set(s.step, s.at);
  const shown: UpgradeStep[] = [
    'sendingCode',
    'sendingFile',
    at.has('downloadFailed') ? 'downloadFailed' : 'downloadOk',
    at.has('upgradeFailed') ? 'upgradeFailed' : 'upgradeOk',
  ];
  // Only a running upgrade is at a step; one waiting for its gateway or its wave has not begun.
  const running = row.state === 'running';
  const fileOpen = at.has('sendingFile') && !at.has('downloadOk') && !at.has('downloadFailed');
  const firstMissing = shown.findIndex((s) => !at.has(s));
  const currentIndex = !running ? -1 : fileOpen ? 1 : firstMissing;
  return shown.map((step, i) => ({
    step,
    at: at.get(step) ?? null,
    status: i === currentIndex ? 'current' : at.has(step) ? (FAILED.has(step) ? 'failed' : 'done') : 'pending',
  }));
}
