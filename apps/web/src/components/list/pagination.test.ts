import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { listPagination } from './pagination';

const GERMAN: Record<string, string> = { 'listKit.pageSize': 'Einträge pro Seite', 'listKit.total': 'Insgesamt {{n}}' };
const t = ((key: string, opts?: { n?: string }) =>
  (GERMAN[key] ?? key).replace('{{n}}', opts?.n ?? '')) as unknown as TFunction;

describe('list pagination', () => {
  it('names the page-size changer and the total in the user’s language', () => {
    const p = listPagination({ page: 2, size: 20, total: 1234, update: () => undefined }, t);
    expect(p.locale?.page_size).toBe('Einträge pro Seite');
    expect(p.showTotal?.(1234, [21, 40])).toBe(`Insgesamt ${(1234).toLocaleString()}`);
  });

  it('moves to the page clicked, and asks for the new size alone when the size changes (the list starts again at page 1)', () => {
    const update = vi.fn();
    const p = listPagination({ page: 3, size: 20, total: 100, update }, t);
    p.onChange?.(4, 20);
    p.onChange?.(3, 50);
    expect(update.mock.calls).toEqual([[{ page: 4 }], [{ size: 50 }]]);
  });
});
