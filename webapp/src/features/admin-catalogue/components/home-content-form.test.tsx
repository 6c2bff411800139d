import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { HomeContentForm } from './home-content-form';

// Two admins edit the home page's texts: each save says which version it was made on, so the second
// is refused instead of silently undoing the first; the second admin's typing stays on screen.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const home = {
  hero: { title: { en: 'Cairo, your way', ar: 'القاهرة على طريقتك' }, subtitle: { en: 'Private trips', ar: 'رحلات خاصة' }, image: '' },
  faq: [],
};

let puts: Array<{ headers: Record<string, string>; body: unknown }> = [];

function serve(answerPut: () => Response) {
  puts = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (init?.method === 'PUT') {
      puts.push({ headers: (init.headers ?? {}) as Record<string, string>, body: JSON.parse(init.body as string) as unknown });
      return Promise.resolve(answerPut());
    }
    if (url.pathname === '/api/admin/home') return Promise.resolve(json(200, { data: home, version: 7 }));
    if (url.pathname.endsWith('/history')) return Promise.resolve(json(200, { data: [] }));
    return Promise.resolve(json(200, { data: [], total: 0, page: 1, per_page: 100 }));
  });
}

const scrolled = vi.fn();
beforeEach(() => {
  scrolled.mockClear();
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <HomeContentForm onSaved={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function editTitle(title: string) {
  const user = userEvent.setup();
  const titleGroup = await screen.findByRole('group', { name: 'Title *' });
  const english = within(titleGroup).getByRole('textbox', { name: 'English' });
  await user.clear(english);
  await user.type(english, title);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return english;
}

describe('saving the home page texts', () => {
  beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

  it('is sent at the version the form was loaded at', async () => {
    serve(() => json(200, { data: home, version: 8 }));
    renderForm();
    await editTitle('Cairo by night');
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.headers['If-Match']).toBe('"7"');
  });

  it('over another admin’s save: says so where it is seen, and keeps what was typed', async () => {
    const said = 'Someone else changed this at the same time. Please reload and try again.';
    serve(() => json(409, { message: said }));
    renderForm();
    const english = await editTitle('Cairo by night');
    const message = await screen.findByText(said);
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(scrolled.mock.contexts.at(-1)).toBe(message);
    expect(english).toHaveValue('Cairo by night');
  });

  it('with a field refused: that field takes the focus', async () => {
    serve(() => json(422, { message: 'Some fields need your attention.', errors: { 'contact.email': ['Enter an e-mail address.'] } }));
    renderForm();
    await editTitle('Cairo by night');
    const email = await screen.findByRole('textbox', { name: 'Contact e-mail' });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(scrolled.mock.contexts.at(-1)).toBe(email);
  });
});
