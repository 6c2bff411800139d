import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { DayPicker } from './day-picker';

describe('the day picker', () => {
  it('offers the month as a named group of buttons, each read as its full date, the chosen one pressed', async () => {
    const onChange = vi.fn();
    render(<DayPicker label="Trip day" value="2026-12-08" onChange={onChange} min="2026-12-02" max="2027-02-28" />);
    await userEvent.click(screen.getByRole('button', { name: 'Trip day' }));
    const month = screen.getByRole('group', { name: 'December 2026' });
    // No grid roles: a grid needs rows of cells, and these are toggle buttons.
    expect(within(month).queryAllByRole('gridcell')).toHaveLength(0);
    expect(within(month).queryAllByRole('columnheader')).toHaveLength(0);
    expect(within(month).getByRole('button', { name: 'Tuesday, 8 December 2026' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(month).getByRole('button', { name: 'Tuesday, 1 December 2026' })).toBeDisabled();
    await userEvent.click(within(month).getByRole('button', { name: 'Wednesday, 9 December 2026' }));
    expect(onChange).toHaveBeenCalledWith('2026-12-09');
  });
});
