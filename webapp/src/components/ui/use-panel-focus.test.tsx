import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';

import { usePanelFocus } from './use-panel-focus';

/** A page with a button that opens a panel of two controls, and a link behind it. */
function Page({ modal, closeOnLeave }: { modal: boolean; closeOnLeave?: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  usePanelFocus(ref, { open, modal, closeOnLeave, onClose: () => setOpen(false), opener: () => button.current });
  return (
    <>
      <header>
        <button ref={button} type="button" aria-expanded={open} aria-controls="panel" onClick={() => setOpen(!open)}>
          Menu
        </button>
      </header>
      <div>
        {open ? (
          <div ref={ref} id="panel" role={modal ? 'dialog' : 'region'} aria-modal={modal ? 'true' : undefined} aria-label="Panel" tabIndex={-1}>
            <button type="button">First</button>
            <button type="button" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        ) : null}
      </div>
      <main>
        <a href="#behind">Behind</a>
      </main>
      <p aria-live="polite" data-announcer>
        Announced
      </p>
      <section className="Toastify" aria-label="Notifications">
        <button type="button">Dismiss the toast</button>
      </section>
    </>
  );
}

describe('a panel that covers the page (modal)', () => {
  it('takes the focus, keeps Tab and Shift+Tab inside it, and makes the page behind inert', async () => {
    const user = userEvent.setup();
    render(<Page modal />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = screen.getByRole('dialog', { name: 'Panel' });
    expect(panel).toHaveFocus();
    expect(screen.getByRole('main').inert).toBe(true);
    expect(screen.getByRole('banner').inert).toBe(true);

    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    // Past the last control: the first again, not the page behind.
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    // Focus put behind it by other means comes back in.
    act(() => screen.getByRole('link', { name: 'Behind' }).focus());
    expect(panel).toContainElement(document.activeElement as HTMLElement);
  });

  it("leaves the page's announcers out of the inert page: a toast shown meanwhile is read and can be dismissed", async () => {
    const user = userEvent.setup();
    render(<Page modal />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('main').inert).toBe(true);
    expect(screen.getByText('Announced').inert).toBeFalsy();
    expect(screen.getByRole('region', { name: 'Notifications' }).inert).toBeFalsy();
  });

  it('closes on Escape, gives the focus back to its button and the page its life', async () => {
    const user = userEvent.setup();
    render(<Page modal />);
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('main').inert).toBeFalsy();
    expect(screen.getByRole('banner').inert).toBeFalsy();
  });

  it('gives the focus back to its button when a control inside closes it', async () => {
    const user = userEvent.setup();
    render(<Page modal />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('closes on a tap outside it', async () => {
    const user = userEvent.setup();
    render(<Page modal />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.pointer({ keys: '[MouseLeft]', target: document.body });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a panel that covers nothing (a disclosure)', () => {
  it('leaves the page alive, closes on Escape and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    render(<Page modal={false} />);
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Panel' })).toHaveFocus();
    expect(screen.getByRole('main').inert).toBeFalsy();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Panel' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes when the focus moves on past it, leaving the focus where it went', async () => {
    const user = userEvent.setup();
    render(<Page modal={false} />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.queryByRole('region', { name: 'Panel' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Behind' })).toHaveFocus();
  });

  it('stays open past its links when it is part of the page (closeOnLeave false), and Escape from its button still closes it', async () => {
    const user = userEvent.setup();
    render(<Page modal={false} closeOnLeave={false} />);
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Behind' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Panel' })).toBeInTheDocument();
    // An Escape elsewhere on the page is not the panel's.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('region', { name: 'Panel' })).toBeInTheDocument();
    act(() => button.focus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Panel' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
