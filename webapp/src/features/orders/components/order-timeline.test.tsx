import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import { OrderTimeline } from './order-timeline';

const entries = [{ type: 'OrderPlaced', at: '2026-11-28T10:20:00Z', actor_role: 'traveller', data: {} }];

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

describe('what happened to the order', () => {
  it('says when, in Cairo time, labelled as such', () => {
    render(<OrderTimeline entries={entries} />);
    const when = screen.getByTestId('order-timeline').querySelector('time');
    expect(when).toHaveAttribute('dateTime', '2026-11-28T10:20:00Z');
    expect(when).toHaveTextContent('28 Nov 2026, 12:20 (Cairo time)');
  });

  it('labels it in Arabic too', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<OrderTimeline entries={entries} />);
    expect(screen.getByTestId('order-timeline').querySelector('time')).toHaveTextContent(/٢٨.*١٢:٢٠.*\(بتوقيت القاهرة\)$/);
  });
});
