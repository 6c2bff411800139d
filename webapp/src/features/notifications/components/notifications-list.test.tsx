import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import { NotificationsList } from './notifications-list';

vi.mock('../api/notifications', () => ({
  useNotifications: () => ({
    isError: false,
    data: {
      unread: 1,
      readUpTo: 0,
      items: [{ id: 1, kind: 'trip_given', order_id: 'MSH-ABC234', params: { start_at: '2026-12-02T08:00:00Z' }, at: '2026-11-29T10:00:00Z', read: false }],
    },
  }),
  useMarkAllRead: () => ({ isPending: false, mutate: vi.fn() }),
}));

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('ar')));

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
});
