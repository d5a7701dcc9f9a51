import { useEffect, useRef } from 'react';

/**
 * For a table that scrolls sideways and whose rows hold no control: the scrolling part takes the focus itself
 * and is named by `labelledBy` (the page title), so keyboard users can scroll it (axe
 * scrollable-region-focusable). Put the returned ref on a box around the table.
 */
export function useScrollRegion(labelledBy: string): React.RefObject<HTMLDivElement | null> {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scroller = box.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!scroller) return;
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-labelledby', labelledBy);
  });
  return box;
}
