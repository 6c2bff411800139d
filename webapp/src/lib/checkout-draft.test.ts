import { describe, expect, it } from 'vitest';

import { clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft } from './checkout-draft';

function memory(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('checkout draft', () => {
  it('keeps the rate plan, date, time and terms until the trip is paid for', () => {
    const storage = memory();
    saveCheckoutDraft({ rate_id: 'rp-1', date: '2026-12-01', time: '10:00', terms: true }, storage);
    expect(readCheckoutDraft(storage)).toEqual({ rate_id: 'rp-1', date: '2026-12-01', time: '10:00', terms: true });
    clearCheckoutDraft(storage);
    expect(readCheckoutDraft(storage)).toBeNull();
  });

  it('keeps the promo code the server accepted with the rest', () => {
    const storage = memory();
    saveCheckoutDraft({ rate_id: 'rp-1', date: '2026-12-01', time: '10:00', terms: true, promo_code: 'MISHWAR5' }, storage);
    expect(readCheckoutDraft(storage)).toMatchObject({ rate_id: 'rp-1', promo_code: 'MISHWAR5' });
  });

  it('ignores what is not a draft', () => {
    const storage = memory();
    storage.setItem('mishwar.checkout-draft', '[1,2]');
    expect(readCheckoutDraft(storage)).toBeNull();
    storage.setItem('mishwar.checkout-draft', '{"date":"2026-12-01","n":3,"o":{}}');
    expect(readCheckoutDraft(storage)).toEqual({ date: '2026-12-01' });
    storage.setItem('mishwar.checkout-draft', 'not json');
    expect(readCheckoutDraft(storage)).toBeNull();
  });
});
