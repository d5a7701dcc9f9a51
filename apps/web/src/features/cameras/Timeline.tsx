import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { keyboardMove, pointerFraction, timeAtFraction, type TimelineBlock } from './logic';

/**
 * A day's bar with its recorded stretches. It is a slider: click a point, or move the cursor with the arrow keys
 * (a minute; Page Up/Down ten) and press Enter, to play from there. Mirrored in right-to-left pages.
 */
export function Timeline({
  dayStart,
  dayEnd,
  start,
  end,
  marks,
  blocks,
  cursor,
  playhead,
  rtl,
  format,
  onCursor,
  onPlay,
}: {
  dayStart: number;
  dayEnd: number;
  /** The stretch the bar shows (the day, or an hour of it); `blocks` are placed on it. */
  start: number;
  end: number;
  marks: readonly number[];
  blocks: readonly TimelineBlock[];
  cursor: number;
  playhead: number | null;
  rtl: boolean;
  format: (ms: number) => string;
  onCursor: (at: number) => void;
  onPlay: (at: number) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const pct = (ms: number): string => `${((ms - start) / (end - start)) * 100}%`;
  const recorded = blocks.some((b) => cursor >= b.from && cursor < b.to);
  return (
    <div className="hg-cam-timeline">
      <div
        ref={bar}
        className="hg-cam-bar"
        role="slider"
        tabIndex={0}
        aria-label={t('cameras.playback.timeline')}
        aria-valuemin={dayStart}
        aria-valuemax={dayEnd}
        aria-valuenow={cursor}
        aria-valuetext={`${format(cursor)}, ${recorded ? t('cameras.playback.recorded') : t('cameras.playback.notRecorded')}`}
        data-testid="camera-timeline"
        onClick={(e) => {
          const box = bar.current?.getBoundingClientRect();
          if (!box) return;
          const at = timeAtFraction(pointerFraction(e.clientX, box.left, box.width, rtl), start, end);
          onCursor(at);
          onPlay(at);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onPlay(cursor);
            return;
          }
          const next = keyboardMove(e.key, cursor, dayStart, dayEnd, rtl);
          if (next === null) return;
          e.preventDefault();
          onCursor(next);
        }}
      >
        {blocks.map((b) => (
          <span
            key={b.from}
            className={b.eventId ? 'hg-cam-span hg-cam-span-event' : 'hg-cam-span'}
            style={{ insetInlineStart: `${b.startPct}%`, width: `${b.widthPct}%` }}
            data-testid="camera-span"
          />
        ))}
        {cursor >= start && cursor < end ? (
          <span className="hg-cam-cursor" style={{ insetInlineStart: pct(cursor) }} aria-hidden="true" />
        ) : null}
        {playhead !== null && playhead >= start && playhead < end ? (
          <span className="hg-cam-playhead" style={{ insetInlineStart: pct(playhead) }} aria-hidden="true" />
        ) : null}
      </div>
      <div className="hg-cam-hours" aria-hidden="true">
        {marks.map((at) => (
          <span key={at} style={{ insetInlineStart: pct(at) }} className="hg-cam-hour">
            {at === dayEnd ? '24:00' : format(at).slice(0, 5)}
          </span>
        ))}
      </div>
    </div>
  );
}
