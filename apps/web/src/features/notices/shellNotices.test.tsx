// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import type { NoticeItem } from '@heliograph/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { renderPage, testQueryClient } from '../../testing/render';
import { noticeKeys } from './api';
import { BulletinToast } from './BulletinToast';
import { MaintenanceBanner } from './MaintenanceBanner';

const item = (over: Partial<NoticeItem>): NoticeItem => ({
  id: 'b1',
  kind: 'bulletin',
  type: 5,
  title: 'Price plans',
  content: 'New plans start on Monday.',
  plantId: null,
  deviceSn: null,
  url: null,
  startAt: null,
  endAt: null,
  read: false,
  createdAt: Date.UTC(2026, 5, 1),
  ...over,
});

describe('the bulletin toast', () => {
  it('is titled by the bulletin type, and its arrow closes it', () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData([...noticeKeys.toast, 'en'], { notice: item({ type: 6 }) });
    renderPage(<BulletinToast />, { queryClient });
    const toast = screen.getByTestId('bulletin-toast');
    expect(toast.querySelector('h2')?.textContent).toBe('New notification');
    expect(toast.textContent).toContain('Price plans');
    fireEvent.click(screen.getByRole('button', { name: 'Open the notice centre' }));
    expect(screen.queryByTestId('bulletin-toast')).toBeNull();
  });

  it('uses the default title for a type it does not know', () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData([...noticeKeys.toast, 'en'], { notice: item({ type: 9 }) });
    renderPage(<BulletinToast />, { queryClient });
    expect(screen.getByTestId('bulletin-toast').querySelector('h2')?.textContent).toBe('System bulletin');
  });
});

describe('the maintenance banner', () => {
  it('labels type 1 upgrade and fills the window into the text; a read notice is not shown', () => {
    const start = Date.UTC(2026, 5, 2, 1);
    const end = Date.UTC(2026, 5, 2, 3);
    const queryClient = testQueryClient();
    queryClient.setQueryData([...noticeKeys.maintenance, 'en'], {
      notices: [
        item({
          id: 'm1',
          kind: 'maintenance',
          type: 1,
          title: 'Gateway firmware',
          content: 'Gateways restart once.',
          startAt: start,
          endAt: end,
        }),
        item({ id: 'm2', kind: 'maintenance', type: 2, title: 'Already read', read: true, startAt: start, endAt: end }),
      ],
    });
    renderPage(<MaintenanceBanner />, { queryClient });
    const banners = screen.getAllByTestId('maintenance-banner');
    expect(banners).toHaveLength(1);
    expect(banners[0]?.textContent).toContain('Upgrade: Gateway firmware');
    const from = `\u2066${dayjs(start).format('YYYY-MM-DD HH:mm')}\u2069`;
    const to = `\u2066${dayjs(end).format('YYYY-MM-DD HH:mm')}\u2069`;
    expect(banners[0]?.textContent).toContain(`From ${from} to ${to}. Gateways restart once.`);
  });
});
