// Wiring done once before the first render: shared modules get their getters
// (they never import stores), and client state is restored from cookies.
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartMirrorStore } from '@/features/cart/stores/cart-mirror-store';
import { configureApiClient } from '@/lib/api-client';
import { syncDocumentLanguage, useLocaleStore } from '@/stores/locale-store';

export function bootstrap(): void {
  configureApiClient({
    getToken: () => useAuthStore.getState().token,
    getLanguage: () => useLocaleStore.getState().language,
  });
  useAuthStore.getState().restoreFromCookie();
  useCartMirrorStore.getState().hydrate();
  syncDocumentLanguage();
}
