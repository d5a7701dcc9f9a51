// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useListState, type ListSpec } from '../../components/list';
import { renderPage, testQueryClient } from '../../testing/render';
import { DeviceListLayout } from './DeviceListLayout';

interface Thing {
  sn: string;
}

const SPEC: ListSpec<'status' | 'plant', never> = { filters: { status: ['online', 'offline'], plant: 'text' } };

function Things({
  rows,
  failed = false,
  refetch = () => {},
}: {
  rows: Thing[];
  failed?: boolean;
  refetch?: () => void;
}) {
  const list = useListState(SPEC);
  return (
    <DeviceListLayout<Thing, 'status' | 'plant', never>
      page={{ name: 'things', ids: 'thing', catalogue: 'lora' }}
      source={{
        list,
        query: {
          data: failed ? undefined : { total: rows.length, rows },
          isError: failed,
          isLoading: false,
          isFetching: false,
          isPlaceholderData: false,
          refetch,
        },
        stats: {
          items: [
            { key: 'all', count: rows.length },
            { key: 'online', count: rows.length },
          ],
          filter: 'status',
        },
      }}
      download={{ path: '/api/v1/things/download', query: {}, fileName: 'things.xlsx' }}
      table={{ columns: [{ key: 'sn', title: 'Serial', dataIndex: 'sn' }], rowKey: 'sn' }}
    />
  );
}

function renderThings(ui: React.ReactElement, path = '/things') {
  const queryClient = testQueryClient();
  // The plant filter's own list of plants, so it does not fetch.
  queryClient.setQueryData(['plant-select', ''], { rows: [], total: 0 });
  return renderPage(ui, { path, queryClient });
}

describe('DeviceListLayout', () => {
  it('shows the heading, the hint, the status counts, the search, the plant filter, the export and the rows', () => {
    renderThings(<Things rows={[{ sn: 'A1' }, { sn: 'B2' }]} />);
    // The words are the catalogue's (lora here), the test ids the page's own prefix.
    expect(screen.getByTestId('things-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('LoRa nodes');
    expect(screen.getByText(/^Lora master nodes connect on their own/)).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Connection of the master nodes' })).toBeTruthy();
    expect(screen.getByLabelText('Search master nodes')).toBeTruthy();
    expect(screen.getByTestId('thing-stats')).toBeTruthy();
    expect(screen.getByTestId('thing-plant')).toBeTruthy();
    expect(screen.getByTestId('thing-export')).toBeTruthy();
    const table = screen.getByTestId('thing-table');
    expect(within(table).getByText('A1')).toBeTruthy();
    expect(within(table).getByText('B2')).toBeTruthy();
  });

  it('says nothing matches a narrowed list and offers to clear the filters, then says the list is empty', () => {
    renderThings(<Things rows={[]} />, '/things?q=zzz');
    expect(screen.getByText('No master node matches the search or filters.')).toBeTruthy();
    // Both the toolbar and the empty table offer it; the table's is where the eye is.
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(2);
    fireEvent.click(within(screen.getByTestId('thing-table')).getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByText('No lora master nodes yet.')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: 'Clear filters' })).toHaveLength(0);
  });

  it('offers a retry instead of the table when the list cannot load', () => {
    const refetch = vi.fn();
    renderThings(<Things rows={[]} failed refetch={refetch} />);
    expect(screen.queryByTestId('thing-table')).toBeNull();
    expect(screen.getByText('The list could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
