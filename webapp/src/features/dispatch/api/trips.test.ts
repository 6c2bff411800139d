import { describe, expect, it } from 'vitest';

import { tripPlaces, type Trip } from './trips';

const trip: Trip = {
  order_id: 'MW-1',
  day: '2026-11-18',
  start_at: '2026-11-18T08:00:00Z',
  customer: 'Omar Fathy',
  phone: '+201001234567',
  pickup: 'Nile Hotel',
  pickup_ar: 'فندق النيل',
  stops: ['Pyramids', 'Museum'],
  stops_ar: ['الأهرامات', ''],
  order_status: 'confirmed',
  status: 'assigned',
  stop: 0,
  steps: [],
  version: 1,
};

describe('tripPlaces', () => {
  it('names the places in Arabic where the order recorded it, in English elsewhere', () => {
    expect(tripPlaces(trip, 'ar')).toEqual({ pickup: 'فندق النيل', stops: ['الأهرامات', 'Museum'] });
  });

  it('names an older trip without Arabic names in English, in Arabic too', () => {
    const old: Trip = { ...trip, pickup_ar: undefined, stops_ar: undefined };
    expect(tripPlaces(old, 'ar')).toEqual({ pickup: 'Nile Hotel', stops: ['Pyramids', 'Museum'] });
  });

  it('names the places in English for an English reader', () => {
    expect(tripPlaces(trip, 'en')).toEqual({ pickup: 'Nile Hotel', stops: ['Pyramids', 'Museum'] });
  });
});
