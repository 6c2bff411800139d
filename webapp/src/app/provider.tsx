import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { LoadFailureBoundary } from '@/components/ui/load-failure';
import { MoneyProvider } from '@/components/ui/money';
import { ratesFrom, useCurrencies } from '@/features/currencies/api/get-currencies';
import { i18n, isLanguage } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy-component';
import { createQueryClient } from '@/lib/query-client';
import { toastsWanted } from '@/lib/toast';
import { useCurrencyStore } from '@/stores/currency-store';
import { useLocaleStore } from '@/stores/locale-store';

const LazyToasts = lazyComponent(() => import('./toast-container').then((m) => m.Toasts));

function Money({ children }: { children: ReactNode }) {
  const currency = useCurrencyStore((state) => state.currency);
  const currencies = useCurrencies();
  return (
    <MoneyProvider currency={currency} rates={ratesFrom(currencies.data ?? [])}>
      {children}
    </MoneyProvider>
  );
}

/**
 * Asks the server again, in the new language, for every answer not already keyed by language (the
 * cart's stops and rate plans, an order's places): the server writes names in the language asked, and
 * an answer kept from before the switch would leave them in the old one until it went stale.
 */
function RefreshOnLanguageChange() {
  const client = useQueryClient();
  const language = useLocaleStore((state) => state.language);
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    void client.invalidateQueries({ predicate: (query) => !query.queryKey.some(isLanguage) });
  }, [client, language]);
  return null;
}

/**
 * The toast container, mounted (and downloaded) once the first toast is asked for. Offline it may not
 * load: nothing shows, and it loads when the connection is back (outside every other boundary, a
 * failure here took the whole app down).
 */
function Toasts() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, toastsWanted.get);
  if (!wanted) return null;
  return (
    <LoadFailureBoundary silent>
      <Suspense fallback={null}>
        <LazyToasts />
      </Suspense>
    </LoadFailureBoundary>
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Money>{children}</Money>
        <RefreshOnLanguageChange />
        <Toasts />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
