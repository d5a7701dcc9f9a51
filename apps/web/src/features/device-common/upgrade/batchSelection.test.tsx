// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { App, Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../testing/render';
import { selectionFits, useBatchSelection } from './batchSelection';

interface Row {
  id: string;
  sn: string;
}

const ROWS: Row[] = Array.from({ length: 51 }, (_, i) => ({
  id: `id-${i + 1}`,
  sn: `INV${String(i + 1).padStart(4, '0')}`,
}));

/** A device list of 51 rows in pages of 50, selectable for a batch upgrade. */
function Picker() {
  const batch = useBatchSelection<Row>((r) => r.sn);
  return (
    <>
      <output data-testid="picked">{batch.sns.join(',')}</output>
      <Table<Row>
        rowKey="id"
        dataSource={ROWS}
        rowSelection={batch.rowSelection}
        pagination={{ pageSize: 50 }}
        columns={[{ key: 'sn', dataIndex: 'sn', title: 'Serial' }]}
        data-testid="picker"
      />
    </>
  );
}

const picked = () => (screen.getByTestId('picked').textContent || '').split(',').filter(Boolean);

describe('batch upgrade selection', () => {
  it('fits 50 devices and not 51', () => {
    expect(selectionFits(50)).toBe(true);
    expect(selectionFits(51)).toBe(false);
  });

  it('keeps 50 selected devices across pages and refuses the 51st with the limit', async () => {
    renderPage(
      <App>
        <Picker />
      </App>,
    );
    const table = screen.getByTestId('picker');
    // The header's box selects the whole first page: 50 devices.
    fireEvent.click(within(table).getAllByRole('checkbox')[0]!);
    expect(picked()).toHaveLength(50);
    expect(picked()[0]).toBe('INV0001');
    // The 51st, on the second page, is refused; the 50 stay.
    fireEvent.click(screen.getByTitle('2'));
    const last = within(table).getAllByRole('checkbox').at(-1)!;
    fireEvent.click(last);
    expect(await screen.findByText('A batch upgrade takes at most 50 devices.')).toBeTruthy();
    expect(picked()).toHaveLength(50);
    expect(picked()).not.toContain('INV0051');
  });
});
