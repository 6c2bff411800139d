import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import type { PromoQuery } from '../api/get-promo';

import { PromoCode } from './promo-code';

const asked: PromoQuery[] = [];
const egp = (minor: number) => ({ minor, currency: 'EGP' });

vi.mock('../api/get-promo', () => ({
  usePromo: (query: PromoQuery) => {
    asked.push(query);
    const ready = Boolean(query.code && query.rate_plan_id && query.date && query.time);
    return ready
      ? { isSuccess: true, isError: false, isFetching: false, isPlaceholderData: false, data: { code: query.code, kind: 'percent', percent: 500, amount_off: egp(5000), price_before: egp(100000), price_after: egp(95000) } }
      : { isSuccess: false, isError: false, isFetching: false, isPlaceholderData: false, data: undefined };
  },
}));

beforeEach(() => {
  asked.length = 0;
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the promo code at checkout', () => {
  it('applies the code of the draft again ("Try again" after a failed payment), checked by the server', () => {
    const onChange = vi.fn();
    render(<PromoCode ratePlanId="rp-1" date="2026-12-01" time="10:00" onChange={onChange} initialCode="mishwar5" />);
    expect(screen.getByTestId('promo-input')).toHaveValue('mishwar5');
    expect(asked.at(-1)).toEqual({ code: 'MISHWAR5', rate_plan_id: 'rp-1', date: '2026-12-01', time: '10:00' });
    expect(screen.getByTestId('promo-lines')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith('MISHWAR5');
  });

  it('starts empty without a draft', () => {
    const onChange = vi.fn();
    render(<PromoCode ratePlanId="rp-1" date="2026-12-01" time="10:00" onChange={onChange} />);
    expect(screen.getByTestId('promo-input')).toHaveValue('');
    expect(screen.queryByTestId('promo-lines')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
