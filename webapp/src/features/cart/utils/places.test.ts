import { describe, expect, it } from 'vitest';

import type { RoutePoint } from '../api/get-cart';

import { choiceOf, customChoice, distanceKm, MAX_POINT_NAME, nearestPlace, startChosen } from './places';

const tower = { id: 'tower', name: 'Cairo Tower', lat: 30.0459, lng: 31.2243 };
const pyramids = { id: 'giza', name: 'Giza Pyramids', lat: 29.9792, lng: 31.1342 };

describe('distanceKm', () => {
  it('measures the great-circle distance', () => {
    // Cairo Tower to the pyramids: about 11.6 km as the crow flies.
    expect(distanceKm(tower, pyramids)).toBeGreaterThan(11);
    expect(distanceKm(tower, pyramids)).toBeLessThan(12.2);
    expect(distanceKm(tower, tower)).toBe(0);
  });
});

describe('nearestPlace', () => {
  it('names a place after the closest known place', () => {
    const near = nearestPlace([pyramids, tower], { lat: 30.05, lng: 31.23 });
    expect(near?.place.id).toBe('tower');
    expect(near?.km).toBeLessThan(1);
  });

  it('finds nothing when every known place is too far', () => {
    expect(nearestPlace([pyramids], { lat: 30.1, lng: 31.4 })).toBeNull();
    expect(nearestPlace([], { lat: 30.1, lng: 31.4 })).toBeNull();
  });
});

describe('customChoice', () => {
  it('cuts the name to what the server keeps, by characters, and rounds the coordinates', () => {
    const long = 'م'.repeat(MAX_POINT_NAME + 10);
    const choice = customChoice(`  ${long} `, { lat: 30.04591234567, lng: 31.22431234567 });
    expect(choice).toEqual({ name: 'م'.repeat(MAX_POINT_NAME), lat: 30.045912, lng: 31.224312 });
  });
});

describe('choiceOf', () => {
  const point = (over: Partial<RoutePoint>): RoutePoint => ({
    kind: 'pickup',
    pickup_point_id: 'p1',
    name: 'Airport T3',
    coordinates: { lat: 30.11, lng: 31.4 },
    default: false,
    same_as_start: false,
    ...over,
  });

  it('reads a chosen pickup point back as its id', () => {
    expect(choiceOf(point({}))).toEqual({ pickup_point_id: 'p1' });
    expect(startChosen(point({}))).toBe(true);
  });

  it('reads a place of the traveller own back as name and coordinates', () => {
    expect(choiceOf(point({ kind: 'custom', pickup_point_id: null, name: 'Home' }))).toEqual({ name: 'Home', lat: 30.11, lng: 31.4 });
  });

  it('treats the admin default as nothing chosen', () => {
    expect(choiceOf(point({ default: true }))).toBeNull();
    expect(startChosen(point({ default: true }))).toBe(false);
    expect(startChosen(null)).toBe(false);
  });
});
