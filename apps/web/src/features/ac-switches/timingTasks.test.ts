import { describe, expect, it } from 'vitest';
import { canAddTask, dayRuns, daysText, formToTask, taskSummary, taskToForm, EMPTY_TASK } from './timingTasks';

const NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const name = (d: number) => NAMES[d] ?? '?';

describe('weekdays of a repeating task', () => {
  it('groups consecutive days Monday first, Sunday last', () => {
    expect(dayRuns([5, 1, 2, 3, 4])).toEqual([[1, 2, 3, 4, 5]]);
    expect(dayRuns([0, 6])).toEqual([[6, 0]]);
    expect(dayRuns([1, 3, 0])).toEqual([[1], [3], [0]]);
  });
  it('reads three or more days in a row as a range, fewer one by one', () => {
    expect(daysText([1, 2, 3, 4, 5], name)).toBe('Mon–Fri');
    expect(daysText([1, 3, 5], name)).toBe('Mon, Wed, Fri');
    expect(daysText([6, 0], name)).toBe('Sat, Sun');
    expect(daysText([1, 2, 3, 6], name)).toBe('Mon–Wed, Sat');
  });
});

describe('task summary', () => {
  it('says every Mon–Fri at 07:00: on', () => {
    expect(
      taskSummary({ repeat: true, days: [1, 2, 3, 4, 5], time: '07:00', action: 'on', enabled: true }, name),
    ).toEqual({ key: 'every', values: { days: 'Mon–Fri', time: '07:00', action: 'on' } });
  });
  it('says every day when all seven are chosen', () => {
    const s = taskSummary(
      { repeat: true, days: [0, 1, 2, 3, 4, 5, 6], time: '22:00', action: 'off', enabled: true },
      name,
    );
    expect(s.key).toBe('everyDay');
    expect(s.values.action).toBe('off');
  });
  it('gives the date of a single task', () => {
    expect(
      taskSummary({ repeat: false, date: '2026-12-01', time: '06:30', action: 'on', enabled: true }, name),
    ).toEqual({
      key: 'once',
      values: { date: '2026-12-01', time: '06:30', action: 'on' },
    });
  });
});

describe('task form', () => {
  it('round-trips a repeating and a single task', () => {
    const rep = { repeat: true as const, days: [1, 5], time: '07:15', action: 'off' as const, enabled: false };
    expect(formToTask(taskToForm(rep))).toEqual({ ok: true, task: rep });
    const once = { repeat: false as const, date: '2026-12-24', time: '18:00', action: 'on' as const, enabled: true };
    expect(formToTask(taskToForm(once))).toEqual({ ok: true, task: once });
  });
  it('sends days Monday first whatever order they were picked in', () => {
    const r = formToTask({ ...EMPTY_TASK, days: [0, 3, 1] });
    expect(r.ok && r.task.repeat && r.task.days).toEqual([1, 3, 0]);
  });
  it('refuses a repeating task without days, a single one without date, a bad time', () => {
    expect(formToTask({ ...EMPTY_TASK, days: [] })).toEqual({ ok: false, problems: { days: 'required' } });
    expect(formToTask({ ...EMPTY_TASK, repeat: false, date: '' })).toEqual({ ok: false, problems: { date: 'date' } });
    expect(formToTask({ ...EMPTY_TASK, time: '24:00' })).toEqual({ ok: false, problems: { time: 'touTime' } });
  });
  it('allows at most ten tasks', () => {
    const t = { repeat: false as const, date: '2026-12-24', time: '18:00', action: 'on' as const, enabled: true };
    expect(canAddTask(Array.from({ length: 9 }, () => t))).toBe(true);
    expect(canAddTask(Array.from({ length: 10 }, () => t))).toBe(false);
  });
});
