import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { paths, signInPath } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useAddToCart } from '../api/add-to-cart';
import { useCartMirrorStore } from '../stores/cart-mirror-store';

interface AddToCartButtonProps {
  destinationId: string;
  signedIn: boolean;
  block?: boolean;
  size?: 'sm' | 'md';
}

/** "Add to trip", with the spec's messages for every outcome (section 8). */
export function AddToCartButton({ destinationId, signedIn, block, size = 'md' }: AddToCartButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const add = useAddToCart();
  const inCart = useCartMirrorStore((state) => state.ids.includes(destinationId));
  // The link takes the button's place once the destination is in the trip: a keyboard on the button
  // moves to the link, where it would otherwise fall to the page's start (the button is gone).
  const buttonFocused = useRef(false);
  const takeFocus = (link: HTMLAnchorElement | null) => {
    if (!link || !buttonFocused.current) return;
    buttonFocused.current = false;
    link.focus();
  };

  if (signedIn && inCart) {
    return (
      <ButtonLink ref={takeFocus} to={paths.trip} variant="secondary" size={size} block={block} icon={<Icon name="check" size={18} />}>
        {t('cart.inTrip')}
      </ButtonLink>
    );
  }
  const onClick = () => {
    if (!signedIn) {
      // The spec's words, then the way on: sign in (or up) and come back to this page.
      toast.error(t('cart.mustSignIn'));
      void navigate(signInPath(paths.signIn, pathname + search));
      return;
    }
    add.mutate(destinationId, {
      onSuccess: (answer) => toast.success(answer.message || t('cart.added')),
      onError: (error) => {
        // A 401: the session ended, which the app says itself (lib/api-client, SessionEndedNotice).
        if (isApiError(error) && error.status === 401) return;
        if (isApiError(error) && error.status === 409) {
          useCartMirrorStore.getState().add(destinationId);
          toast.info(error.message);
        } else {
          toast.error(t('cart.addFailed'));
        }
      },
    });
  };
  return (
    <Button
      onClick={onClick}
      onFocus={() => (buttonFocused.current = true)}
      onBlur={() => (buttonFocused.current = false)}
      loading={add.isPending}
      block={block}
      size={size}
      icon={<Icon name="plus" size={18} />}
    >
      {t('cart.addToTrip')}
    </Button>
  );
}
