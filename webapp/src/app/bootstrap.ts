// Wiring done once before the first render: shared modules get their getters
// (they never import stores), and client state is restored from cookies.
import { sessionOf, useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartMirrorStore } from '@/features/cart/stores/cart-mirror-store';
import { configureApiClient } from '@/lib/api-client';
import { syncDocumentLanguage, useLocaleStore } from '@/stores/locale-store';

export function bootstrap(): void {
  configureApiClient({
    getToken: () => useAuthStore.getState().token,
    getLanguage: () => useLocaleStore.getState().language,
    // A 401 to any signed-in request, on any page: the app signs out and says so (SessionEndedNotice).
    getSession: () => sessionOf(useAuthStore.getState()),
    onSessionEnded: (session) => useAuthStore.getState().endSession(session),
  });
  useAuthStore.getState().restoreFromCookie();
  useCartMirrorStore.getState().hydrate();
  syncDocumentLanguage();
}
