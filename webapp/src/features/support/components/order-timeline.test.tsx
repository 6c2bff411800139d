import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import type { Moment } from '../api/support';

import { Timeline } from './order-timeline';

let position = 0;
function moment(part: 'order' | 'trip', version: number, fromVersion: number, type: string, typeLabel: string, summary: string, by: string, fields?: Moment['fields']): Moment {
  position += 1;
  return {
    id: `${part}-${version}`,
    stream: part === 'order' ? 'order-MSH-7K3Q9P' : 'dispatch-MSH-7K3Q9P',
    type,
    schema_version: 1,
    version,
    position: { commit: position, prepare: position },
    recorded_at: '2026-12-02T07:00:00Z',
    data: {},
    metadata: { command_id: 'c1' },
    type_label: typeLabel,
    summary,
    actor: { id: '', name: '', role: '', label: by },
    fields,
    part,
    from_version: fromVersion,
  };
}

const confirmed = [{ key: 'status', label: 'Status', value: 'Confirmed' }];
const underway = [{ key: 'status', label: 'Status', value: 'Under way' }];

// The order's and its trip's events as the server merges them: paid (order 2), given to Karim and
// set off (trip 0, 1), the order's own "trip started" (order 3), handed on the road to Hany (trip 2).
function english(): Moment[] {
  return [
    moment('order', 2, 2, 'PaymentReceived', 'Payment received', 'Received EGP 770.40 through sandbox.', 'System', confirmed),
    moment('trip', 0, 3, 'DriverAssigned', 'Driver assigned', 'Given to Karim Adel (Toyota Corolla, plate ABC 123).', 'Nadia Fouad (Admin)'),
    moment('trip', 1, 3, 'TripStarted', 'Driver set off', 'Karim Adel set off at 09:00.', 'Karim Adel (Driver)'),
    moment('order', 3, 3, 'OrderTripStarted', 'Trip started', 'The driver set off at 09:00.', 'System, after a step by Karim Adel (Driver)', underway),
    moment('trip', 2, 4, 'TripHandedOver', 'Handed over to another driver', 'Handed over on the road from Karim Adel to Hany Saleh: flat tyre', 'Nadia Fouad (Admin)'),
  ];
}

function arabic(): Moment[] {
  return [
    moment('order', 2, 2, 'PaymentReceived', 'تم استلام الدفعة', 'استُلم ٧٧٠٫٤٠ ج.م عبر sandbox.', 'النظام', confirmed),
    moment('trip', 0, 3, 'DriverAssigned', 'تم تعيين السائق', 'أُسندت إلى كريم عادل.', 'نادية فؤاد (مدير)'),
    moment('trip', 1, 3, 'ArrivedAtStop', 'الوصول إلى محطة', 'الوصول إلى المحطة ١، أهرامات الجيزة، في ١٠:٠٠ ص.', 'هاني صالح (سائق)'),
    moment('order', 3, 3, 'OrderTripStarted', 'بدأت الرحلة', 'انطلق السائق في ٩:٠٠ ص.', 'النظام، بعد خطوة قام بها كريم عادل (سائق)', underway),
  ];
}

describe('an order’s timeline with its trip', () => {
  beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

  it('lays the trip’s events among the order’s, each tagged, numbered as an event from 1, with who did it', () => {
    render(<Timeline events={english()} upTo={3} withChanges />);
    const items = screen.getAllByTestId('support-event');
    expect(items.map((li) => li.dataset.type)).toEqual(['PaymentReceived', 'DriverAssigned', 'TripStarted', 'OrderTripStarted', 'TripHandedOver']);
    expect(items[0]).toHaveTextContent('Order');
    expect(items[0]).toHaveTextContent('Event 3 · Payment received');
    expect(items[2]).toHaveTextContent('Trip and driver');
    expect(items[2]).toHaveTextContent('Trip event 2 · Driver set off');
    expect(items[2]).toHaveTextContent('By Karim Adel (Driver)');
    expect(items[3]).toHaveTextContent('By System, after a step by Karim Adel (Driver)');
    expect(screen.queryByText(/^v\d/)).toBeNull();
    expect(screen.queryByText(/Version \d/)).toBeNull();
  });

  it('greys out what happened after the replayed version, a trip event from the order version the server says', () => {
    render(<Timeline events={english()} upTo={3} withChanges />);
    const future = screen.getAllByTestId('support-event').filter((li) => li.classList.contains('is-future'));
    expect(future.map((li) => li.dataset.type)).toEqual(['TripHandedOver']);
  });

  it('shows what an order event changed against the order event before it, never against a trip event', () => {
    render(<Timeline events={english()} upTo={4} withChanges />);
    const started = screen.getAllByTestId('support-event')[3]!;
    const diff = within(started).getByTestId('support-diff');
    expect(diff).toHaveTextContent('Confirmed');
    expect(diff).toHaveTextContent('Under way');
    expect(within(screen.getAllByTestId('support-event')[1]!).queryByTestId('support-diff')).toBeNull();
  });

  it('shows the trip and its driver alone, or the order alone', () => {
    render(<Timeline events={english()} upTo={4} />);
    fireEvent.click(screen.getByRole('button', { name: 'The trip and its driver' }));
    expect(screen.getAllByTestId('support-event').map((li) => li.dataset.part)).toEqual(['trip', 'trip', 'trip']);
    expect(screen.getByRole('button', { name: 'The trip and its driver' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'The order' }));
    expect(screen.getAllByTestId('support-event').map((li) => li.dataset.type)).toEqual(['PaymentReceived', 'OrderTripStarted']);
  });

  it('says it in Arabic: the parts, «الحدث ٣», the stop and the driver by name', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<Timeline events={arabic()} upTo={3} withChanges />);
    const items = screen.getAllByTestId('support-event');
    expect(items[0]).toHaveTextContent('الطلب');
    expect(items[0]).toHaveTextContent('الحدث ٣ · تم استلام الدفعة');
    expect(items[2]).toHaveTextContent('الرحلة والسائق');
    expect(items[2]).toHaveTextContent('حدث الرحلة ٢ · الوصول إلى محطة');
    expect(items[2]).toHaveTextContent('الوصول إلى المحطة ١، أهرامات الجيزة');
    expect(items[2]).toHaveTextContent('بواسطة هاني صالح (سائق)');
    expect(items[3]).toHaveTextContent('بواسطة النظام، بعد خطوة قام بها كريم عادل (سائق)');
    // The stream's version stays for engineers under "Details", never as the event's name.
    for (const li of items) expect(li.querySelector('strong')?.textContent).not.toMatch(/الإصدار/);
    expect(screen.getByRole('button', { name: 'الرحلة وسائقها' })).toBeInTheDocument();
  });

  it('numbers a stream opened alone as events, with no parts to choose', () => {
    const alone = english().map(({ part: _part, from_version: _from, ...e }) => e);
    render(<Timeline events={alone} upTo={Number.MAX_SAFE_INTEGER} />);
    expect(screen.getAllByTestId('support-event')[1]).toHaveTextContent('Event 1 · Driver assigned');
    expect(screen.queryByRole('button', { name: 'Everything' })).toBeNull();
  });
});
