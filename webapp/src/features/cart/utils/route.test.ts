import { describe, expect, it } from 'vitest';

import { stopRows } from './route';
import { sampleCart } from './sample-cart';

describe('stopRows', () => {
  it('pairs each available stop with the leg reaching it and keeps the drive back apart', () => {
    const { rows, legOut } = stopRows(sampleCart());
    expect(rows.map((row) => [row.item.id, row.legIn?.to])).toEqual([
      ['i1', 'd1'],
      ['i2', undefined],
      ['i3', 'd3'],
    ]);
    expect(legOut?.to).toBe('end');
  });

  it('has no legs for an empty cart', () => {
    const cart = { ...sampleCart(), data: [], trip_calculations: null };
    expect(stopRows(cart)).toEqual({ rows: [], legOut: undefined });
  });
});
