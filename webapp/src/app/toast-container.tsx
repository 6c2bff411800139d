// react-toastify's container and styles, loaded by the app provider with the first toast.
import { Bounce, ToastContainer } from 'react-toastify';

import { PHONE_MEDIA_QUERY, TOAST_AUTOCLOSE_DESKTOP_MS, TOAST_AUTOCLOSE_PHONE_MS } from '@/config/constants';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useLocaleStore } from '@/stores/locale-store';

import 'react-toastify/ReactToastify.css';
import './toasts.css';

/**
 * Spec section 9: toasts close after 5 s on desktops and 2 s on phones. They sit at the bottom so
 * they never cover the header's account, cart and bell buttons: a toast under the pointer pauses
 * (pauseOnHover), so one over a button would hold that button hidden for as long as the pointer
 * rests there.
 */
export function Toasts() {
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  const rtl = useLocaleStore((state) => state.language) === 'ar';
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : rtl ? 'bottom-left' : 'bottom-right'}
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
