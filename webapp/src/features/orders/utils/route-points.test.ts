import { describe, expect, it } from 'vitest';

import { orderMapPoints } from './route-points';

const labels = { start: 'Start', end: 'End' };
const stops = [
  { destination_id: 'd1', name: 'Giza Pyramids', lat: 29.9792, lng: 31.1342, visit_minutes: 120 },
  { destination_id: 'd2', name: 'Cairo Tower', lat: 30.0459, lng: 31.2243, visit_minutes: 45 },
];
const tahrir = { name: 'Tahrir Square', lat: 30.0444, lng: 31.2357 };

describe('orderMapPoints', () => {
  it('draws the pickup, the stops numbered in order and a different end', () => {
    const points = orderMapPoints({ pickup: tahrir, stops, end: { name: 'Airport T3', lat: 30.1128, lng: 31.4141 } }, labels, 'en');
    expect(points.map((p) => [p.id, p.label, p.kind])).toEqual([
      ['start', '', 'start'],
      ['stop-0', '1', undefined],
      ['stop-1', '2', undefined],
      ['end', '', 'highlight'],
    ]);
    expect(points[0]?.name).toBe('Tahrir Square');
  });

  it('numbers the stops in Arabic-Indic digits on an Arabic page', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...stops[0]!, destination_id: `d${i}`, lat: 29.9 + i / 100 }));
    const labelsOf = (language: 'en' | 'ar') =>
      orderMapPoints({ pickup: tahrir, stops: many, end: { ...tahrir } }, labels, language)
        .filter((p) => p.id.startsWith('stop-'))
        .map((p) => p.label);
    expect(labelsOf('ar').slice(0, 3)).toEqual(['١', '٢', '٣']);
    expect(labelsOf('ar')[11]).toBe('١٢');
    expect(labelsOf('ar').join('')).not.toMatch(/[0-9]/);
    expect(labelsOf('en')[11]).toBe('12');
  });

  it('ends on the pickup marker when the trip returns there', () => {
    const points = orderMapPoints({ pickup: tahrir, stops, end: { ...tahrir } }, labels, 'en');
    expect(points.map((p) => p.id)).toEqual(['start', 'stop-0', 'stop-1']);
  });

  it('leaves out points the order has no place for', () => {
    const nowhere = { name: '', lat: 0, lng: 0 };
    expect(orderMapPoints({ pickup: nowhere, stops, end: nowhere }, labels, 'en').map((p) => p.id)).toEqual(['stop-0', 'stop-1']);
  });
});
