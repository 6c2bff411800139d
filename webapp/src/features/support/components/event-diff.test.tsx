import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import type { Field } from '../api/support';
import { diffFields } from '../utils/diff';

import { EventDiff } from './event-diff';

const placed: Field[] = [
  { key: 'status', label: 'Status', value: 'Awaiting payment' },
  { key: 'price', label: 'Price', value: 'EGP 1,234.50' },
  { key: 'paid', label: 'Paid', value: 'EGP 0.00' },
  { key: 'hold_until', label: 'Car held until', value: 'Sat 28 Nov 2026, 09:30 Cairo time' },
];
const paid: Field[] = [
  { key: 'status', label: 'Status', value: 'Confirmed' },
  { key: 'price', label: 'Price', value: 'EGP 1,234.50' },
  { key: 'paid', label: 'Paid', value: 'EGP 1,234.50' },
  { key: 'refund_requested', label: 'Refund requested', value: 'Yes' },
];

describe('what an event changed', () => {
  beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

  it('lists the lines that changed, appeared and went away, and not those that stayed', () => {
    expect(diffFields(placed, paid)).toEqual([
      { kind: 'changed', key: 'status', label: 'Status', before: 'Awaiting payment', after: 'Confirmed' },
      { kind: 'changed', key: 'paid', label: 'Paid', before: 'EGP 0.00', after: 'EGP 1,234.50' },
      { kind: 'added', key: 'refund_requested', label: 'Refund requested', after: 'Yes' },
      { kind: 'removed', key: 'hold_until', label: 'Car held until', before: 'Sat 28 Nov 2026, 09:30 Cairo time' },
    ]);
  });

  it('has the first event set every line, and an event that changes nothing change none', () => {
    expect(diffFields(undefined, placed).map((c) => c.kind)).toEqual(['added', 'added', 'added', 'added']);
    expect(diffFields(paid, paid)).toEqual([]);
  });

  it('shows each change readably: the old value struck through, the new one inserted', () => {
    render(<EventDiff changes={diffFields(placed, paid)} />);
    const list = screen.getByTestId('support-diff');
    const status = within(list).getByText('Status').closest('li');
    expect(status).toHaveAttribute('data-change', 'changed');
    expect(status?.querySelector('del')).toHaveTextContent('Awaiting payment');
    expect(status?.querySelector('ins')).toHaveTextContent('Confirmed');
    expect(status).toHaveTextContent('Changed Status Awaiting payment → to Confirmed');
    const held = within(list).getByText('Car held until').closest('li');
    expect(held).toHaveAttribute('data-change', 'removed');
    expect(held).toHaveTextContent('Cleared');
    expect(held?.querySelector('ins')).toBeNull();
    expect(within(list).getByText('Refund requested').closest('li')).toHaveTextContent('Set Refund requested Yes');
    expect(list).not.toHaveTextContent('Price');
    expect(list.textContent).not.toMatch(/[{}"]/);
  });

  it('says so when nothing changed, and speaks Arabic on an Arabic page', () => {
    render(<EventDiff changes={[]} />);
    expect(screen.getByText('Nothing on the order changed.')).toBeInTheDocument();
    act(() => useLocaleStore.getState().setLanguage('ar'));
    expect(screen.getByText('لم يتغير شيء في الطلب.')).toBeInTheDocument();
  });

  it('writes the arrow the way an Arabic line reads', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<EventDiff changes={diffFields(placed, paid)} />);
    const status = screen.getByText('Status').closest('li');
    expect(status).toHaveTextContent('تغيّر');
    expect(status).toHaveTextContent('←');
  });
});
