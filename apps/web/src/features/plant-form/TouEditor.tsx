import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber } from 'antd';
import { fieldMessage, LIMITS, touSegmentProblems, type TouProblem, type TouSegment } from '@heliograph/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from './useLang';

type Cell = 'start' | 'end' | 'buy' | 'sell';
const CELLS: readonly Cell[] = ['start', 'end', 'buy', 'sell'];

/** A segment as typed: a cleared price input is null until the person types again. */
export type DraftSegment = Omit<TouSegment, 'buy' | 'sell'> & { buy: number | null; sell: number | null };

/** The shared rule over what is typed (an empty price is "out of range", as the server would say). */
export function draftProblems(segments: readonly DraftSegment[]): TouProblem[] {
  return touSegmentProblems(segments.map((s) => ({ ...s, buy: s.buy ?? Number.NaN, sell: s.sell ?? Number.NaN })));
}

function nextSegment(list: readonly DraftSegment[]): DraftSegment {
  const last = list[list.length - 1];
  const start = last && last.end !== '24:00' ? last.end : '00:00';
  return { start, end: '24:00', buy: last?.buy ?? 0, sell: last?.sell ?? 0 };
}

/**
 * The time-of-use price list (spec §5): up to LIMITS.priceSegments rows of start, end, buy and sell price.
 * Every problem the shared rule finds (bad time, end before start, overlap, repeat, last not ending at 24:00,
 * price range and decimals) is shown on its row and cell once the row was left, or once the form was checked.
 */
export function TouEditor({
  value = [],
  onChange,
  currency,
}: {
  value?: DraftSegment[];
  onChange?: (value: DraftSegment[]) => void;
  currency: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { status } = Form.Item.useStatus();
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const problems = useMemo(() => draftProblems(value), [value]);
  const revealAll = status === 'error';
  const shown = (i: number) => revealAll || touched.has(i);
  const cellProblem = (i: number, cell: Cell) =>
    shown(i) ? problems.find((p) => p.index === i && p.field === cell) : undefined;
  const listProblem = problems.find((p) => p.index === null);

  const update = (i: number, patch: Partial<DraftSegment>) =>
    onChange?.(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const touch = (i: number) => setTouched((prev) => (prev.has(i) ? prev : new Set(prev).add(i)));
  const remove = (i: number) => {
    onChange?.(value.filter((_, j) => j !== i));
    // Rows after the removed one move up: their "left" marks move with them.
    setTouched((prev) => new Set([...prev].filter((j) => j !== i).map((j) => (j > i ? j - 1 : j))));
  };
  const full = value.length >= LIMITS.priceSegments;

  return (
    <div className="hg-tou" data-testid="tou-editor">
      <div className="hg-tou-head" aria-hidden="true">
        <span>#</span>
        <span>{t('plantForm.tou.start')}</span>
        <span>{t('plantForm.tou.end')}</span>
        <span>{t('plantForm.tou.buy', { currency })}</span>
        <span>{t('plantForm.tou.sell', { currency })}</span>
        <span />
      </div>
      <ol className="hg-tou-rows">
        {value.map((s, i) => {
          const rowProblems = CELLS.map((c) => cellProblem(i, c)).filter((p): p is TouProblem => Boolean(p));
          const errorId = `tou-error-${i}`;
          // What every cell of the row carries: its error state, the row's error list, its name with the row number.
          const cellProps = (cell: Cell) => ({
            status: cellProblem(i, cell) ? ('error' as const) : undefined,
            'aria-invalid': cellProblem(i, cell) ? true : undefined,
            'aria-describedby': rowProblems.length ? errorId : undefined,
            'aria-label': t(`plantForm.tou.${cell}Of`, { n: i + 1 }),
            'data-testid': `tou-${cell}-${i}`,
          });
          return (
            <li
              key={i}
              className={`hg-tou-row${rowProblems.length ? ' hg-tou-row-error' : ''}`}
              data-testid={`tou-row-${i}`}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) touch(i);
              }}
            >
              <span className="hg-tou-index" aria-hidden="true">
                {i + 1}
              </span>
              {(['start', 'end'] as const).map((cell) => (
                <label key={cell} className="hg-tou-cell">
                  <span className="hg-tou-cell-label">{t(`plantForm.tou.${cell}`)}</span>
                  <Input
                    value={s[cell]}
                    placeholder="HH:mm"
                    maxLength={5}
                    inputMode="numeric"
                    {...cellProps(cell)}
                    onChange={(e) => update(i, { [cell]: e.target.value.trim() })}
                  />
                </label>
              ))}
              {(['buy', 'sell'] as const).map((cell) => (
                <label key={cell} className="hg-tou-cell">
                  <span className="hg-tou-cell-label">{t(`plantForm.tou.${cell}`, { currency })}</span>
                  <InputNumber
                    value={s[cell]}
                    min={0}
                    step={0.0001}
                    className="hg-pf-number"
                    {...cellProps(cell)}
                    onChange={(v) => update(i, { [cell]: typeof v === 'number' ? v : null })}
                  />
                </label>
              ))}
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={value.length <= 1}
                aria-label={t('plantForm.tou.removeOf', { n: i + 1 })}
                onClick={() => remove(i)}
                className="hg-tou-remove"
              />
              {rowProblems.length > 0 && (
                <ul id={errorId} className="hg-tou-errors" role="alert" data-testid={errorId}>
                  {[...new Set(rowProblems.map((p) => p.rule))].map((rule) => (
                    <li key={rule}>{fieldMessage(rule, lang)}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {listProblem && (revealAll || touched.size > 0) && (
        <p role="alert" className="hg-pf-error">
          {fieldMessage(listProblem.rule, lang)}
        </p>
      )}
      <div className="hg-tou-foot">
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => onChange?.([...value, nextSegment(value)])}
          data-testid="tou-add"
        >
          {t('plantForm.tou.add')}
        </Button>
        <span className="hg-pf-hint">
          {full
            ? t('plantForm.tou.full', { max: LIMITS.priceSegments })
            : t('plantForm.tou.hint', { max: LIMITS.priceSegments })}
        </span>
      </div>
    </div>
  );
}
