import { type Filter, userResource } from '@cohort/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { FilterBuilder } from './filter-builder';

const fields = userResource.fields.filter((f) => f.filter);

function lastRow() {
  const rows = screen.getAllByTestId('filter-row');
  return within(rows[rows.length - 1]);
}

describe('FilterBuilder', () => {
  it('builds the filters from the rows the user adds', () => {
    const onChange = vi.fn<(f: Filter[]) => void>();
    renderWithProviders(<FilterBuilder fields={fields} value={[]} onChange={onChange} />);

    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    let row = lastRow();
    fireEvent.change(row.getByLabelText('Field'), { target: { value: 'isaStatus' } });
    // enum fields offer only = and !=
    const operators = within(row.getByLabelText('Operator'))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(operators).toEqual(['=', '!=']);
    fireEvent.change(row.getByLabelText('Value'), { target: { value: 'ISA Verified' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    row = lastRow();
    fireEvent.change(row.getByLabelText('Field'), { target: { value: 'totalPoints' } });
    fireEvent.change(row.getByLabelText('Operator'), { target: { value: '>=' } });
    fireEvent.change(row.getByLabelText('Value'), { target: { value: '250' } });

    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { field: 'isaStatus', operator: '=', value: 'ISA Verified' },
      { field: 'totalPoints', operator: '>=', value: 250 },
    ]);
  });

  it('offers only the fields it is given', () => {
    renderWithProviders(<FilterBuilder fields={fields.slice(0, 2)} value={[]} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const options = within(screen.getByLabelText('Field'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([fields[0].label, fields[1].label]);
  });

  it('shows the current filters and clears them', () => {
    const onChange = vi.fn<(f: Filter[]) => void>();
    renderWithProviders(
      <FilterBuilder fields={fields} value={[{ field: 'name', operator: 'like', value: 'ada' }]} onChange={onChange} />,
    );
    expect((screen.getByLabelText('Value') as HTMLInputElement).value).toBe('ada');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('a text field chosen for a new row starts at "contains", whatever the row had before', () => {
    renderWithProviders(<FilterBuilder fields={fields} value={[]} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const row = lastRow();
    fireEvent.change(row.getByLabelText('Field'), { target: { value: 'totalPoints' } });
    expect((row.getByLabelText('Operator') as HTMLSelectElement).value).toBe('=');
    fireEvent.change(row.getByLabelText('Field'), { target: { value: 'name' } });
    const operator = row.getByLabelText('Operator') as HTMLSelectElement;
    expect(operator.value).toBe('like');
    expect(operator.selectedOptions[0].textContent).toBe('contains');
  });

  it('an incomplete row is marked and nothing is applied until it is fixed', () => {
    const onChange = vi.fn<(f: Filter[]) => void>();
    renderWithProviders(
      <FilterBuilder fields={fields} value={[{ field: 'name', operator: 'like', value: 'ada' }]} onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const row = lastRow();
    fireEvent.change(row.getByLabelText('Field'), { target: { value: 'totalPoints' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(row.getByText('Enter a whole number')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'One filter is incomplete. Complete it or remove it, then apply.',
    );

    fireEvent.change(row.getByLabelText('Value'), { target: { value: '12' } });
    expect(row.queryByText('Enter a whole number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { field: 'name', operator: 'like', value: 'ada' },
      { field: 'totalPoints', operator: '=', value: 12 },
    ]);
  });

  it('operator labels fit the type: dates before/after, numbers at least/at most', () => {
    renderWithProviders(<FilterBuilder fields={fields} value={[]} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const row = lastRow();
    const labels = () =>
      within(row.getByLabelText('Operator'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    fireEvent.change(row.getByLabelText('Field'), { target: { value: 'registrationDate' } });
    expect(labels()).toEqual(['is on', 'is not on', 'is after', 'is on or after', 'is before', 'is on or before']);
    fireEvent.change(row.getByLabelText('Field'), { target: { value: 'totalPoints' } });
    expect(labels()).toEqual([
      'equals',
      'does not equal',
      'is greater than',
      'is at least',
      'is less than',
      'is at most',
    ]);
    fireEvent.change(row.getByLabelText('Field'), { target: { value: 'name' } });
    expect(labels()).toEqual(['contains', 'is exactly', 'is not']);
  });
});
