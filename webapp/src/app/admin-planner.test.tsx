import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const admin = { id: '1', first_name: 'Amal', last_name: 'Said', email: 'admin@example.com', phone_number: null, role: 'admin' };
const days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07'];

interface Cause {
  code: string;
  day?: string;
  trip?: string;
  start_at?: string;
  end_at?: string;
}

const trip = (
  id: string,
  driver: { id: string; name: string } | null,
  override: { reason: string; seats: number; needed: number } | null = null,
  releasedReason?: string,
  releasedCause?: Cause,
) => ({
  order_id: id,
  day: '2026-12-01',
  start_at: '2026-12-01T08:00:00Z',
  end_at: '2026-12-01T12:00:00Z',
  customer: 'Mona Zaki',
  phone: '+201001234567',
  travellers: 5,
  rate_plan: { id: 'p', name: 'Family minivan', name_ar: 'ميني فان عائلية' },
  pickup: 'Nile Hotel',
  pickup_ar: 'فندق النيل',
  stops: ['Pyramids'],
  stops_ar: ['الأهرامات'],
  order_status: 'confirmed',
  status: driver ? 'assigned' : 'unassigned',
  stop: 0,
  driver: driver ? { ...driver, phone: '+20100', vehicle: 'Sedan', plate: 'ABC' } : null,
  vehicle_override: override,
  ...(releasedReason ? { released_reason: releasedReason } : {}),
  ...(releasedCause ? { released_cause: releasedCause } : {}),
  steps: [],
  version: 0,
});

const week = {
  data: {
    days,
    previous: '2026-11-24',
    next: '2026-12-08',
    drivers: [
      { id: 'd1', name: 'Karim', vehicle: 'Toyota Corolla', plate: 'ABC 1', seats: 4, trips_per_day: 2, works: days.map(() => true), has_account: true },
      { id: 'd2', name: 'Mina', vehicle: 'Kia Carnival', plate: 'ABC 2', seats: 7, trips_per_day: 1, works: days.map(() => true), has_account: true },
    ],
    trips: [trip('MSH-AAAAAA', null), trip('MSH-BBBBBB', { id: 'd2', name: 'Mina' })],
  },
};

function serve() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const asked: string[] = [];
  const assigned: unknown[] = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return Promise.resolve(json(200, { data: admin }));
    if (url.pathname === '/api/auth/getadmin') return Promise.resolve(json(200, admin));
    if (url.pathname === '/api/admin/planner') {
      asked.push(url.search);
      return Promise.resolve(json(200, week));
    }
    if (url.pathname === '/api/admin/trips/MSH-AAAAAA/driver') {
      const body = JSON.parse(init?.body as string) as { override_vehicle?: string };
      assigned.push(body);
      if (body.override_vehicle) {
        return Promise.resolve(json(200, { data: trip('MSH-AAAAAA', { id: 'd1', name: 'Karim' }, { reason: body.override_vehicle, seats: 4, needed: 7 }) }));
      }
      return Promise.resolve(
        json(422, { message: 'This car has 4 seats: the order booked a Family minivan, which needs 7.', vehicle: { seats: 4, needed: 7, overridable: true } }),
      );
    }
    return Promise.resolve(json(403, { message: 'Forbidden' }));
  });
  return { asked, assigned };
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('the week planner', () => {
  it('lists a day’s trips without a driver and shows the server’s refusal of a car too small on the trip', async () => {
    const { asked, assigned } = serve();
    setTestSession(admin);
    renderApp('/admin/planner?from=2026-12-01');
    const card = await screen.findByTestId('planner-trip-MSH-AAAAAA');
    expect(asked).toEqual(['?from=2026-12-01']);
    expect(within(card).getByText(/Cairo time/)).toBeInTheDocument();
    expect(within(card).getByText(/Family minivan/)).toBeInTheDocument();
    await userEvent.selectOptions(within(card).getByTestId('planner-driver-select'), 'd1');
    await userEvent.click(within(card).getByTestId('planner-assign'));
    expect(await within(card).findByTestId('planner-refusal')).toHaveTextContent('needs 7');
    expect(assigned).toEqual([{ driver_id: 'd1' }]);
    // The assigned trip sits with its driver and offers no picker.
    expect(within(screen.getByTestId('planner-trip-MSH-BBBBBB')).queryByTestId('planner-driver-select')).toBeNull();
  });

  it('sends a car too small only after a confirmation that says the seats and asks why', async () => {
    const { assigned } = serve();
    setTestSession(admin);
    renderApp('/admin/planner?from=2026-12-01');
    const card = await screen.findByTestId('planner-trip-MSH-AAAAAA');
    await userEvent.selectOptions(within(card).getByTestId('planner-driver-select'), 'd1');
    await userEvent.click(within(card).getByTestId('planner-assign'));
    await userEvent.click(await within(card).findByTestId('override-open'));
    // The driver's name is isolated from the sentence around it (first-strong isolate … pop).
    expect(await screen.findByTestId('override-text')).toHaveTextContent('\u2068Karim\u2069’s car has 4 seats; this trip needs 7.');
    const confirm = screen.getByRole('button', { name: 'Assign anyway: 4 seats for 7' });
    await userEvent.click(confirm);
    expect(await screen.findByText('Say why this car will do.')).toBeInTheDocument();
    expect(assigned).toEqual([{ driver_id: 'd1' }]);
    await userEvent.type(screen.getByTestId('override-reason'), 'They travel light');
    await userEvent.click(confirm);
    await vi.waitFor(() => expect(assigned).toEqual([{ driver_id: 'd1' }, { driver_id: 'd1', override_vehicle: 'They travel light' }]));
  });

  it('says on an assigned trip what its car overrode', async () => {
    serve();
    week.data.trips.push(trip('MSH-CCCCCC', { id: 'd1', name: 'Karim' }, { reason: 'They travel light', seats: 4, needed: 7 }));
    try {
      setTestSession(admin);
      renderApp('/admin/planner?from=2026-12-01');
      const card = await screen.findByTestId('planner-trip-MSH-CCCCCC');
      expect(within(card).getByTestId('vehicle-override')).toHaveTextContent('Assigned despite: 4 seats for 7 needed Reason: They travel light');
    } finally {
      week.data.trips.pop();
    }
  });

  it('says on a trip without a driver why its last one was taken off', async () => {
    serve();
    week.data.trips.push(trip('MSH-DDDDDD', null, null, 'the new times overlap trip MSH-EEEEEE (13:00–17:00)'));
    try {
      setTestSession(admin);
      renderApp('/admin/planner?from=2026-12-01');
      const card = await screen.findByTestId('planner-trip-MSH-DDDDDD');
      expect(within(card).getByTestId('taken-off')).toHaveTextContent('Driver taken off: the new times overlap trip MSH-EEEEEE (13:00–17:00)');
      expect(within(screen.getByTestId('planner-trip-MSH-AAAAAA')).queryByTestId('taken-off')).toBeNull();
    } finally {
      week.data.trips.pop();
    }
  });

  // What a rule recorded, as the server answers it: the English words and the cause as data.
  const overlap = trip('MSH-DDDDDD', null, null, 'the new times overlap trip MSH-EEEEEE (13:00–17:00)', {
    code: 'times_overlap',
    trip: 'MSH-EEEEEE',
    start_at: '2026-12-01T11:00:00Z',
    end_at: '2026-12-01T15:00:00Z',
  });
  const moved = trip('MSH-FFFFFF', null, null, 'the trip moved to 2026-12-03', { code: 'moved_to_day', day: '2026-12-03' });
  const unknown = trip('MSH-GGGGGG', null, null, 'the road is closed', { code: 'road_closed' });
  const takenOff = async (id: string) => within(await screen.findByTestId(`planner-trip-${id}`)).getByTestId('taken-off');

  it('says why a rule took a driver off from its cause, the other trip’s times on Cairo’s clock and the new day as the admin writes dates', async () => {
    serve();
    week.data.trips.push(overlap, moved, unknown);
    try {
      setTestSession(admin);
      renderApp('/admin/planner?from=2026-12-01');
      expect(await takenOff('MSH-DDDDDD')).toHaveTextContent('Driver taken off: the new times overlap trip \u2068MSH-EEEEEE\u2069 (13:00–17:00, Cairo time)');
      expect(await takenOff('MSH-FFFFFF')).toHaveTextContent('Driver taken off: the trip moved to 3 Dec 2026');
      // A cause this page does not know: the words recorded with it.
      expect(await takenOff('MSH-GGGGGG')).toHaveTextContent('Driver taken off: the road is closed');
    } finally {
      week.data.trips.splice(-3);
    }
  });

  it('says it in Arabic, in Arabic-Indic digits; an operator’s own words stay as typed', async () => {
    serve();
    week.data.trips.push(overlap, moved, trip('MSH-HHHHHH', null, null, 'السائق مريض'));
    try {
      act(() => useLocaleStore.getState().setLanguage('ar'));
      setTestSession(admin);
      renderApp('/admin/planner?from=2026-12-01');
      const overlapNote = await takenOff('MSH-DDDDDD');
      expect(overlapNote).toHaveTextContent('أُبعد السائق: المواعيد الجديدة تتداخل مع الرحلة \u2068MSH-EEEEEE\u2069 (من ١:٠٠ م إلى ٥:٠٠ م بتوقيت القاهرة)');
      const movedNote = await takenOff('MSH-FFFFFF');
      // The date as the admin writes it in Arabic (ar-EG's medium date, its right-to-left marks included).
      expect(movedNote).toHaveTextContent('أُبعد السائق: نُقلت الرحلة إلى ٠٣\u200f/١٢\u200f/٢٠٢٦');
      for (const note of [overlapNote, movedNote]) expect(note.textContent.replace(/MSH-[A-Z]+/, '')).not.toMatch(/[0-9]|overlap|moved/);
      expect(await takenOff('MSH-HHHHHH')).toHaveTextContent('أُبعد السائق: السائق مريض');
    } finally {
      week.data.trips.splice(-3);
    }
  });

  it('moves a week on and back', async () => {
    const { asked } = serve();
    setTestSession(admin);
    renderApp('/admin/planner?from=2026-12-01');
    await screen.findByTestId('planner-trip-MSH-AAAAAA');
    await userEvent.click(screen.getByTestId('planner-next'));
    await userEvent.click(screen.getByTestId('planner-previous'));
    expect(asked).toContain('?from=2026-12-08');
    expect(asked).toContain('?from=2026-11-24');
  });

  it('reads in Arabic with Arabic places and the time labelled Cairo time', async () => {
    serve();
    act(() => useLocaleStore.getState().setLanguage('ar'));
    setTestSession(admin);
    renderApp('/admin/planner?from=2026-12-01');
    const card = await screen.findByTestId('planner-trip-MSH-AAAAAA');
    expect(card).toHaveTextContent('فندق النيل');
    expect(card).toHaveTextContent('بتوقيت القاهرة');
    expect(card).toHaveTextContent('ميني فان عائلية');
  });
});
