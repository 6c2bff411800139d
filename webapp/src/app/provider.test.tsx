import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import { AppProvider } from './provider';

function Probe({ queryKey, calls }: { queryKey: string[]; calls: string[] }) {
  const language = useLocaleStore((state) => state.language);
  const answer = useQuery({
    queryKey,
    queryFn: () => {
      calls.push(language);
      return Promise.resolve(`${queryKey.join('/')} in ${language}`);
    },
    staleTime: Infinity,
  });
  return <p>{answer.data}</p>;
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

describe('a change of language', () => {
  it('asks again for the answers not keyed by language, so names come back in the new one', async () => {
    const cart: string[] = [];
    const rates: string[] = [];
    render(
      <AppProvider>
        <Probe queryKey={['cart']} calls={cart} />
        <Probe queryKey={['rates', useLocaleStore.getState().language]} calls={rates} />
      </AppProvider>,
    );
    expect(await screen.findByText('cart in en')).toBeInTheDocument();
    expect(cart).toEqual(['en']);

    act(() => useLocaleStore.getState().setLanguage('ar'));
    await waitFor(() => expect(cart).toEqual(['en', 'ar']));
    // An answer keyed by the language it was asked in is not asked for twice.
    expect(rates).toEqual(['en']);
  });
});
