import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { LeavePrompt } from '@/components/ui/leave-prompt';
import { useLocaleStore } from '@/stores/locale-store';

import { useLeaveGuard } from './use-leave-guard';

// A form holding typed work, on the app's own router (BrowserRouter over jsdom's history).
function Editor() {
  const [text, setText] = useState('');
  const [saved, setSaved] = useState('');
  const guard = useLeaveGuard(text !== saved);
  const navigate = useNavigate();
  return (
    <>
      <h1>Editor</h1>
      <input aria-label="Name" value={text} onChange={(e) => setText(e.target.value)} />
      <Link to="/list">To the list</Link>
      <button type="button" onClick={() => void navigate('/list')}>
        Cancel
      </button>
      <button
        type="button"
        onClick={() => {
          guard.release();
          setSaved(text);
          void navigate('/list');
        }}
      >
        Save
      </button>
    </>
  );
}

function App({ prompt = true }: { prompt?: boolean }) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/edit" element={<Editor />} />
        <Route path="/list" element={<h1>List</h1>} />
      </Routes>
      {prompt ? <LeavePrompt /> : null}
    </BrowserRouter>
  );
}

const type = (value: string) => fireEvent.change(screen.getByLabelText('Name'), { target: { value } });
const here = () => window.location.pathname;

beforeEach(() => {
  // Two entries: the list, then the editor (Back goes to the list).
  window.history.replaceState({ idx: 0 }, '', '/list');
  window.history.pushState({ idx: 1 }, '', '/edit');
});
afterEach(() => {
  vi.restoreAllMocks();
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('a screen holding unsaved work', () => {
  it('asks before a link leaves it, and stays when the person stays', async () => {
    render(<App />);
    type('Siwa');
    fireEvent.click(screen.getByRole('link', { name: 'To the list' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes. Leave this page and lose them?');
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(here()).toBe('/edit');
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Siwa');
  });

  it('leaves by the link when the person chooses to leave', async () => {
    render(<App />);
    type('Siwa');
    fireEvent.click(screen.getByRole('link', { name: 'To the list' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
    expect(here()).toBe('/list');
  });

  it('asks before the app’s own navigate() leaves it', async () => {
    render(<App />);
    type('Siwa');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    expect(here()).toBe('/edit');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
  });

  it('asks on Back: staying puts the address back and keeps the work, leaving goes back', async () => {
    render(<App />);
    type('Siwa');
    act(() => window.history.back());
    await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await waitFor(() => expect(here()).toBe('/edit'));
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(here()).toBe('/edit');
    expect(screen.getByLabelText('Name')).toHaveValue('Siwa');

    act(() => window.history.back());
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
    expect(here()).toBe('/list');
  });

  it('asks in the person’s language', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<App />);
    type('سيوة');
    fireEvent.click(screen.getByRole('link', { name: 'To the list' }));
    expect(await screen.findByRole('alertdialog', { name: 'تغييرات غير محفوظة' })).toHaveTextContent('لديك تغييرات لم تُحفظ');
    expect(screen.getByRole('button', { name: 'البقاء في الصفحة' })).toBeInTheDocument();
  });

  it('asks with the browser’s confirm where no prompt is mounted', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(<App prompt={false} />);
    type('Siwa');
    fireEvent.click(screen.getByRole('link', { name: 'To the list' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?');
    expect(here()).toBe('/edit');
    fireEvent.click(screen.getByRole('link', { name: 'To the list' }));
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
  });
});

describe('a screen with nothing unsaved', () => {
  it('never asks: not on a link, not on Back', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    render(<App />);
    fireEvent.click(screen.getByRole('link', { name: 'To the list' }));
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeInTheDocument();
    type('Siwa');
    type('');
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('lets the screen’s own move after a save go without asking', async () => {
    render(<App />);
    type('Siwa');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('warns on reload only while it holds work', () => {
    render(<App />);
    const reload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(reload()).toBe(false);
    type('Siwa');
    expect(reload()).toBe(true);
  });
});
