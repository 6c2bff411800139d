import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import { NotificationsList } from './notifications-list';

const items = vi.hoisted(() => ({
  list: [] as Array<{ id: number; kind: string; order_id: string; params: Record<string, string>; at: string; read: boolean }>,
}));
const given = { id: 1, kind: 'trip_given', order_id: 'MSH-ABC234', params: { start_at: '2026-12-02T08:00:00Z' }, at: '2026-11-29T10:00:00Z', read: false };

vi.mock('../api/notifications', () => ({
  useNotifications: () => ({
    isError: false,
    data: { unread: 1, readUpTo: 0, items: items.list },
  }),
  useMarkAllRead: () => ({ isPending: false, mutate: vi.fn() }),
}));

beforeEach(() => {
  items.list = [given];
  act(() => useLocaleStore.getState().setLanguage('ar'));
});

function renderBell() {
  render(
    <MemoryRouter>
      <NotificationsList empty={null} onNavigate={() => undefined} />
    </MemoryRouter>,
  );
  return screen.getByRole('link');
}

describe("a driver's bell", () => {
  it('says when the trip given to them picks up, in Cairo time, and leads to their trips', () => {
    render(
      <MemoryRouter>
        <NotificationsList empty={null} onNavigate={() => undefined} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/driver');
    expect(link).toHaveTextContent(/رحلة لك: الانطلاق .*١٠:٠٠.*بتوقيت القاهرة/);
    expect(link).not.toHaveTextContent('·');
  });

  it('says the traveller moved a trip to another day, not that another driver was given it', () => {
    items.list = [{ id: 2, kind: 'trip_moved_away', order_id: 'MSH-ABC234', params: { day: '2026-12-04', by: 'traveller' }, at: '2026-11-29T10:00:00Z', read: false }];
    act(() => useLocaleStore.getState().setLanguage('en'));
    const link = renderBell();
    expect(link).toHaveAttribute('href', '/driver');
    expect(link).toHaveTextContent('The traveller moved this trip to Friday 4 December; it is off your list.');
    expect(link).not.toHaveTextContent(/another driver/);
  });

  it('says so in Arabic, and names the office and its words when it took the trip off the driver', () => {
    items.list = [
      { id: 3, kind: 'trip_moved_away', order_id: 'MSH-ABC234', params: { day: '2026-12-04', by: 'traveller' }, at: '2026-11-29T10:00:00Z', read: false },
      { id: 2, kind: 'trip_taken_off', order_id: 'MSH-ABC235', params: { reason: 'car in the garage' }, at: '2026-11-29T10:00:00Z', read: false },
    ];
    render(
      <MemoryRouter>
        <NotificationsList empty={null} onNavigate={() => undefined} />
      </MemoryRouter>,
    );
    const [moved, takenOff] = screen.getAllByRole('link');
    expect(moved).toHaveTextContent(/نقل المسافر هذه الرحلة إلى الجمعة/);
    expect(moved).not.toHaveTextContent('سائق آخر');
    expect(takenOff).toHaveTextContent(/سحب المكتب هذه الرحلة منك: .*car in the garage/);
  });
});
