import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

// The admin menu folded behind one button on a phone opens in the page's flow: a disclosure.
const admin = { id: '1', first_name: 'Hoda', last_name: 'Fahmy', email: 'admin@example.com', phone_number: null, role: 'admin' };

beforeEach(() => {
  setTestSession(admin);
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://app.test').pathname;
    if (path === '/api/me') return json({ data: admin });
    if (path === '/api/auth/getadmin') return json(admin);
    if (path === '/api/admin/orders') return json({ data: [], total: 0 });
    return json({ message: 'Forbidden' }, 403);
  });
});
afterEach(() => {
  setTestSession(null);
  vi.unstubAllGlobals();
});

describe('the admin menu on a phone', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`is a disclosure: its button expands and controls it, and Escape folds it and gives the focus back to the button (${lang})`, async () => {
      act(() => useLocaleStore.getState().setLanguage(lang));
      const user = userEvent.setup();
      renderApp('/admin/purchase_order');
      const toggle = await screen.findByTestId('admin-menu-toggle');
      const nav = screen.getByRole('navigation', { name: i18n.t('admin.navLabel', { lng: lang }) });
      expect(toggle).toHaveAttribute('aria-controls', nav.id);
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // Into its links, and on past them into the screen: it stays open, part of the page.
      await user.tab();
      expect(nav).toContainElement(document.activeElement as HTMLElement);
      await user.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });
  }
});
