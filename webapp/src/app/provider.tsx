import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { MoneyProvider } from '@/components/ui/money';
import { ratesFrom, useCurrencies } from '@/features/currencies/api/get-currencies';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { toastsWanted } from '@/lib/toast';
import { useCurrencyStore } from '@/stores/currency-store';

const LazyToasts = lazy(() => import('./toast-container').then((m) => ({ default: m.Toasts })));

function Money({ children }: { children: ReactNode }) {
  const currency = useCurrencyStore((state) => state.currency);
  const currencies = useCurrencies();
  return (
    <MoneyProvider currency={currency} rates={ratesFrom(currencies.data ?? [])}>
      {children}
    </MoneyProvider>
  );
}

/** The toast container, mounted (and downloaded) once the first toast is asked for. */
function Toasts() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, toastsWanted.get);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToasts />
    </Suspense>
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Money>{children}</Money>
        <Toasts />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
