import { DEVICE_LIMITS, timingTaskSchema, type TimingTask } from '@heliograph/shared';

/**
 * Timing tasks of a smart AC switch as a person reads and edits them. The wire keeps weekdays as 0 = Sunday;
 * people here read a week from Monday, so days are ordered and grouped Monday first.
 */

const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

/** Chosen weekdays in Monday-first order, as runs of consecutive days ([[1..5]] for Mon–Fri). */
export function dayRuns(days: readonly number[]): number[][] {
  const chosen = new Set(days);
  const runs: number[][] = [];
  let run: number[] = [];
  for (const d of WEEK_FROM_MONDAY) {
    if (chosen.has(d)) run.push(d);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** "Mon–Fri", "Mon, Wed, Fri", "Mon–Wed, Sat": three or more days in a row read as a range. */
export function daysText(days: readonly number[], dayName: (d: number) => string, sep = ', '): string {
  return dayRuns(days)
    .flatMap((run) => {
      const first = run[0];
      const last = run[run.length - 1];
      if (first === undefined || last === undefined) return [];
      return run.length >= 3 ? [`${dayName(first)}–${dayName(last)}`] : run.map(dayName);
    })
    .join(sep);
}

export interface Summary {
  /** Key under acSwitches.task.summary. */
  key: 'once' | 'everyDay' | 'every';
  values: Record<string, string>;
}

/** What a task reads as: "Every Mon–Fri at 07:00: on", "Every day at 22:00: off", "Once on 2026-12-01 at 06:30: on". */
export function taskSummary(task: TimingTask, dayName: (d: number) => string, sep?: string): Summary {
  const base = { time: task.time, action: task.action };
  if (!task.repeat) return { key: 'once', values: { ...base, date: task.date } };
  if (new Set(task.days).size === 7) return { key: 'everyDay', values: base };
  return { key: 'every', values: { ...base, days: daysText(task.days, dayName, sep) } };
}

/** The task form: one shape for both kinds, so switching kind keeps what was typed. */
export interface TaskForm {
  repeat: boolean;
  action: 'on' | 'off';
  date: string;
  days: number[];
  time: string;
  enabled: boolean;
}

export const EMPTY_TASK: TaskForm = {
  repeat: true,
  action: 'on',
  date: '',
  days: [1, 2, 3, 4, 5],
  time: '07:00',
  enabled: true,
};

export function taskToForm(task: TimingTask): TaskForm {
  return task.repeat
    ? { ...EMPTY_TASK, repeat: true, action: task.action, days: [...task.days], time: task.time, enabled: task.enabled }
    : {
        ...EMPTY_TASK,
        repeat: false,
        action: task.action,
        date: task.date,
        days: [],
        time: task.time,
        enabled: task.enabled,
      };
}

/**
 * The form checked by the shared rule: the task, or the fields at fault with the rule's key
 * ('required', 'date', 'touTime', 'invalid'), so the form says exactly what the server would.
 */
export function formToTask(
  form: TaskForm,
): { ok: true; task: TimingTask } | { ok: false; problems: Partial<Record<keyof TaskForm, string>> } {
  const candidate = form.repeat
    ? { repeat: true, action: form.action, days: sortDays(form.days), time: form.time, enabled: form.enabled }
    : { repeat: false, action: form.action, date: form.date, time: form.time, enabled: form.enabled };
  const parsed = timingTaskSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, task: parsed.data };
  const problems: Partial<Record<keyof TaskForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'days' || field === 'date' || field === 'time') problems[field] ??= issue.message;
  }
  if (Object.keys(problems).length === 0) problems.time = 'invalid';
  return { ok: false, problems };
}

/** Monday first, as the week is shown; the switch does not mind the order. */
function sortDays(days: readonly number[]): number[] {
  return WEEK_FROM_MONDAY.filter((d) => days.includes(d));
}

/** Whether one more task fits (the switch keeps at most ten). */
export const canAddTask = (tasks: readonly TimingTask[]) => tasks.length < DEVICE_LIMITS.timingTasksMax;

/** Monday-first weekday numbers for a picker. */
export const WEEKDAYS: readonly number[] = WEEK_FROM_MONDAY;
