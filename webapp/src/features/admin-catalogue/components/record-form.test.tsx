import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { RecordForm } from './record-form';

// A refused save lands on the field it is about, and in view: on a phone the Save button is at the
// bottom of a form some 3,000 px long, and the message saying why is at its top.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const emptyList = { data: [], total: 0, page: 1, per_page: 100 };

// A destination open every day but Friday, so Saturday is the sixth entry sent (place 5), not day 5.
const weekWithoutFriday = [0, 1, 2, 3, 4, 6].map((day) => ({ day, open: '09:00', close: day === 6 ? '25:99' : '17:00' }));
const destination = {
  id: 'd-1',
  archived: false,
  version: 3,
  updated_at: '2026-11-30T10:00:00Z',
  name: { en: 'Cairo Tower', ar: 'برج القاهرة' },
  slug: 'cairo-tower',
  category_id: 'c-1',
  short_description: { en: 'A view.', ar: 'إطلالة.' },
  lat: 30.0459,
  lng: 31.2243,
  visit_minutes: 60,
  opening_hours: weekWithoutFriday,
  photos: [],
  published: true,
  display_order: 0,
  popularity: 0,
};

let sent: Array<{ method: string; path: string; headers: Record<string, string>; body: unknown }> = [];

function serve(answerPut: () => Response) {
  sent = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    const method = init?.method ?? 'GET';
    sent.push({ method, path: url.pathname, headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body ? JSON.parse(init.body as string) as unknown : undefined });
    if (method === 'PUT') return Promise.resolve(answerPut());
    if (url.pathname === '/api/admin/destinations/d-1') return Promise.resolve(json(200, { data: destination }));
    if (url.pathname.endsWith('/history')) return Promise.resolve(json(200, { data: [] }));
    return Promise.resolve(json(200, emptyList));
  });
}

function renderForm(id?: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <RecordForm section="destination" id={id} onSaved={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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

describe('Save with required fields left empty', () => {
  it.each([
    ['en', 'Save', 'Some fields need your attention.'],
    ['ar', 'حفظ', 'بعض الحقول تحتاج إلى مراجعتك.'],
  ] as const)('moves the focus to the first field to fix and scrolls it into view (%s)', async (language, save, fix) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    serve(() => json(500, {}));
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(fix)).toBeInTheDocument();
    const focused = document.activeElement as HTMLElement;
    await waitFor(() => expect(focused).not.toBe(screen.getByRole('button', { name: save })));
    // The destination's English name is the form's first field, and it is required.
    expect(document.activeElement).toHaveAttribute('name', 'name.en');
    expect(document.activeElement).toHaveAttribute('aria-invalid', 'true');
    expect(scrolled).toHaveBeenCalled();
    expect(scrolled.mock.contexts.at(-1)).toBe(document.activeElement);
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});

describe("the server refusing Saturday's closing time", () => {
  it.each([
    ['en', 'Save', 'Saturday: Closes (Cairo time)', 'Friday'],
    ['ar', 'حفظ', 'السبت: يغلق (بتوقيت القاهرة)', 'الجمعة'],
  ] as const)("says it on Saturday's closing time, which takes the focus, though it was sent sixth (%s)", async (language, save, saturdayCloses, friday) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    // httpapi names an hours fault by the entry's place in the list sent.
    const fault = language === 'en' ? 'Enter a time as HH:MM.' : 'أدخل الوقت بصيغة س س:د د.';
    serve(() => json(422, { message: 'Some fields need your attention.', errors: { 'opening_hours.5.close': [fault] } }));
    renderForm('d-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: save }));
    const closes = screen.getByRole('textbox', { name: saturdayCloses });
    await waitFor(() => expect(closes).toHaveAttribute('aria-invalid', 'true'));
    expect(closes).toHaveAccessibleDescription(fault);
    expect(screen.getAllByText(fault)).toHaveLength(1);
    expect(document.activeElement).toBe(closes);
    expect(scrolled.mock.contexts.at(-1)).toBe(closes);
    // Saturday's opening time is not at fault, and Friday (closed) says nothing.
    expect(screen.getByRole('textbox', { name: saturdayCloses.replace(language === 'en' ? 'Closes' : 'يغلق', language === 'en' ? 'Opens' : 'يفتح') })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('checkbox', { name: friday }).closest('.hours-editor__row')?.querySelector('.field__error')).toBeNull();
    // The edit was sent at the version loaded.
    expect(sent.find((r) => r.method === 'PUT')?.headers['If-Match']).toBe('"3"');
  });

  it('moves the focus to the message when no field is at fault (someone else saved first), and keeps what was typed', async () => {
    act(() => useLocaleStore.getState().setLanguage('en'));
    serve(() => json(409, { message: 'Someone else changed this at the same time. Please reload and try again.' }));
    renderForm('d-1');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Save' });
    const name = screen.getAllByRole('textbox', { name: 'English' })[0];
    if (!name) throw new Error('no English name box');
    await user.clear(name);
    await user.type(name, 'Cairo Tower at night');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('Someone else changed this at the same time. Please reload and try again.');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(scrolled.mock.contexts.at(-1)).toBe(message);
    expect(name).toHaveValue('Cairo Tower at night');
  });
});
