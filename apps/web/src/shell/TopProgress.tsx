import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/**
 * A thin bar at the top of the window while a navigation or a lazily loaded page is under way (spec §2.1).
 * It creeps towards 90 % while busy, completes to 100 % and fades when done; quick navigations (< 120 ms)
 * never show it.
 */
export function TopProgress({ active = false }: { active?: boolean }): React.JSX.Element {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = active || navigation.state !== 'idle';
  const [width, setWidth] = useState(0);
  const [visible, setVisible] = useState(false);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const clear = (): void => {
      timers.current.forEach((id) => window.clearTimeout(id));
      timers.current = [];
    };
    clear();
    if (busy) {
      timers.current.push(
        window.setTimeout(() => {
          setVisible(true);
          setWidth(12);
          const creep = (): void => {
            setWidth((w) => (w < 90 ? w + (90 - w) * 0.12 : w));
            timers.current.push(window.setTimeout(creep, 250));
          };
          timers.current.push(window.setTimeout(creep, 120));
        }, 120),
      );
    } else {
      setWidth((w) => (w > 0 ? 100 : 0));
      timers.current.push(
        window.setTimeout(() => setVisible(false), 260),
        window.setTimeout(() => setWidth(0), 560),
      );
    }
    return clear;
  }, [busy]);

  return (
    <div
      className="hg-progress"
      role="progressbar"
      aria-label={t('common.loading')}
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      style={{ opacity: visible ? 1 : 0 }}
    >
      <div className="hg-progress-bar" style={{ width: `${width}%` }} />
    </div>
  );
}
