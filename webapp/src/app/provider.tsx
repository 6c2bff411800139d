import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
// The same entry as every `toast(...)` call: the unstyled entry is a separate bundle with its own
// store, and toasts sent through one never reach a container from the other.
import { Bounce, ToastContainer } from 'react-toastify';

import { MoneyProvider } from '@/components/ui/money';
import { PHONE_MEDIA_QUERY, TOAST_AUTOCLOSE_DESKTOP_MS, TOAST_AUTOCLOSE_PHONE_MS } from '@/config/constants';
import { ratesFrom, useCurrencies } from '@/features/currencies/api/get-currencies';
import { useMediaQuery } from '@/hooks/use-media-query';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useCurrencyStore } from '@/stores/currency-store';
import { useLocaleStore } from '@/stores/locale-store';

import 'react-toastify/ReactToastify.css';

function Money({ children }: { children: ReactNode }) {
  const currency = useCurrencyStore((state) => state.currency);
  const currencies = useCurrencies();
  return (
    <MoneyProvider currency={currency} rates={ratesFrom(currencies.data ?? [])}>
      {children}
    </MoneyProvider>
  );
}

/** Spec section 9: toasts close after 5 s on desktops and 2 s on phones. */
export function Toasts() {
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const rtl = useLocaleStore((state) => state.language) === 'ar';
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : rtl ? 'top-left' : 'top-right'}
      autoClose={phone ? TOAST_AUTOCLOSE_PHONE_MS : TOAST_AUTOCLOSE_DESKTOP_MS}
      rtl={rtl}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss
      transition={Bounce}
      theme="light"
    />
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
