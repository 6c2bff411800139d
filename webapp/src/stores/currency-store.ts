import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import { BASE_CURRENCY, CURRENCIES, CURRENCY_STORAGE_KEY, type Currency } from '@/config/constants';

interface CurrencyState {
  currency: Currency;
  setCurrency: (currency: Currency) => void;
}

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

export const useCurrencyStore = create<CurrencyState>()(
  persist(
    (set) => ({
      currency: BASE_CURRENCY,
      setCurrency: (currency) => set({ currency }),
    }),
    {
      name: CURRENCY_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ currency: state.currency }),
      merge: (persisted, current) => {
        const stored = (persisted as { currency?: unknown } | undefined)?.currency;
        return { ...current, currency: isCurrency(stored) ? stored : current.currency };
      },
    },
  ),
);
