import { describe, expect, it } from 'vitest';
import { applyListPatch, isNarrowed, parseListState, serialiseListState, type ListSpec } from './listState';

const spec: ListSpec<'status' | 'type' | 'capMin', 'name' | 'capacity' | 'created'> = {
  filters: { status: ['normal', 'warning', 'fault', 'offline'], type: 'text', capMin: 'number' },
  sorts: ['name', 'capacity', 'created'],
  defaultSort: { field: 'created', order: 'desc' },
  pageSizes: [10, 20, 50],
};

const parse = (query: string) => parseListState(new URLSearchParams(query), spec);

describe('list state in the URL', () => {
  it('reads a plain address as the defaults', () => {
    expect(parse('')).toEqual({
      page: 1,
      size: 10,
      search: '',
      filters: {},
      sort: { field: 'created', order: 'desc' },
    });
  });

  it('reads page, size, search, filters and sort', () => {
    expect(parse('page=3&size=50&q=%20Harbour%20&status=fault&type=grid&capMin=12.5&sort=name&order=asc')).toEqual({
      page: 3,
      size: 50,
      search: 'Harbour',
      filters: { status: 'fault', type: 'grid', capMin: '12.5' },
      sort: { field: 'name', order: 'asc' },
    });
  });

  it('drops values a user could have typed into the address', () => {
    const s = parse('page=-2&size=1000&status=exploded&capMin=abc&sort=password&order=sideways&q=' + 'x'.repeat(80));
    expect(s.page).toBe(1);
    expect(s.size).toBe(10);
    expect(s.filters).toEqual({});
    expect(s.sort).toEqual({ field: 'created', order: 'desc' });
    expect(s.search).toHaveLength(64);
    expect(parse('page=2.5').page).toBe(1);
  });

  it('writes defaults as a bare address and keeps the page’s own parameters', () => {
    const base = new URLSearchParams('view=map&page=4&status=fault');
    const out = serialiseListState(parse(''), spec, base);
    expect(out.toString()).toBe('view=map');
  });

  it('round-trips every non-default state', () => {
    const query = 'q=SN123&status=offline&capMin=5&sort=capacity&order=asc&page=2&size=20';
    const out = serialiseListState(parse(query), spec);
    expect(parseListState(out, spec)).toEqual(parse(query));
    expect(out.get('sort')).toBe('capacity');
    expect(out.get('page')).toBe('2');
  });

  it('goes back to page 1 when the search, a filter, the sort or the size changes, not when paging', () => {
    const s = parse('page=5&status=fault');
    expect(applyListPatch(s, { search: 'abc' }).page).toBe(1);
    expect(applyListPatch(s, { filters: { status: 'offline' } }).page).toBe(1);
    expect(applyListPatch(s, { sort: { field: 'name', order: 'asc' } }).page).toBe(1);
    expect(applyListPatch(s, { size: 50 }).page).toBe(1);
    expect(applyListPatch(s, { page: 6 }).page).toBe(6);
  });

  it('merges filters and removes cleared ones', () => {
    const s = parse('status=fault&type=grid');
    expect(applyListPatch(s, { filters: { status: undefined } }).filters).toEqual({ type: 'grid' });
    expect(applyListPatch(s, { filters: { type: '' } }).filters).toEqual({ status: 'fault' });
    expect(applyListPatch(s, { filters: { capMin: '3' } }).filters).toEqual({
      status: 'fault',
      type: 'grid',
      capMin: '3',
    });
  });

  it('tells a narrowed list from a plain one', () => {
    expect(isNarrowed(parse('page=3&sort=name'))).toBe(false);
    expect(isNarrowed(parse('q=a'))).toBe(true);
    expect(isNarrowed(parse('status=normal'))).toBe(true);
  });
});
