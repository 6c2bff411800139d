import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';

/** The home content as the admin published it: the office's own numbers. */
const home = {
  data: {
    whatsapp_url: 'https://wa.me/201112223334',
    contact: { phone: '+20227941234', email: 'office@cairo-trips.example', address: '12 Tahrir Square, Cairo' },
    faq: [],
    top_programs: [],
  },
};

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://app.test').pathname;
    const body = path === '/api/home' ? home : path === '/api/me' ? { message: 'Please sign in.' } : { data: [] };
    return Promise.resolve(new Response(JSON.stringify(body), { status: path === '/api/me' ? 401 : 200, headers: { 'Content-Type': 'application/json' } }));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('how to reach the office', () => {
  it('uses the WhatsApp number, phone, e-mail and address the admin published, not placeholders', async () => {
    renderApp('/about');
    const aside = await screen.findByRole('complementary', { name: 'Contact us' });
    const whatsapp = await within(aside).findByRole('link', { name: /WhatsApp/ });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/201112223334\?text=/);
    expect(within(aside).getByRole('link', { name: '+20227941234' })).toHaveAttribute('href', 'tel:+20227941234');
    expect(within(aside).getByRole('link', { name: 'office@cairo-trips.example' })).toHaveAttribute('href', 'mailto:office@cairo-trips.example');
    expect(within(aside).getByText('12 Tahrir Square, Cairo')).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('201000000000');
  });
});
