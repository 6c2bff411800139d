import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { DayPicker } from './day-picker';

describe('the day picker', () => {
  it('offers the month as a named group of buttons, each read as its full date, the chosen one pressed', async () => {
    const onChange = vi.fn();
    render(<DayPicker label="Trip day" value="2026-12-08" onChange={onChange} min="2026-12-02" max="2027-02-28" />);
    // Named by its label and the day it shows, as it reads.
    const field = screen.getByRole('button', { name: 'Trip day Tue, 8 Dec 2026 (Cairo time)' });
    await userEvent.click(field);
    const month = screen.getByRole('group', { name: 'December 2026' });
    // No grid roles: a grid needs rows of cells, and these are toggle buttons.
    expect(within(month).queryAllByRole('gridcell')).toHaveLength(0);
    expect(within(month).queryAllByRole('columnheader')).toHaveLength(0);
    expect(within(month).getByRole('button', { name: 'Tuesday, 8 December 2026' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(month).getByRole('button', { name: 'Tuesday, 1 December 2026' })).toBeDisabled();
    // The chosen day has the keyboard's focus; a choice gives it back to the field.
    expect(within(month).getByRole('button', { name: 'Tuesday, 8 December 2026' })).toHaveFocus();
    await userEvent.click(within(month).getByRole('button', { name: 'Wednesday, 9 December 2026' }));
    expect(onChange).toHaveBeenCalledWith('2026-12-09');
    expect(field).toHaveFocus();
  });

  it('closes on Escape with the focus back on the field, and when Tab leaves it', async () => {
    render(
      <>
        <DayPicker label="Trip day" value="2026-12-08" onChange={vi.fn()} min="2026-12-02" />
        <input aria-label="Travellers" />
      </>,
    );
    const field = screen.getByRole('button', { name: /^Trip day/ });
    await userEvent.click(field);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'December 2026' })).toBeNull();
    expect(field).toHaveFocus();
    await userEvent.click(field);
    // The focus leaves for the next field (what Tab from the last day does).
    fireEvent.focusOut(document.activeElement!, { relatedTarget: screen.getByLabelText('Travellers') });
    expect(screen.queryByRole('group', { name: 'December 2026' })).toBeNull();
  });

  it('moves between the days with the arrow keys, the month being one stop of the Tab key', async () => {
    render(<DayPicker label="Trip day" value="2026-12-08" onChange={vi.fn()} min="2026-12-02" max="2026-12-20" />);
    await userEvent.click(screen.getByRole('button', { name: /^Trip day/ }));
    const month = screen.getByRole('group', { name: 'December 2026' });
    expect(within(month).getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1);
    await userEvent.keyboard('{ArrowRight}');
    expect(within(month).getByRole('button', { name: 'Wednesday, 9 December 2026' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(within(month).getByRole('button', { name: 'Wednesday, 2 December 2026' })).toHaveFocus();
    // Before the first day that may be picked, the arrow stays.
    await userEvent.keyboard('{ArrowUp}');
    expect(within(month).getByRole('button', { name: 'Wednesday, 2 December 2026' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(within(month).getByRole('button', { name: 'Sunday, 20 December 2026' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('group', { name: 'December 2026' })).toBeNull();
  });
});
