import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import type { Trip } from '../api/types';

import { PendingChange } from './pending-change';

const money = (amount: number) => ({ amount, minor: amount * 100, currency: 'EGP' });
const tahrir = { name: 'Tahrir', lat: 30.04, lng: 31.23 };
const trip = (date: string, time: string, rate: { id: string; name: string }, stops: Trip['stops'] = []): Trip => ({
  start_at: `${date}T${time}:00+02:00`, date, time, pickup: tahrir, end: tahrir, stops,
  rate_plan: { ...rate, price_per_km: money(10), waiting_per_hour: money(50) },
  total_distance: 40, total_duration: 60, drive_minutes: 60, total_waiting_hours: 2, distance_cost: money(400), waiting_cost: money(100), total: money(500),
});
const SEDAN = { id: 'r1', name: 'Sedan' };
const VAN = { id: 'r2', name: 'Van' };
const VAN_AR = { id: 'r2', name: 'ميني فان' };
type Changes = { when?: boolean; rate_plan?: boolean; itinerary?: boolean };
// The server says what the change alters (order.ChangeOf); the page names exactly that.
const change = (to: Trip, changes: Changes) => ({
  trip: to, difference: money(380.95), hold_until: '2026-12-02T06:00:00Z', changes: { when: false, rate_plan: false, itinerary: false, ...changes },
});

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

describe('a change waiting for payment', () => {
  it('names the new rate plan, and no date, when only the car class changes', () => {
    render(<PendingChange change={change(trip('2026-12-11', '10:00', VAN), { rate_plan: true })} />);
    expect(screen.getByTestId('pending-change-rate')).toHaveTextContent('Van');
    expect(screen.getByText('New rate plan')).toBeInTheDocument();
    expect(screen.queryByTestId('pending-change-when')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pending-change-route')).not.toBeInTheDocument();
    expect(screen.getByTestId('pending-change')).toHaveTextContent(/To pay:.*380\.95/);
  });

  it('names the new date and time in Cairo time, and no rate plan, when only the time changes', () => {
    render(<PendingChange change={change(trip('2026-12-12', '14:30', SEDAN), { when: true })} />);
    expect(screen.getByTestId('pending-change-when')).toHaveTextContent('Saturday, 12 December 2026 · 14:30 (Cairo time)');
    expect(screen.queryByTestId('pending-change-rate')).not.toBeInTheDocument();
  });

  it('names the new itinerary when the stops change', () => {
    const stop = { destination_id: 'd1', name: 'Giza Pyramids', lat: 29.97, lng: 31.13, visit_minutes: 60 };
    render(<PendingChange change={change(trip('2026-12-11', '10:00', SEDAN, [stop]), { itinerary: true })} />);
    expect(screen.getByTestId('pending-change-route')).toHaveTextContent('Tahrir → Giza Pyramids → Tahrir');
  });

  it('names a moved pickup point as a new itinerary when the server says the itinerary changes, whatever its name', () => {
    // Another hotel of the same name: the page cannot tell by the name, the server tells by the point.
    render(<PendingChange change={change(trip('2026-12-11', '10:00', SEDAN), { itinerary: true })} />);
    expect(screen.getByTestId('pending-change-route')).toHaveTextContent('Tahrir → Tahrir');
    expect(screen.queryByTestId('pending-change-when')).not.toBeInTheDocument();
  });

  it('says it in Arabic, with the rate plan as the page names it', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<PendingChange change={change(trip('2026-12-11', '10:00', VAN_AR), { rate_plan: true })} />);
    expect(screen.getByText('خطة الأسعار الجديدة')).toBeInTheDocument();
    expect(screen.getByTestId('pending-change-rate')).toHaveTextContent('ميني فان');
    expect(screen.queryByTestId('pending-change-when')).not.toBeInTheDocument();
  });
});
