import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Button } from './button';

describe('a button busy with its action', () => {
  it('keeps the keyboard’s focus, says it is unavailable and swallows a second press', async () => {
    const press = vi.fn();
    const { rerender } = render(<Button onClick={press}>Assign</Button>);
    const button = screen.getByRole('button', { name: 'Assign' });
    await userEvent.click(button);
    expect(press).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={press} loading>
        Assign
      </Button>,
    );
    // Not disabled: a disabled button would drop the focus to the page's start.
    expect(button).not.toBeDisabled();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(press).toHaveBeenCalledTimes(1);
  });

  it('is disabled when told, loading or not', () => {
    render(
      <Button disabled loading>
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled();
  });
});
