import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { HomeSections } from './home-sections';

function serve(image: string | null) {
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    const body = url.pathname === '/api/home' ? { data: { hero: { title: 'Cairo, your way', subtitle: 'A car and a driver', image } } } : { data: [] };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
}

function renderHome() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <HomeSections />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('the home page’s hero', () => {
  it('shows the picture the operator uploaded, fetched at once and first, in place of the drawing', async () => {
    serve('/uploads/3f2a9c-detail.jpg');
    const { container } = renderHome();
    await screen.findByRole('heading', { level: 1, name: 'Cairo, your way' });
    const hero = container.querySelector('.hero');
    const photo = await vi.waitFor(() => {
      const img = hero?.querySelector('img.hero__photo');
      if (!img) throw new Error('no picture yet');
      return img;
    });
    expect(photo).toHaveAttribute('src', '/uploads/3f2a9c-detail.jpg');
    expect(photo).toHaveAttribute('fetchpriority', 'high');
    expect(photo).toHaveAttribute('loading', 'eager');
    // Decorative: the heading over it says what the page is.
    expect(photo).toHaveAttribute('alt', '');
    expect(hero).toHaveClass('hero--photo');
    expect(hero?.querySelector('.hero__art')).toBeNull();
  });

  it('keeps the drawing when there is no picture', async () => {
    serve(null);
    const { container } = renderHome();
    await screen.findByRole('heading', { level: 1, name: 'Cairo, your way' });
    const hero = container.querySelector('.hero');
    expect(hero?.querySelector('.hero__art')).not.toBeNull();
    expect(hero?.querySelector('img')).toBeNull();
    expect(hero).not.toHaveClass('hero--photo');
  });
});
