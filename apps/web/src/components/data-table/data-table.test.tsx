import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { DataTable } from './data-table';

// Issue 8, finding 11: a compact table for a working day at 1366x850.
type Row = { id: number; name: string };
const long = 'Aarav Venkata Subramanian Chandrasekhar Iyer-Ramaswamy of the Northern Campus';

describe('DataTable', () => {
  it('one line per row: a cut cell carries its full text; the header sticks; it scrolls inside itself', () => {
    renderWithProviders(
      <DataTable<Row>
        columns={[
          { key: 'id', label: 'Id', render: (r) => r.id },
          { key: 'name', label: 'Name', render: (r) => r.name, title: (r) => r.name },
        ]}
        rows={[{ id: 1, name: long }]}
        rowKey={(r) => r.id}
        sort={null}
        emptyText="None"
        maxHeight="30rem"
      />,
    );
    const table = screen.getByTestId('data-table');
    expect(table.className).toContain('data-table');
    expect(table.querySelector('thead')?.hasAttribute('data-sticky')).toBe(true);
    expect(screen.getByText(long).closest('td')?.getAttribute('title')).toBe(long);
    expect(table.closest('[style*="--table-max-height"]')?.getAttribute('style')).toContain('30rem');
  });
});
