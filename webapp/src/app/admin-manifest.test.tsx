import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const person = { id: '9', first_name: 'Hoda', last_name: 'Fahmy', email: 'support@example.com', phone_number: null, role: 'support' };

const trip = (number: string, time: string, comments = '') => ({
  trip_number: number,
  pickup_time: time,
  pickup: 'Nile Hotel',
  stops: ['Pyramids', 'Museum'],
  traveller: 'منى زكي',
  phone: '+201001234567',
  travellers: 3,
  comments,
  car_class: 'Sedan',
});

const manifest = {
  data: {
    date: '2026-12-01',
    groups: [
      { driver: { id: 'd1', name: 'Karim', phone: '+201009990000', vehicle: 'Toyota Corolla', plate: 'ABC 123' }, trips: [trip('MSH-AAAAAA', '09:00', 'Baby seat'), trip('MSH-BBBBBB', '14:30')] },
      { driver: null, trips: [trip('MSH-CCCCCC', '10:00')] },
    ],
  },
};

function serve() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return Promise.resolve(json(200, { data: person }));
    if (url.pathname === '/api/auth/getadmin') return Promise.resolve(json(200, person));
    if (url.pathname === '/api/admin/manifest') {
      asked.push(url.search);
      return Promise.resolve(json(200, manifest));
    }
    return Promise.resolve(json(403, { message: 'Forbidden' }));
  });
  return asked;
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('the printable manifest', () => {
  it('shows one section per driver with Cairo times in pickup order, the unassigned trips last, a CSV link and a Print button', async () => {
    const asked = serve();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    setTestSession(person);
    renderApp('/admin/manifest?date=2026-12-01');
    const sections = await screen.findAllByTestId('manifest-driver');
    expect(asked).toEqual(['?date=2026-12-01']);
    expect(sections).toHaveLength(2);
    expect(within(sections[0]!).getByRole('heading', { level: 2 })).toHaveTextContent('Karim');
    expect(within(sections[0]!).getAllByTestId('manifest-time').map((el) => el.textContent)).toEqual(['09:00 (Cairo time)', '14:30 (Cairo time)']);
    expect(within(sections[0]!).getByText('Baby seat')).toBeInTheDocument();
    expect(within(sections[1]!).getByRole('heading', { level: 2 })).toHaveTextContent('No driver yet');
    expect(screen.getByTestId('manifest-csv')).toHaveAttribute('href', '/api/admin/manifest?format=csv&date=2026-12-01');
    await userEvent.click(screen.getByTestId('manifest-print'));
    expect(print).toHaveBeenCalledOnce();
  });

  it('reads in Arabic, times labelled Cairo time in Arabic digits', async () => {
    serve();
    act(() => useLocaleStore.getState().setLanguage('ar'));
    setTestSession(person);
    renderApp('/admin/manifest?date=2026-12-01');
    const sections = await screen.findAllByTestId('manifest-driver');
    expect(within(sections[1]!).getByRole('heading', { level: 2 })).toHaveTextContent('بلا سائق بعد');
    const time = within(sections[0]!).getAllByTestId('manifest-time')[0]!.textContent;
    expect(time).toContain('بتوقيت القاهرة');
    expect(time).toMatch(/٩/);
    expect(screen.getByTestId('manifest-csv')).toHaveTextContent('تنزيل ملف CSV');
  });
});
